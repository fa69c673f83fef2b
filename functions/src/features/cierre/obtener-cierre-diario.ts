import { defineRoute } from '#commons/http';
import { rutaObtenerCierreDiario } from './routes';
import { fechaHoy } from './cartera';
import { fechasPendientes, ultimoCierre } from './store';

/** GET /api/cierre-diario (admin): what the close has done and what it still has to do (two reads). */
export const handler = defineRoute(rutaObtenerCierreDiario, async () => {
  const [hoy, ultimo] = await Promise.all([fechaHoy(), ultimoCierre()]);
  const pendientes = ultimo && ultimo >= hoy ? 0 : fechasPendientes(ultimo, hoy).length;
  return { fecha_negocio: hoy, ultimo_cierre: ultimo, pendientes };
});
