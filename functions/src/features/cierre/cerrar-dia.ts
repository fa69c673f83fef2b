import { TEXTS } from '@cuota/shared';
import { ValidationError } from '#commons/errors';
import { defineRoute } from '#commons/http';
import { fechaHoy } from './cartera';
import { ejecutarCierres } from './store';

/** POST /api/cierre-diario (admin): closes every pending business date up to `fecha` (default today) now. */
export const handler = defineRoute('cerrar-dia', async ({ body }) => {
  const hoy = await fechaHoy();
  const fecha = body.fecha ?? hoy;
  if (fecha > hoy) throw new ValidationError({ fecha: TEXTS.cierre.fechaFutura });
  return { fechas: await ejecutarCierres(fecha) };
});
