import { defineRoute } from '#commons/http';
import { getClienteDetalle } from './store';

export const handler = defineRoute('obtener-cliente', async ({ params }) => getClienteDetalle(params.id));
