import { created, defineRoute } from '#commons/http';
import { createProducto } from './store';

export const handler = defineRoute('crear-producto', async ({ body, caller }) => created(await createProducto(body, caller)));
