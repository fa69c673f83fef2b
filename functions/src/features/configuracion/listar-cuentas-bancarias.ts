import { defineRoute } from '#commons/http';
import { rutaListarCuentasBancarias } from './routes';
import { listCuentasBancarias } from './store';

export const handler = defineRoute(rutaListarCuentasBancarias, async ({ query }) => listCuentasBancarias(query));
