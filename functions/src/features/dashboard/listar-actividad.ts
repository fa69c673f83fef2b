import { defineRoute } from '#commons/http';
import { listarActividad } from './store';

export const handler = defineRoute('listar-actividad', async ({ query }) => listarActividad(query));
