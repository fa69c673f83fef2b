import { defineRoute } from '#commons/http';
import { listarCampanas } from './store';

export const handler = defineRoute('listar-campanas', async ({ query }) => listarCampanas(query));
