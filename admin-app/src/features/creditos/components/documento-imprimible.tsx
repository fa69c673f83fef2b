import { formatCRC, formatDate, TEXTS, type CreditoDocumentos } from '@cuota/shared';
import { Button, EmptyState, PageSpinner } from '@cuota/shared/ui';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { useObtenerDocumentosCredito } from '../api/obtener-documentos-credito';

const c = TEXTS.creditos;
const d = c.doc;

/**
 * Print stylesheet of the document routes: margins that fit both A4 and Letter (`size: auto`
 * lets the printer's paper decide), no screen-only controls, no breaks inside a receipt.
 * The CSP allows inline styles (`style-src 'unsafe-inline'`), never inline scripts.
 */
const PRINT_CSS = `
@page { size: auto; margin: 18mm 16mm; }
@media print {
  html, body { background: #fff !important; }
  .doc-no-print { display: none !important; }
  .doc-page { box-shadow: none !important; border: 0 !important; margin: 0 !important; padding: 0 !important; max-width: none !important; }
  .doc-block { break-inside: avoid; page-break-inside: avoid; }
  .doc-break { break-before: page; page-break-before: always; }
}
`;

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-muted/40 py-6 text-[13px] leading-relaxed text-black print:bg-white print:py-0">
      <title>{title}</title>
      <style>{PRINT_CSS}</style>
      <div className="doc-no-print mx-auto mb-4 flex max-w-[210mm] justify-end px-4">
        <Button onClick={() => window.print()}>{c.imprimir}</Button>
      </div>
      <main className="doc-page mx-auto max-w-[210mm] border bg-white px-6 py-8 shadow-sm sm:px-12">{children}</main>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-dashed py-1">
      <dt className="text-gray-600">{label}</dt>
      <dd className="text-right font-medium tabular-nums">{value}</dd>
    </div>
  );
}

function useDocumentos(): { data?: CreditoDocumentos; state: 'loading' | 'error' | 'ready' } {
  const { id = '' } = useParams();
  const query = useObtenerDocumentosCredito(id);
  if (query.isPending) return { state: 'loading' };
  if (query.isError) return { state: 'error' };
  return { data: query.data, state: 'ready' };
}

export function ContratoPage() {
  const { data, state } = useDocumentos();
  if (state === 'loading') return <PageSpinner />;
  if (!data) return <EmptyState title={c.errorContrato} />;
  const { contrato, prestamista, fecha_emision } = data;
  const t = contrato.terminos;
  const r = contrato.resumen_cuotas;
  const cliente = contrato.cliente;
  const nombre = cliente ? `${cliente.nombre} ${cliente.apellido}` : '—';
  const direccion = cliente ? [cliente.direccion, cliente.ciudad, cliente.pais].filter(Boolean).join(', ') : '—';
  return (
    <Shell title={c.contrato.replace('{numero}', contrato.numero_credito)}>
      <header className="mb-6 border-b pb-4 text-center">
        <p className="text-sm text-gray-600">{prestamista.nombre}</p>
        <h1 className="text-xl font-bold">{d.contratoTitulo}</h1>
        <p className="font-medium">{contrato.numero_credito}</p>
        <p className="text-sm text-gray-600">
          {d.emision}: {formatDate(fecha_emision)}
        </p>
      </header>
      <section className="doc-block mb-6 grid gap-1">
        <h2 className="mb-1 font-semibold">{d.deudor}</h2>
        <dl>
          <Row label={d.deudor} value={nombre} />
          <Row label={d.identificacion} value={cliente?.identidad_numero ?? '—'} />
          <Row label={d.direccion} value={direccion || '—'} />
          <Row label={d.prestamista} value={prestamista.nombre} />
        </dl>
      </section>
      <section className="doc-block mb-6">
        <h2 className="mb-1 font-semibold">{d.terminos}</h2>
        <dl>
          <Row label={c.montoOriginal} value={formatCRC(t.monto_principal_centimos)} />
          <Row label={c.tasaAnual} value={`${t.tasa_interes_anual}%`} />
          <Row label={d.tasaMoratoria} value={t.tasa_moratoria_anual ? `${t.tasa_moratoria_anual}%` : c.na} />
          <Row label={c.plazo} value={`${t.plazo_meses} ${c.meses}`} />
          <Row label={c.producto} value={contrato.producto?.nombre ?? c.na} />
          <Row label={d.metodo} value={t.metodo_amortizacion} />
          <Row label={d.tolerancia} value={String(t.dias_tolerancia)} />
          <Row label={c.fechaDesembolso} value={formatDate(t.fecha_desembolso)} />
          <Row label={c.primerVencimiento} value={formatDate(t.fecha_primer_vencimiento)} />
        </dl>
      </section>
      <section className="doc-block mb-10">
        <h2 className="mb-1 font-semibold">{d.resumen}</h2>
        <dl>
          <Row label={d.cantidad} value={String(r.cantidad)} />
          <Row label={d.primeraCuota} value={formatCRC(r.primera_cuota_centimos)} />
          <Row label={d.totalCapital} value={formatCRC(r.total_capital_centimos)} />
          <Row label={d.totalIntereses} value={formatCRC(r.total_intereses_centimos)} />
          <Row label={d.totalPagar} value={formatCRC(r.total_a_pagar_centimos)} />
          <Row label={d.ultimoVencimiento} value={formatDate(r.fecha_ultimo_vencimiento)} />
        </dl>
      </section>
      <section className="doc-block grid grid-cols-2 gap-10 pt-10 text-center text-sm">
        <div className="border-t pt-2">
          {d.firmaDeudor}
          <br />
          {nombre}
        </div>
        <div className="border-t pt-2">
          {d.firmaPrestamista}
          <br />
          {prestamista.nombre}
        </div>
      </section>
    </Shell>
  );
}

export function ComprobantesPage() {
  const { data, state } = useDocumentos();
  if (state === 'loading') return <PageSpinner />;
  if (!data) return <EmptyState title={c.errorComprobantes} />;
  const { contrato, prestamista, comprobantes } = data;
  const cliente = contrato.cliente;
  const nombre = cliente ? `${cliente.nombre} ${cliente.apellido}` : '—';
  return (
    <Shell title={`${d.comprobantesTitulo} ${contrato.numero_credito}`}>
      <h1 className="sr-only">
        {d.comprobantesTitulo} {contrato.numero_credito}
      </h1>
      {comprobantes.length === 0 ? (
        <EmptyState title={c.sinComprobantes} description={c.sinComprobantesDesc} />
      ) : (
        comprobantes.map((p, i) => (
          <article key={p.pago_id} className={`doc-block mb-8 border p-6 ${i > 0 ? 'doc-break' : ''}`}>
            <header className="mb-4 border-b pb-3 text-center">
              <p className="text-sm text-gray-600">{prestamista.nombre}</p>
              <h2 className="text-lg font-bold">{d.comprobanteTitulo}</h2>
              <p className="font-medium">{p.referencia_pago}</p>
            </header>
            <dl>
              <Row label={d.deudor} value={nombre} />
              <Row label={d.credito} value={contrato.numero_credito} />
              <Row label={c.pagoCols.fecha} value={formatDate(p.fecha_pago)} />
              {p.fecha_valor ? <Row label={d.fechaValor} value={formatDate(p.fecha_valor)} /> : null}
              <Row label={c.pagoCols.canal} value={p.canal} />
              {p.referencia_externa ? <Row label={c.pagoCols.externa} value={p.referencia_externa} /> : null}
              <Row label={c.pagoCols.monto} value={formatCRC(p.monto_centimos)} />
              <Row label={d.aplicadoMora} value={formatCRC(p.aplicado_mora_centimos)} />
              <Row label={d.aplicadoInteres} value={formatCRC(p.aplicado_interes_centimos)} />
              <Row label={d.aplicadoCapital} value={formatCRC(p.aplicado_capital_centimos)} />
              <Row label={d.conciliado} value={formatDate(p.conciliado_en)} />
            </dl>
          </article>
        ))
      )}
    </Shell>
  );
}
