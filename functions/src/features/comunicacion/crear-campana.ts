import { defineRoute } from '#commons/http';
import { crearCampana } from './store';

export const handler = defineRoute('crear-campana', async ({ body, caller }) => crearCampana(body, caller));
