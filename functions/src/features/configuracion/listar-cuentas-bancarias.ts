import { defineRoute } from '#commons/http';
import { rutaListarCuentasBancarias } from './routes';
import { listarCuentasBancarias } from './store';

export const handler = defineRoute(rutaListarCuentasBancarias, async ({ query }) => listarCuentasBancarias(query));
