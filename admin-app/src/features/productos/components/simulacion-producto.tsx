import { condicionesDelCredito, type CondicionesDelCredito } from '@cuota/shared/domain/condiciones';
import { fechaNegocio } from '@cuota/shared/domain/fechas';
import { formatDate, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC, leerMonto, montoEditable } from '@cuota/shared/montos';
import type { ProductoDetalle } from '@cuota/shared/schemas/productos';
import { productosPageTexts } from '@cuota/shared/texts/productosPage';
import { CampoTexto, MontoField, TablaConEncabezado, TableCell, TableHead, TableRow } from '@cuota/shared/ui';
import { useId, useMemo, useState } from 'react';

const t = productosPageTexts;
const s = t.simulacion;

/**
 * The product's price for one amount and term, disbursed today, from the same shared function
 * the disbursement uses (condicionesDelCredito): null when the amount or term is outside the
 * product's ranges or the fee would take the whole amount.
 */
export function simularProducto(
  producto: ProductoDetalle,
  montoTexto: string,
  plazoTexto: string,
  hoy: string,
): CondicionesDelCredito | null {
  const lectura = leerMonto(montoTexto);
  const plazo = Number(plazoTexto.trim());
  if (!lectura.ok || !Number.isInteger(plazo)) return null;
  const monto = lectura.centimos;
  if (monto < producto.monto_minimo_centimos || monto > producto.monto_maximo_centimos) return null;
  if (plazo < producto.plazo_minimo_meses || plazo > producto.plazo_maximo_meses) return null;
  try {
    return condicionesDelCredito({
      montoAprobadoCentimos: monto,
      tasaAnual: producto.tasa_interes_anual,
      plazoMeses: plazo,
      metodo: producto.metodo_amortizacion,
      fechaDesembolso: hoy,
      producto,
    });
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

function Dato({ label, value, destacado = false }: { label: string; value: string; destacado?: boolean }) {
  return (
    <div className="rounded-lg bg-muted/60 p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className={destacado ? 'text-xl font-semibold tabular-nums' : 'text-base font-semibold tabular-nums'}>{value}</dd>
    </div>
  );
}

/** Simulación in the products screen: amount and term in, cuota, fee, net, total cost, TAE and schedule out. */
export function SimulacionProducto({ producto }: { producto: ProductoDetalle }) {
  const [monto, setMonto] = useState('');
  const [plazo, setPlazo] = useState(String(producto.plazo_minimo_meses));
  const hoy = useMemo(() => fechaNegocio(new Date()), []);
  const c = simularProducto(producto, monto, plazo, hoy);
  const resultadoId = useId();
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{s.descripcion}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <MontoField
          label={s.monto}
          hint={s.rango(formatCRC(producto.monto_minimo_centimos), formatCRC(producto.monto_maximo_centimos))}
          valor={monto}
          placeholder={montoEditable(producto.monto_minimo_centimos)}
          onChange={(e) => setMonto(e.target.value)}
        />
        <CampoTexto
          label={s.plazo}
          hint={s.rango(String(producto.plazo_minimo_meses), String(producto.plazo_maximo_meses))}
          type="number"
          step="1"
          min={producto.plazo_minimo_meses}
          max={producto.plazo_maximo_meses}
          inputMode="numeric"
          value={plazo}
          onChange={(e) => setPlazo(e.target.value)}
        />
      </div>
      <section aria-live="polite" aria-labelledby={resultadoId} className="grid gap-4">
        <h3 id={resultadoId} className="sr-only">
          {s.titulo(producto.nombre)}
        </h3>
        {!c ? (
          <p className="text-sm text-amber-800">{s.invalido}</p>
        ) : (
          <>
            <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 sm:grid-cols-3">
              <Dato destacado label={s.cuota} value={formatCRC(c.cuota_centimos)} />
              <Dato label={s.comision} value={formatCRC(c.comision_centimos)} />
              <Dato label={s.neto} value={formatCRC(c.neto_centimos)} />
              <Dato label={s.principal} value={formatCRC(c.principal_centimos)} />
              <Dato label={s.costoTotal} value={formatCRC(c.costo_total_centimos)} />
              <Dato label={s.tae} value={formatPorcentaje(c.tae)} />
            </dl>
            <div className="overflow-x-auto">
              <TablaConEncabezado
                aria-label={s.calendario}
                encabezado={
                  <>
                    <TableHead className="px-2">{s.numero}</TableHead>
                    <TableHead className="hidden px-2 sm:table-cell">{s.vence}</TableHead>
                    <TableHead className="hidden px-2 text-right sm:table-cell">{s.capital}</TableHead>
                    <TableHead className="hidden px-2 text-right sm:table-cell">{s.interes}</TableHead>
                    <TableHead className="px-2 text-right">{s.total}</TableHead>
                    <TableHead className="px-2 text-right">{s.saldo}</TableHead>
                  </>
                }
              >
                {c.cuotas.map((q) => (
                  <TableRow key={q.numero_cuota}>
                    <TableCell className="px-2 tabular-nums">{q.numero_cuota}</TableCell>
                    <TableCell className="hidden px-2 whitespace-nowrap sm:table-cell">
                      {formatDate(q.fecha_vencimiento)}
                    </TableCell>
                    <TableCell className="hidden px-2 text-right tabular-nums whitespace-nowrap sm:table-cell">
                      {formatCRC(q.monto_capital_centimos)}
                    </TableCell>
                    <TableCell className="hidden px-2 text-right tabular-nums whitespace-nowrap sm:table-cell">
                      {formatCRC(q.monto_interes_centimos)}
                    </TableCell>
                    <TableCell className="px-2 text-right tabular-nums whitespace-nowrap">
                      <span className="font-medium">{formatCRC(q.monto_total_centimos)}</span>
                      <span className="block text-xs text-muted-foreground sm:hidden">
                        {s.capital} {formatCRC(q.monto_capital_centimos)}
                      </span>
                      <span className="block text-xs text-muted-foreground sm:hidden">
                        {s.interes} {formatCRC(q.monto_interes_centimos)}
                      </span>
                    </TableCell>
                    <TableCell className="px-2 text-right tabular-nums whitespace-nowrap">
                      {formatCRC(q.saldo_capital_despues_centimos)}
                    </TableCell>
                  </TableRow>
                ))}
              </TablaConEncabezado>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** "Comisión 3,00 % deducida · 2 meses de gracia · cuota en múltiplos de ₡100", or null without any. */
export function resumenPrecio(p: ProductoDetalle): string | null {
  const partes: string[] = [];
  if (p.comision_formalizacion_tipo && p.comision_formalizacion_valor != null) {
    const valor =
      p.comision_formalizacion_tipo === 'porcentaje'
        ? formatPorcentaje(String(p.comision_formalizacion_valor))
        : formatCRC(Number(p.comision_formalizacion_valor));
    partes.push(t.resumenPrecio.comision(valor, p.comision_formalizacion_modalidad ?? 'deducida'));
  }
  if (p.meses_gracia) partes.push(t.resumenPrecio.gracia(p.meses_gracia));
  if (p.multiplo_cuota) partes.push(t.resumenPrecio.multiplo(p.multiplo_cuota));
  return partes.length ? partes.join(' · ') : null;
}
