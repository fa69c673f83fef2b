import { defineRoute } from '#commons/http';
import { listCuentasBancarias } from './store';

export const handler = defineRoute('listar-cuentas-bancarias', async ({ query }) => listCuentasBancarias(query));
