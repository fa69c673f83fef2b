import { defineRoute } from '#commons/http';
import { listCreditos } from './store';

export const handler = defineRoute('listar-creditos', async ({ query }) => listCreditos(query));
