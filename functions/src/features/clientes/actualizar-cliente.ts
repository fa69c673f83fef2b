import { defineRoute } from '#commons/http';
import { updateCliente } from './store';

export const handler = defineRoute('actualizar-cliente', async ({ params, body }) => updateCliente(params.id, body));
