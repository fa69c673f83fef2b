import { formatDate } from '@cuota/shared/format';
import type { DocumentoRef } from '@cuota/shared/schemas/creditos';
import { creditosTexts } from '@cuota/shared/texts/creditos';
import { portalDocumentosTexts } from '@cuota/shared/texts/portalDocumentos';
import { descargarTablaAmortizacion } from '@cuota/shared/documents/amortizacion-csv';
import { openDocumento, type DocumentoImprimible } from '@cuota/shared/documents/open-document';
import { BloquesCargando, Button, Card, CardContent, Download, FileText, Receipt, TarjetaVacia, toast } from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  listarCuotasPortalQueryOptions,
  obtenerDocumentosCreditoPortalQueryOptions,
  useListarDocumentosPortal,
} from '../api/documentos';

const c = creditosTexts;
const t = portalDocumentosTexts;

interface CreditoDocs {
  creditoId: string;
  numeroCredito: string;
  fechaDesembolso: string | null;
  comprobantes: number;
}

/** The server's references, one group per credit, in the server's order (newest credit first). */
export function agruparPorCredito(items: readonly DocumentoRef[]): CreditoDocs[] {
  const grupos = new Map<string, CreditoDocs>();
  for (const doc of items) {
    let g = grupos.get(doc.credito_id);
    if (!g) {
      g = { creditoId: doc.credito_id, numeroCredito: doc.numero_credito, fechaDesembolso: null, comprobantes: 0 };
      grupos.set(doc.credito_id, g);
    }
    if (doc.tipo === 'contrato') g.fechaDesembolso = doc.fecha;
    if (doc.tipo === 'comprobante') g.comprobantes += 1;
  }
  return [...grupos.values()];
}

type Accion = DocumentoImprimible | 'tabla';

function CreditoDocumentos({ grupo }: { grupo: CreditoDocs }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<Accion | null>(null);
  const headingId = `documentos-${grupo.creditoId}`;

  async function run(accion: Accion, task: () => Promise<void>) {
    setBusy(accion);
    try {
      await task();
    } finally {
      setBusy(null);
    }
  }

  function abrir(tipo: DocumentoImprimible) {
    if (tipo === 'comprobantes' && grupo.comprobantes === 0) {
      toast.error(c.sinComprobantes, c.sinComprobantesDesc);
      return;
    }
    void run(tipo, () =>
      openDocumento({
        routeBase: '/portal/creditos',
        creditoId: grupo.creditoId,
        tipo,
        fetchDocumentos: (id) => queryClient.fetchQuery(obtenerDocumentosCreditoPortalQueryOptions(id)),
        notify: toast,
      }),
    );
  }

  function descargar() {
    void run('tabla', () =>
      descargarTablaAmortizacion(
        grupo.numeroCredito,
        () => queryClient.fetchQuery(listarCuotasPortalQueryOptions(grupo.creditoId)),
        toast,
      ),
    );
  }

  const detalle = [
    grupo.fechaDesembolso ? t.desembolso(formatDate(grupo.fechaDesembolso)) : null,
    grupo.comprobantes > 0 ? t.comprobantes(grupo.comprobantes) : t.sinComprobantes,
  ].filter(Boolean);

  return (
    <Card>
      <section aria-labelledby={headingId}>
        <CardContent className="grid gap-4 pt-5 sm:pt-6">
          <div className="grid gap-0.5">
            <h2 id={headingId} className="font-semibold">
              {grupo.numeroCredito}
            </h2>
            <p className="text-sm text-muted-foreground">{detalle.join(' · ')}</p>
          </div>
          <div className="grid gap-2 sm:flex sm:flex-wrap">
            <Button variant="outline" onClick={() => abrir('contrato')} disabled={busy !== null}>
              <FileText aria-hidden />
              {c.contratoBtn}
            </Button>
            <Button variant="outline" onClick={() => abrir('comprobantes')} disabled={busy !== null}>
              <Receipt aria-hidden />
              {c.comprobantesBtn}
            </Button>
            <Button variant="outline" onClick={descargar} disabled={busy !== null}>
              <Download aria-hidden />
              {c.amortizacion}
            </Button>
          </div>
        </CardContent>
      </section>
    </Card>
  );
}

/** Documentos: the customer's contracts, receipts and amortization tables, printable/downloadable. */
export function DocumentosTab() {
  const { data, isPending, isError, error, refetch } = useListarDocumentosPortal();
  if (isError) return <LoadError title={t.loadError} error={error} onRetry={() => void refetch()} />;
  if (isPending) {
    return <BloquesCargando cantidad={2} alto="h-32" />;
  }
  const grupos = agruparPorCredito(data);
  if (grupos.length === 0) {
    return <TarjetaVacia icon={<FileText />} title={t.vacio} description={t.vacioTexto} />;
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t.descripcion}</p>
      {grupos.map((g) => (
        <CreditoDocumentos key={g.creditoId} grupo={g} />
      ))}
    </div>
  );
}
