import { formatDate } from '@cuota/shared/format';
import { formatCRC, leerMonto, montoEditable } from '@cuota/shared/montos';
import type { DeudaCredito } from '@cuota/shared/schemas/creditos';
import { deudaTexts } from '@cuota/shared/texts/deuda';
import { RadioCard, RadioCards } from '@cuota/shared/ui/radio-cards';
import { useId, useState } from 'react';

const t = deudaTexts;

export type OpcionMonto = 'al_dia' | 'proxima' | 'otro';

/** The server's amount of a choice ('otro' has none, nor a choice the credit does not have). */
export function montoDeOpcion(deuda: DeudaCredito, opcion: OpcionMonto): number | null {
  if (opcion === 'al_dia') return deuda.monto_al_dia_centimos > 0 ? deuda.monto_al_dia_centimos : null;
  if (opcion === 'proxima') return deuda.proxima_cuota?.monto_pendiente_centimos || null;
  return null;
}

/** What the dialog opens with: catching up when something is overdue, else the next cuota. */
export function opcionInicial(deuda: DeudaCredito): OpcionMonto {
  if (montoDeOpcion(deuda, 'al_dia') !== null) return 'al_dia';
  if (montoDeOpcion(deuda, 'proxima') !== null) return 'proxima';
  return 'otro';
}

export interface OpcionesMontoProps {
  deuda: DeudaCredito;
  /** The amount field's current text. */
  monto: string;
  /**
   * Puts a text in the amount field: the choice's amount, or '' for 'Otro monto'. Focus stays on
   * the choices (the arrow keys go on through them); the field is the next Tab stop.
   */
  onMonto: (texto: string) => void;
  disabled?: boolean;
}

/**
 * 'Ponerse al día', 'Próxima cuota' and 'Otro monto' as one-tap choices above the amount field.
 * The amounts are the server's (deuda), put in the field as they are. A choice stays checked
 * while the field holds its amount; typing another amount checks 'Otro monto'.
 */
export function OpcionesMonto({ deuda, monto, onMonto, disabled }: OpcionesMontoProps) {
  const tituloId = useId();
  const [opcion, setOpcion] = useState<OpcionMonto>(() => opcionInicial(deuda));
  const propio = montoDeOpcion(deuda, opcion);
  const lectura = leerMonto(monto);
  const elegida: OpcionMonto = propio !== null && lectura.ok && lectura.centimos === propio ? opcion : 'otro';
  const alDia = montoDeOpcion(deuda, 'al_dia');
  const proxima = deuda.proxima_cuota;

  function elegir(valor: string) {
    const nueva = valor as OpcionMonto;
    setOpcion(nueva);
    const centimos = montoDeOpcion(deuda, nueva);
    onMonto(centimos === null ? '' : montoEditable(centimos));
  }

  return (
    <div className="grid gap-2">
      <p id={tituloId} className="text-sm font-medium">
        {t.opciones}
      </p>
      <RadioCards
        aria-labelledby={tituloId}
        value={elegida}
        onValueChange={elegir}
        disabled={disabled}
        className="sm:grid-cols-3"
      >
        <RadioCard value="al_dia" disabled={alDia === null}>
          <span className="font-medium">{t.ponerseAlDia}</span>
          <span className="text-muted-foreground tabular-nums">{alDia === null ? t.nadaVencido : formatCRC(alDia)}</span>
        </RadioCard>
        <RadioCard value="proxima" disabled={montoDeOpcion(deuda, 'proxima') === null}>
          <span className="font-medium">{t.proxima}</span>
          {proxima && proxima.monto_pendiente_centimos > 0 ? (
            <>
              <span className="text-muted-foreground tabular-nums">{formatCRC(proxima.monto_pendiente_centimos)}</span>
              <span className="text-xs text-muted-foreground">{t.vence(formatDate(proxima.fecha_vencimiento))}</span>
            </>
          ) : (
            <span className="text-muted-foreground">{t.sinCuota}</span>
          )}
        </RadioCard>
        <RadioCard value="otro">
          <span className="font-medium">{t.otroMonto}</span>
          <span className="text-muted-foreground tabular-nums">{t.otroMontoHasta(formatCRC(deuda.total_adeudado_centimos))}</span>
        </RadioCard>
      </RadioCards>
      {elegida === 'proxima' && alDia !== null ? <p className="text-xs text-muted-foreground">{t.aplicaPrimeroVencido}</p> : null}
    </div>
  );
}
