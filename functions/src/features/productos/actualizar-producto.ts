import { defineRoute } from '#commons/http';
import { updateProducto } from './store';

export const handler = defineRoute('actualizar-producto', async ({ params, body, caller }) =>
  updateProducto(params.id, body, caller),
);
