import { formatDate, formatFechaHora } from '../format';
import { formatCRC } from '../montos';
import type { ReciboPago } from '../schemas/pagos';
import { etiquetaCanal } from '../texts/etiquetas';
import { pagoVentanillaTexts } from '../texts/pagoVentanilla';
import { DocumentRow, DocumentShell, EncabezadoDocumento, SeccionDocumento } from './documento-imprimible';

const v = pagoVentanillaTexts;
const d = v.doc;

/**
 * The printable receipt of a payment (GET /api/pagos/{id}/recibo or the portal's own): the lender,
 * the receipt number, the client and credit, the amount, how it was applied, the capital balance
 * after it and who received it. A reversed payment says so, with its motivo. 'Imprimir' prints it
 * or saves it as PDF (the browser's print dialog).
 */
export function ReciboDocumento({ data }: { data: ReciboPago }) {
  const titulo = data.numero_recibo ? `${d.titulo} ${data.numero_recibo}` : d.titulo;
  return (
    <DocumentShell title={titulo}>
      <EncabezadoDocumento
        prestamista={data.prestamista}
        titulo={d.titulo}
        numero={
          <p className="doc-strong" data-testid="numero-recibo">
            {data.numero_recibo ? `${d.numero} ${data.numero_recibo}` : d.sinRecibo}
          </p>
        }
        fecha={{ label: d.fecha, valor: formatFechaHora(data.fecha_emision) }}
      >
        {data.estado === 'reversado' ? (
          <p className="doc-subtitle" role="status">
            {d.anulado}
            {data.reversado_en ? ` · ${formatDate(data.reversado_en)}` : ''}
          </p>
        ) : null}
      </EncabezadoDocumento>
      <SeccionDocumento>
        <DocumentRow label={d.cliente} value={data.cliente_nombre} />
        <DocumentRow label={d.identificacion} value={data.cliente_identificacion ?? '—'} />
        <DocumentRow label={d.credito} value={data.numero_credito} />
        <DocumentRow label={d.fechaValor} value={formatDate(data.fecha_valor)} />
        <DocumentRow label={d.monto} value={formatCRC(data.monto_centimos)} />
        <DocumentRow label={d.canal} value={etiquetaCanal(data.canal)} />
        <DocumentRow label={d.referencia} value={data.referencia ?? '—'} />
      </SeccionDocumento>
      <SeccionDocumento titulo={d.aplicacion}>
        <DocumentRow label={d.mora} value={formatCRC(data.aplicado_mora_centimos)} />
        <DocumentRow label={d.interes} value={formatCRC(data.aplicado_interes_centimos)} />
        <DocumentRow label={d.capital} value={formatCRC(data.aplicado_capital_centimos)} />
        {data.saldo_capital_despues_centimos !== null ? (
          <DocumentRow label={d.saldo} value={formatCRC(data.saldo_capital_despues_centimos)} />
        ) : null}
      </SeccionDocumento>
      {data.estado === 'reversado' && data.motivo_reversion ? (
        <SeccionDocumento titulo={d.anulado}>
          <DocumentRow label={d.motivo} value={data.motivo_reversion} />
        </SeccionDocumento>
      ) : null}
      <section className="doc-block doc-section-last">
        <dl className="doc-dl">
          <DocumentRow label={d.cajero} value={data.cajero ?? '—'} />
        </dl>
        <div className="doc-firmas">
          <div>{d.firma}</div>
          <div>{d.cliente}</div>
        </div>
      </section>
    </DocumentShell>
  );
}
