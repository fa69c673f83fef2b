import { defineRoute } from '#commons/http';
import { enviarCampana } from './store';

export const handler = defineRoute('enviar-campana', async ({ params, caller }) => enviarCampana(params.id, caller));
