import { defineRoute } from '#commons/http';
import { actualizarPerfilPropio } from './store';

export const handler = defineRoute('actualizar-perfil', async ({ body, caller }) => actualizarPerfilPropio(caller, body));
