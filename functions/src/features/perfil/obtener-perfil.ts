import { defineRoute } from '#commons/http';
import { perfilPropio } from './store';

export const handler = defineRoute('obtener-perfil', async ({ caller }) => perfilPropio(caller));
