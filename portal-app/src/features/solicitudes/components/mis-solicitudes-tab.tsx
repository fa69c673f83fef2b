import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { Solicitud } from '@cuota/shared/schemas/lending';
import { portalTexts } from '@cuota/shared/texts/portal';
import { portalSolicitudesTexts } from '@cuota/shared/texts/portalSolicitudes';
import { solicitudesPageTexts } from '@cuota/shared/texts/solicitudesPage';
import {
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  EmptyState,
  FileText,
  PaginacionCursor,
  Plus,
  Skeleton,
  SolicitudEstadoBadge,
  useCursorPagination,
} from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useListarSolicitudesPortal } from '../api/listar-solicitudes-portal';

const p = portalSolicitudesTexts;
const NUEVA_SOLICITUD_PATH = '/portal/nueva-solicitud';

function NuevaSolicitudLink() {
  return (
    <Button asChild size="sm">
      <Link to={NUEVA_SOLICITUD_PATH}>
        <Plus aria-hidden />
        {portalTexts.newApplication}
      </Link>
    </Button>
  );
}

function Dato({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium tabular-nums">{children}</dd>
    </div>
  );
}

/** One application as a card: it folds to two columns on phones, four on wider screens. */
function SolicitudItem({ solicitud: s }: { solicitud: Solicitud }) {
  return (
    <li className="grid gap-3 rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">{s.numero_solicitud}</span>
        <SolicitudEstadoBadge estado={s.estado} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        <Dato label={p.producto} className="col-span-2 sm:col-span-1">
          {s.producto_nombre ?? '—'}
        </Dato>
        <Dato label={p.monto}>{formatCRC(s.monto_solicitado_centimos)}</Dato>
        <Dato label={p.plazo}>{solicitudesPageTexts.months(s.plazo_meses)}</Dato>
        <Dato label={p.fecha} className="col-span-2 sm:col-span-1">
          {formatDate(s.created_at)}
        </Dato>
      </dl>
      {s.estado === 'aprobado' ? (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {p.aprobadaPendiente(
            formatCRC(s.monto_aprobado_centimos ?? s.monto_solicitado_centimos),
            solicitudesPageTexts.months(s.plazo_aprobado_meses ?? s.plazo_meses),
          )}
          {s.condiciones ? (
            <span className="mt-1 block">
              <span className="font-medium">{p.condiciones}:</span> {s.condiciones}
            </span>
          ) : null}
        </p>
      ) : null}
      {s.estado === 'desembolsado' ? (
        <p className="rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {p.desembolsada(formatCRC(s.monto_aprobado_centimos ?? s.monto_solicitado_centimos))}
        </p>
      ) : null}
      {s.estado === 'cancelado' && s.motivo_cancelacion ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm">
          <span className="font-medium">{p.motivoCancelacion}:</span> {s.motivo_cancelacion}
        </p>
      ) : null}
      {s.estado === 'rechazado' && s.motivo_rechazo ? (
        <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          <span className="font-medium">{p.motivoRechazo}:</span> {s.motivo_rechazo}
        </p>
      ) : null}
    </li>
  );
}

function SolicitudesSkeleton() {
  return (
    <div aria-hidden className="grid gap-3">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="grid gap-3 rounded-lg border border-border p-4">
          <div className="flex justify-between gap-2">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-5 w-20" />
          </div>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {Array.from({ length: 4 }, (_, j) => (
              <Skeleton key={j} className="h-9 w-full" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Mis Solicitudes: the customer's own applications (GET /api/portal/solicitudes), newest first. */
export function MisSolicitudesTab() {
  const titleId = useId();
  const pagination = useCursorPagination();
  const { data, isPending, isError, error, isFetching, refetch } = useListarSolicitudesPortal(pagination.cursor);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle id={titleId}>{portalTexts.tabSolicitudes}</CardTitle>
          <CardDescription>{p.lista}</CardDescription>
        </div>
        {data && data.items.length > 0 ? <NuevaSolicitudLink /> : null}
      </CardHeader>
      <CardContent className="grid gap-4" aria-busy={isPending || isFetching}>
        {isError ? (
          <LoadError title={p.loadError} error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <SolicitudesSkeleton />
        ) : data.items.length === 0 ? (
          <EmptyState icon={<FileText />} title={p.vacio} description={p.vacioTexto} action={<NuevaSolicitudLink />} />
        ) : (
          <ul aria-labelledby={titleId} className="grid gap-3">
            {data.items.map((s) => (
              <SolicitudItem key={s.id} solicitud={s} />
            ))}
          </ul>
        )}
        <PaginacionCursor paginacion={pagination} siguiente={data?.nextCursor} disabled={isFetching} />
      </CardContent>
    </Card>
  );
}
