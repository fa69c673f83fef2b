import { formatDate } from '../format';
import { formatCRC } from '../montos';
import type { CreditoDocumentos, Liquidacion } from '../schemas/creditos';
import { creditosTexts } from '../texts/creditos';
import { liquidacionTexts } from '../texts/liquidacion';
import {
  DocumentoVacio,
  DocumentRow,
  DocumentShell,
  EncabezadoDocumento,
  FirmasDocumento,
  nombreCliente,
  SeccionDocumento,
} from './documento-imprimible';

const c = creditosTexts;
const d = c.doc;
const l = liquidacionTexts;

/** The date a cancelado credit was cancelled: its last payment's value date (or payment date). */
export function fechaCancelacion(data: CreditoDocumentos): string | null {
  const fechas = data.comprobantes.map((p) => p.fecha_valor ?? p.fecha_pago);
  return fechas.length > 0 ? fechas.reduce((a, b) => (b > a ? b : a)) : null;
}

/** The lines of a payoff's breakdown, in the order they are shown (screens and the printable sheet). */
export function lineasLiquidacion(liq: Liquidacion): Array<[string, number]> {
  return [
    [l.capitalVencido, liq.capital_vencido_centimos],
    [l.interesVencido, liq.interes_vencido_centimos],
    [l.mora, liq.mora_centimos],
    [l.capitalPendiente, liq.capital_pendiente_centimos],
    [`${l.interesCorriente} (${l.diasInteres(liq.dias_interes)})`, liq.interes_corriente_centimos],
  ];
}

/**
 * A payoff's breakdown on screen (staff credit detail and the customer's 'Cancelar mi crédito'):
 * each line, the total that cancels the credit, and the date it holds for.
 */
export function DesgloseLiquidacion({ liquidacion: liq, cargando }: { liquidacion: Liquidacion; cargando: boolean }) {
  return (
    <div className="grid gap-2">
      <dl className="grid gap-1.5 text-sm" aria-busy={cargando}>
        {lineasLiquidacion(liq).map(([label, monto]) => (
          <div key={label} className="flex items-baseline justify-between gap-3 border-b border-dashed py-1">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="font-medium whitespace-nowrap tabular-nums">{formatCRC(monto)}</dd>
          </div>
        ))}
        <div className="flex items-baseline justify-between gap-3 pt-1">
          <dt className="font-semibold">{l.total}</dt>
          <dd className="text-base font-bold whitespace-nowrap tabular-nums" data-testid="liquidacion-total">
            {formatCRC(liq.total_centimos)}
          </dd>
        </div>
      </dl>
      <p className="text-xs text-muted-foreground">{l.alFecha(formatDate(liq.fecha))}</p>
    </div>
  );
}

/** The printable payoff statement of a credit on a date (GET …/creditos/{id}/liquidacion). */
export function LiquidacionDocumento({
  numeroCredito,
  cliente,
  prestamista,
  liquidacion,
}: {
  numeroCredito: string;
  cliente: string;
  prestamista: string;
  liquidacion: Liquidacion;
}) {
  return (
    <DocumentShell title={`${l.titulo} ${numeroCredito}`}>
      <EncabezadoDocumento
        prestamista={prestamista}
        titulo={l.titulo}
        numero={<p className="doc-strong">{numeroCredito}</p>}
        fecha={{ label: l.fecha, valor: formatDate(liquidacion.fecha) }}
      />
      <SeccionDocumento ultima nota={<p className="doc-muted">{l.alFecha(formatDate(liquidacion.fecha))}</p>}>
        <DocumentRow label={d.deudor} value={cliente} />
        {lineasLiquidacion(liquidacion).map(([label, monto]) => (
          <DocumentRow key={label} label={label} value={formatCRC(monto)} />
        ))}
        <DocumentRow label={l.total} value={formatCRC(liquidacion.total_centimos)} />
      </SeccionDocumento>
    </DocumentShell>
  );
}

/** The constancia de cancelación of a cancelado credit, from GET …/creditos/{id}/documentos. */
export function ConstanciaCancelacionDocumento({ data }: { data: CreditoDocumentos }) {
  const { contrato, prestamista, comprobantes, fecha_emision } = data;
  const nombre = nombreCliente(data);
  const fecha = fechaCancelacion(data);
  if (contrato.estado !== 'cancelado' || !fecha) {
    return (
      <DocumentShell title={l.constanciaTitulo(contrato.numero_credito)}>
        <DocumentoVacio mensaje={l.noCancelado} />
      </DocumentShell>
    );
  }
  const suma = (k: 'monto_centimos' | 'aplicado_capital_centimos' | 'aplicado_interes_centimos' | 'aplicado_mora_centimos') =>
    comprobantes.reduce((s, p) => s + p[k], 0);
  return (
    <DocumentShell title={l.constanciaTitulo(contrato.numero_credito)}>
      <EncabezadoDocumento
        prestamista={prestamista.nombre}
        titulo={l.constancia}
        numero={<p className="doc-strong">{contrato.numero_credito}</p>}
        fecha={{ label: d.emision, valor: formatDate(fecha_emision) }}
      />
      <section className="doc-block doc-section">
        <p>{l.constanciaTexto(nombre, contrato.numero_credito, formatDate(fecha))}</p>
      </section>
      <SeccionDocumento>
        <DocumentRow label={d.deudor} value={nombre} />
        <DocumentRow label={d.identificacion} value={contrato.cliente?.identidad_numero ?? '—'} />
        <DocumentRow label={l.fechaCancelacion} value={formatDate(fecha)} />
        <DocumentRow label={l.montoOriginal} value={formatCRC(contrato.terminos.monto_principal_centimos)} />
        <DocumentRow label={l.pagadoCapital} value={formatCRC(suma('aplicado_capital_centimos'))} />
        <DocumentRow label={l.pagadoInteres} value={formatCRC(suma('aplicado_interes_centimos'))} />
        <DocumentRow label={l.pagadoMora} value={formatCRC(suma('aplicado_mora_centimos'))} />
        <DocumentRow label={l.totalPagado} value={formatCRC(suma('monto_centimos'))} />
        <DocumentRow label={l.pagos} value={String(comprobantes.length)} />
      </SeccionDocumento>
      <FirmasDocumento
        firmas={[
          [d.firmaPrestamista, prestamista.nombre],
          [d.deudor, nombre],
        ]}
      />
    </DocumentShell>
  );
}
