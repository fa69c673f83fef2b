import type { DeudaCredito } from '@cuota/shared/schemas/creditos';
import type { ExcedentePago } from '@cuota/shared/schemas/pagos';
import { liquidacionTexts } from '@cuota/shared/texts/liquidacion';
import { useId } from 'react';
import { montoColonesSchema } from '../lib/monto';

const l = liquidacionTexts;

/** What is due on the credit today: overdue plus the next cuota (beyond it a payment prepays capital). */
export function montoExigible(deuda: DeudaCredito | undefined): number | null {
  if (!deuda) return null;
  return deuda.monto_al_dia_centimos + (deuda.proxima_cuota?.monto_pendiente_centimos ?? 0);
}

/** Whether `centimos` is more than what is due (then the customer chooses what the excess does). */
export function superaLoExigible(centimos: number, deuda: DeudaCredito | undefined): boolean {
  const exigible = montoExigible(deuda);
  return exigible !== null && centimos > exigible;
}

/** The same for the amount as typed. */
export function excedeLoExigible(monto: string, deuda: DeudaCredito | undefined): boolean {
  const r = montoColonesSchema.safeParse(monto);
  return r.success && superaLoExigible(r.data, deuda);
}

/**
 * '¿Qué hacemos con lo que pagas de más?': reducir el plazo (same cuota, it ends sooner) or
 * reducir la cuota (same term, lower cuotas). Interest from then on is on the actual balance.
 */
export function ExcedenteOpciones({
  valor,
  onValor,
  disabled,
}: {
  valor: ExcedentePago;
  onValor: (v: ExcedentePago) => void;
  disabled?: boolean;
}) {
  const nombre = useId();
  const opciones: Array<[ExcedentePago, string]> = [
    ['reducir_plazo', l.reducirPlazo],
    ['reducir_cuota', l.reducirCuota],
  ];
  return (
    <fieldset className="grid gap-2 rounded-md border p-3" disabled={disabled}>
      <legend className="px-1 text-sm font-medium">{l.excedente}</legend>
      {opciones.map(([v, texto]) => (
        <label key={v} className="flex items-start gap-2 text-sm">
          <input type="radio" name={nombre} value={v} checked={valor === v} onChange={() => onValor(v)} className="mt-1" />
          <span>{texto}</span>
        </label>
      ))}
    </fieldset>
  );
}
