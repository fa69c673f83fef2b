import { defineRoute } from '#commons/http';
import { listSolicitudes } from './store';

export const handler = defineRoute('listar-solicitudes', async ({ query }) => listSolicitudes(query));
