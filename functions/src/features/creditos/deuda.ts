import type { DeudaCredito } from '@cuota/shared';
import { diasAtraso, maximoAplicable, pendiente, porNumero, type CuotaSaldo } from '#features/cierre/index';

/**
 * What the customer owes on a business date, from the credit's cuotas. Pure and exact (integer
 * céntimos, sums only), so the portal card, the staff detail and the payment dialog show the
 * same numbers the payment engine works with:
 *
 * - vencido: the unpaid mora, interés and capital of the cuotas due BEFORE `fecha` (a cuota due
 *   on `fecha` itself is the next cuota, not overdue); its sum is the monto para ponerse al día.
 * - proxima_cuota: the first unpaid cuota due on or after `fecha`, with what is still pending of
 *   it. The amount is capped at what a payment may still take beyond the catch-up: that only
 *   binds when the cuota due before it was paid ahead and it is the last one, so its interest is
 *   not payable yet (the engine forgives it once its capital is prepaid).
 * - total_adeudado: the most a payment may be on `fecha` (maximoAplicable: all mora, the interés
 *   of the payable cuotas, all capital left), the very limit a reported payment is checked against.
 */
export function deudaCredito(cuotas: readonly CuotaSaldo[], fecha: string): DeudaCredito {
  const impagas = cuotas.filter((c) => !c.pagada).sort(porNumero);
  const vencidas = impagas.filter((c) => c.fecha_vencimiento < fecha);
  const vencido = { capital_centimos: 0, interes_centimos: 0, mora_centimos: 0 };
  for (const c of vencidas) {
    const p = pendiente(c);
    vencido.capital_centimos += p.capital;
    vencido.interes_centimos += p.interes;
    vencido.mora_centimos += p.mora;
  }
  const alDia = vencido.capital_centimos + vencido.interes_centimos + vencido.mora_centimos;
  const total = maximoAplicable(cuotas, fecha);
  const siguiente = impagas.find((c) => c.fecha_vencimiento >= fecha);
  return {
    fecha,
    vencido,
    monto_al_dia_centimos: alDia,
    cuotas_vencidas: vencidas.length,
    dias_mora: Math.max(0, ...vencidas.map((c) => diasAtraso(c, fecha))),
    proxima_cuota: siguiente
      ? {
          numero_cuota: siguiente.numero_cuota,
          fecha_vencimiento: siguiente.fecha_vencimiento,
          monto_pendiente_centimos: Math.min(pendiente(siguiente).total, total - alDia),
        }
      : null,
    total_adeudado_centimos: total,
  };
}
