import { defineRoute } from '#commons/http';
import { obtenerMonitoreo } from './store';

export const handler = defineRoute('obtener-monitoreo', async ({ caller }) => obtenerMonitoreo(caller.userId));
