import { defineRoute } from '#commons/http';
import { setProductoActivo } from './store';

export const handler = defineRoute('cambiar-estado-producto', async ({ params, body, caller }) =>
  setProductoActivo(params.id, body.activo, caller),
);
