import type { ReactNode } from 'react';
import { formatDate, formatPorcentaje } from '../format';
import { formatCRC } from '../montos';
import type { CreditoDocumentos } from '../schemas/creditos';
import { creditosTexts } from '../texts/creditos';
import { etiquetaCanal, etiquetaDe, etiquetasTexts } from '../texts/etiquetas';
import { filasPrecioCredito } from './precio-credito';

const c = creditosTexts;
const d = c.doc;

/**
 * The printable documents' own stylesheet: plain CSS, so it does not depend on which app's
 * Tailwind build scans this folder. Margins that fit both A4 and Letter (`size: auto` lets the
 * printer's paper decide), no screen-only controls, no breaks inside a block or a receipt.
 * No design-system components either: this folder is bundled into each remote (it is no
 * federation singleton), so it stays small and self-contained. The colours are the theme's.
 * The CSP allows inline styles (`style-src 'unsafe-inline'`), never inline scripts.
 */
export const PRINT_CSS = `
.doc-root { min-height: 100vh; padding: 24px 0; background: color-mix(in oklab, var(--color-muted, oklch(0.955 0.006 250)) 40%, transparent); color: #000; font-size: 13px; line-height: 1.625; }
.doc-toolbar { max-width: 210mm; margin: 0 auto 16px; padding: 0 16px; display: flex; justify-content: flex-end; }
.doc-page { box-sizing: border-box; max-width: 210mm; margin: 0 auto; padding: 32px 24px; background: #fff; border: 1px solid var(--color-border, oklch(0.91 0.01 255)); box-shadow: 0 1px 2px rgb(0 0 0 / 0.05); overflow-wrap: anywhere; }
@media (min-width: 640px) { .doc-page { padding: 32px 48px; } }
.doc-page p, .doc-page h1, .doc-page h2 { margin: 0; }
.doc-muted { color: #4b5563; font-size: 0.875rem; }
.doc-header { margin-bottom: 24px; padding-bottom: 16px; border-bottom: 1px solid #d1d5db; text-align: center; }
.doc-title { margin: 0; font-size: 1.25rem; font-weight: 700; }
.doc-subtitle { margin: 0; font-size: 1.125rem; font-weight: 700; }
.doc-strong { font-weight: 500; }
.doc-section { margin-bottom: 24px; }
.doc-section-last { margin-bottom: 40px; }
.doc-section h2 { margin: 0 0 4px; font-size: inherit; font-weight: 600; }
.doc-dl { margin: 0; }
.doc-row { display: flex; justify-content: space-between; gap: 16px; padding: 4px 0; border-bottom: 1px dashed #d1d5db; }
.doc-row dt { color: #4b5563; }
.doc-row dd { margin: 0; min-width: 0; text-align: right; font-weight: 500; font-variant-numeric: tabular-nums; }
.doc-firmas { display: grid; grid-template-columns: 1fr 1fr; gap: 40px; padding-top: 40px; text-align: center; font-size: 0.875rem; }
.doc-firmas > div { padding-top: 8px; border-top: 1px solid #6b7280; }
.doc-receipt { margin-bottom: 32px; padding: 24px; border: 1px solid #d1d5db; }
.doc-receipt .doc-header { margin-bottom: 16px; padding-bottom: 12px; }
.doc-print { display: inline-flex; align-items: center; justify-content: center; height: 40px; padding: 0 16px; border: 0; border-radius: 6px; background: var(--color-primary, oklch(0.48 0.1 178)); color: var(--color-primary-foreground, #fff); font: inherit; font-size: 0.875rem; font-weight: 500; cursor: pointer; }
.doc-print:hover { opacity: 0.9; }
.doc-print:focus-visible { outline: 2px solid var(--color-ring, oklch(0.55 0.12 175)); outline-offset: 2px; }
.doc-empty { padding: 48px 16px; text-align: center; }
.doc-empty p { margin: 0 0 8px; }
.doc-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
@page { size: auto; margin: 18mm 16mm; }
@media print {
  html, body { background: #fff !important; }
  .doc-root { min-height: 0; padding: 0; background: #fff; }
  .doc-no-print { display: none !important; }
  .doc-page { box-shadow: none !important; border: 0 !important; margin: 0 !important; padding: 0 !important; max-width: none !important; }
  .doc-row { padding: 2px 0; }
  .doc-header { margin-bottom: 16px; padding-bottom: 12px; }
  .doc-section { margin-bottom: 16px; }
  .doc-firmas { padding-top: 48px; }
  .doc-block { break-inside: avoid; page-break-inside: avoid; }
  .doc-break { break-before: page; page-break-before: always; }
}
`;

/** The window of a printable document: its title, the print stylesheet, 'Imprimir' and the sheet. */
export function DocumentShell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="doc-root">
      <title>{title}</title>
      <style>{PRINT_CSS}</style>
      <div className="doc-toolbar doc-no-print">
        <button type="button" className="doc-print" onClick={() => window.print()}>
          {c.imprimir}
        </button>
      </div>
      <main className="doc-page">{children}</main>
    </div>
  );
}

export function DocumentRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="doc-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * A document's heading: the lender, the document's title, its number and a dated line. A
 * document's sheet has its title as `h1`; one receipt among several has it as `h2`.
 */
export function EncabezadoDocumento({
  prestamista,
  titulo,
  nivel = 1,
  numero,
  fecha,
  children,
}: {
  prestamista: string;
  titulo: string;
  nivel?: 1 | 2;
  /** The document's number line (a `<p>` of its own, for attributes such as a test id). */
  numero: ReactNode;
  /** The dated line: its label and the formatted date. */
  fecha?: { label: string; valor: string };
  children?: ReactNode;
}) {
  return (
    <header className="doc-header">
      <p className="doc-muted">{prestamista}</p>
      {nivel === 1 ? <h1 className="doc-title">{titulo}</h1> : <h2 className="doc-subtitle">{titulo}</h2>}
      {numero}
      {fecha ? (
        <p className="doc-muted">
          {fecha.label}: {fecha.valor}
        </p>
      ) : null}
      {children}
    </header>
  );
}

/** A block of a document kept on one page: an optional heading, then its rows. */
export function SeccionDocumento({
  titulo,
  ultima = false,
  children,
  nota,
}: {
  titulo?: string;
  /** The last section before the signatures (more room below). */
  ultima?: boolean;
  children: ReactNode;
  /** A line under the rows. */
  nota?: ReactNode;
}) {
  return (
    <section className={ultima ? 'doc-block doc-section doc-section-last' : 'doc-block doc-section'}>
      {titulo ? <h2>{titulo}</h2> : null}
      <dl className="doc-dl">{children}</dl>
      {nota}
    </section>
  );
}

/** The signature lines at the foot of a document: each one's label over the signer's name. */
export function FirmasDocumento({ firmas }: { firmas: ReadonlyArray<readonly [string, string]> }) {
  return (
    <section className="doc-block doc-firmas">
      {firmas.map(([label, nombre]) => (
        <div key={label}>
          {label}
          <br />
          {nombre}
        </div>
      ))}
    </section>
  );
}

/** A document that has nothing to show: its message (and an explanation). */
export function DocumentoVacio({ mensaje, detalle }: { mensaje: string; detalle?: string }) {
  return (
    <div className="doc-empty">
      <p className="doc-strong">{mensaje}</p>
      {detalle ? <p className="doc-muted">{detalle}</p> : null}
    </div>
  );
}

/** The debtor's full name on the credit's documents ('—' without a client). */
export function nombreCliente(data: CreditoDocumentos): string {
  const cliente = data.contrato.cliente;
  return cliente ? `${cliente.nombre} ${cliente.apellido}` : '—';
}

/** The credit contract (spec §2 Credit detail · Contrato), from GET …/creditos/{id}/documentos. */
export function ContratoDocumento({ data }: { data: CreditoDocumentos }) {
  const { contrato, prestamista, fecha_emision } = data;
  const t = contrato.terminos;
  const r = contrato.resumen_cuotas;
  const cliente = contrato.cliente;
  const nombre = nombreCliente(data);
  const direccion = cliente ? [cliente.direccion, cliente.ciudad, cliente.pais].filter(Boolean).join(', ') : '—';
  return (
    <DocumentShell title={c.contrato.replace('{numero}', contrato.numero_credito)}>
      <EncabezadoDocumento
        prestamista={prestamista.nombre}
        titulo={d.contratoTitulo}
        numero={<p className="doc-strong">{contrato.numero_credito}</p>}
        fecha={{ label: d.emision, valor: formatDate(fecha_emision) }}
      />
      <SeccionDocumento titulo={d.partes}>
        <DocumentRow label={d.deudor} value={nombre} />
        <DocumentRow label={d.identificacion} value={cliente?.identidad_numero ?? '—'} />
        <DocumentRow label={d.direccion} value={direccion || '—'} />
        <DocumentRow label={d.prestamista} value={prestamista.nombre} />
      </SeccionDocumento>
      <SeccionDocumento titulo={d.terminos}>
        <DocumentRow label={c.montoOriginal} value={formatCRC(t.monto_principal_centimos)} />
        <DocumentRow label={c.tasaAnual} value={formatPorcentaje(t.tasa_interes_anual)} />
        <DocumentRow label={d.tasaMoratoria} value={t.tasa_moratoria_anual ? formatPorcentaje(t.tasa_moratoria_anual) : c.na} />
        <DocumentRow label={c.plazo} value={`${t.plazo_meses} ${c.meses}`} />
        <DocumentRow label={c.producto} value={contrato.producto?.nombre ?? c.na} />
        <DocumentRow label={d.metodo} value={etiquetaDe(etiquetasTexts.metodoAmortizacion, t.metodo_amortizacion)} />
        <DocumentRow label={d.tolerancia} value={String(t.dias_tolerancia)} />
        <DocumentRow label={c.fechaDesembolso} value={formatDate(t.fecha_desembolso)} />
        <DocumentRow label={c.primerVencimiento} value={formatDate(t.fecha_primer_vencimiento)} />
        {filasPrecioCredito(t).map((fila) => (
          <DocumentRow key={fila.label} label={fila.label} value={fila.value} />
        ))}
      </SeccionDocumento>
      <SeccionDocumento titulo={d.resumen} ultima>
        <DocumentRow label={d.cantidad} value={String(r.cantidad)} />
        <DocumentRow label={d.primeraCuota} value={formatCRC(r.primera_cuota_centimos)} />
        <DocumentRow label={d.totalCapital} value={formatCRC(r.total_capital_centimos)} />
        <DocumentRow label={d.totalIntereses} value={formatCRC(r.total_intereses_centimos)} />
        <DocumentRow label={d.totalPagar} value={formatCRC(r.total_a_pagar_centimos)} />
        <DocumentRow label={d.ultimoVencimiento} value={formatDate(r.fecha_ultimo_vencimiento)} />
      </SeccionDocumento>
      <FirmasDocumento
        firmas={[
          [d.firmaDeudor, nombre],
          [d.firmaPrestamista, prestamista.nombre],
        ]}
      />
    </DocumentShell>
  );
}

/** The credit's payment receipts, one per page when printed (spec §2 Credit detail · Comprobantes). */
export function ComprobantesDocumento({ data }: { data: CreditoDocumentos }) {
  const { contrato, prestamista, comprobantes } = data;
  const nombre = nombreCliente(data);
  return (
    <DocumentShell title={`${d.comprobantesTitulo} ${contrato.numero_credito}`}>
      <h1 className="doc-sr-only">
        {d.comprobantesTitulo} {contrato.numero_credito}
      </h1>
      {comprobantes.length === 0 ? (
        <DocumentoVacio mensaje={c.sinComprobantes} detalle={c.sinComprobantesDesc} />
      ) : (
        comprobantes.map((p, i) => (
          <article key={p.pago_id} className={`doc-block doc-receipt${i > 0 ? ' doc-break' : ''}`}>
            <EncabezadoDocumento
              prestamista={prestamista.nombre}
              titulo={d.comprobanteTitulo}
              nivel={2}
              numero={<p className="doc-strong">{p.referencia_pago}</p>}
            />
            <dl className="doc-dl">
              <DocumentRow label={d.deudor} value={nombre} />
              <DocumentRow label={d.credito} value={contrato.numero_credito} />
              <DocumentRow label={c.pagoCols.fecha} value={formatDate(p.fecha_pago)} />
              {p.fecha_valor ? <DocumentRow label={d.fechaValor} value={formatDate(p.fecha_valor)} /> : null}
              <DocumentRow label={c.pagoCols.canal} value={etiquetaCanal(p.canal)} />
              {p.referencia_externa ? <DocumentRow label={c.pagoCols.externa} value={p.referencia_externa} /> : null}
              <DocumentRow label={c.pagoCols.monto} value={formatCRC(p.monto_centimos)} />
              <DocumentRow label={d.aplicadoMora} value={formatCRC(p.aplicado_mora_centimos)} />
              <DocumentRow label={d.aplicadoInteres} value={formatCRC(p.aplicado_interes_centimos)} />
              <DocumentRow label={d.aplicadoCapital} value={formatCRC(p.aplicado_capital_centimos)} />
              <DocumentRow label={d.conciliado} value={formatDate(p.conciliado_en)} />
            </dl>
          </article>
        ))
      )}
    </DocumentShell>
  );
}
