import { defineRoute } from '#commons/http';
import { obtenerDashboard } from './store';

export const handler = defineRoute('obtener-dashboard', async () => obtenerDashboard());
