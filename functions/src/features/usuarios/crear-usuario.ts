import { created, defineRoute } from '#commons/http';
import { createUsuario } from './store';

export const handler = defineRoute('crear-usuario', async ({ body, caller }) => created(await createUsuario(body, caller)));
