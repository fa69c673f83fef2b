import { defineRoute } from '#commons/http';
import { rutaAsignarCobranza } from './routes';
import { asignarCobranza } from './service';

export const handler = defineRoute(rutaAsignarCobranza, async ({ body, caller }) => asignarCobranza(body, caller));
