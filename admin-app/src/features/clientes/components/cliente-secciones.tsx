import { formatDateTime } from '@cuota/shared/format';
import { formatearIdentificacion } from '@cuota/shared/identidad';
import type { Cliente } from '@cuota/shared/schemas/cliente';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { gestionesTexts } from '@cuota/shared/texts/gestiones';
import { Badge, EmptyState, FileText, KycBadge, Skeleton } from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import { useId } from 'react';
import { useCreditosDelCliente, useGestionesDelCliente } from '../api/listar-gestiones-cliente';

const c = clientesTexts;
const g = gestionesTexts;

function Cargando() {
  return (
    <div className="grid gap-2" aria-busy>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/** 'KYC y documentos': the verification state with the identity it rests on, and each credit's printable documents. */
export function KycYDocumentos({ cliente }: { cliente: Cliente }) {
  // a credit exists once disbursed, with its contract; its receipts as payments come in
  const creditos = useCreditosDelCliente(cliente.id);
  const documentos = creditos.data?.items ?? [];
  const id = useId();
  return (
    <div className="grid gap-6">
      <section aria-labelledby={`${id}-kyc`} className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={`${id}-kyc`} className="font-semibold">
            {c.kycTitulo}
          </h3>
          <KycBadge completo={cliente.kyc_completado} />
        </div>
        <p className="text-sm text-muted-foreground">{cliente.kyc_completado ? c.kycCompletoDesc : c.kycPendienteDesc}</p>
        <dl className="grid gap-4 text-sm sm:grid-cols-2">
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{c.columns.identificacion}</dt>
            <dd>
              {cliente.identidad_numero
                ? `${c.identidadTipos[cliente.identidad_tipo]} ${formatearIdentificacion(cliente.identidad_tipo, cliente.identidad_numero)}`
                : '—'}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs text-muted-foreground">{c.fields.direccion}</dt>
            <dd>{[cliente.direccion, cliente.ciudad].filter(Boolean).join(', ') || '—'}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby={`${id}-docs`} className="grid gap-3">
        <div className="grid gap-1">
          <h3 id={`${id}-docs`} className="font-semibold">
            {c.documentosTitulo}
          </h3>
          <p className="text-sm text-muted-foreground">{c.documentosDesc}</p>
        </div>
        {creditos.isError ? (
          <LoadError title={c.loadError} error={creditos.error} onRetry={() => void creditos.refetch()} />
        ) : creditos.isPending ? (
          <Cargando />
        ) : documentos.length === 0 ? (
          <EmptyState icon={<FileText />} title={c.emptyDocumentos} />
        ) : (
          <ul className="grid divide-y divide-border">
            {documentos.map((credito) => (
              <li key={credito.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium">{credito.numero_credito}</span>
                <span className="flex flex-wrap gap-2">
                  {(
                    [
                      ['contrato', c.contrato],
                      ['comprobantes', c.comprobantes],
                    ] as const
                  ).map(([ruta, texto]) => (
                    <a
                      key={ruta}
                      href={`/creditos/${encodeURIComponent(credito.id)}/${ruta}`}
                      target="_blank"
                      rel="noopener"
                      aria-label={c.documentoDe(texto, credito.numero_credito)}
                      className="inline-flex min-h-10 items-center gap-1.5 rounded-md border border-border px-3 text-sm font-medium hover:bg-muted"
                    >
                      <FileText aria-hidden className="size-4" />
                      {texto}
                    </a>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** 'Gestiones de cobro': the contact log of every credit of the client, newest first. */
export function GestionesCliente({ clienteId }: { clienteId: string }) {
  const { items, isPending, isError, error, refetch } = useGestionesDelCliente(clienteId);
  if (isError) return <LoadError title={c.loadError} error={error} onRetry={refetch} />;
  if (isPending || !items) return <Cargando />;
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted-foreground">{c.gestionesDesc}</p>
      {items.length === 0 ? (
        <EmptyState title={c.emptyGestiones} />
      ) : (
        <ul className="grid divide-y divide-border" aria-label={c.tabGestiones}>
          {items.map((gestion) => (
            <li key={gestion.id} className="grid gap-1 py-3">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Badge variant="outline">{g.tipos[gestion.tipo]}</Badge>
                <span className="font-medium">{g.resultados[gestion.resultado]}</span>
                <span className="text-muted-foreground">· {gestion.numero_credito}</span>
              </div>
              {gestion.nota ? <p className="text-sm break-words">{gestion.nota}</p> : null}
              <p className="text-xs text-muted-foreground">
                <time dateTime={gestion.created_at}>{formatDateTime(gestion.created_at)}</time>
                {gestion.registrado_por_nombre ? ` ${c.registradaPor(gestion.registrado_por_nombre)}` : null}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
