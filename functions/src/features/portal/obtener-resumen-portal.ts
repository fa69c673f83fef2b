import { defineRoute } from '#commons/http';
import { rutaObtenerResumenPortal } from './routes';
import { clientePropio } from '#features/clientes/index';
import { resumenPortal } from './store';

export const handler = defineRoute(rutaObtenerResumenPortal, async ({ caller }) => resumenPortal(await clientePropio(caller)));
