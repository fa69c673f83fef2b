import { canalTexts } from '@cuota/shared/texts/etiquetas';
import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { PagoDetalle } from '@cuota/shared/schemas/pagos';
import { etiquetaCanal } from '@cuota/shared/texts/etiquetas';
import { pagoVentanillaTexts } from '@cuota/shared/texts/pagoVentanilla';
import { portalPagosTexts } from '@cuota/shared/texts/portalPagos';
import {
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  PaginacionCursor,
  PagoEstadoBadge,
  Receipt,
  Skeleton,
  TablaConEncabezado,
  TableCell,
  TableHead,
  TableRow,
  useCursorPagination,
} from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import { useId } from 'react';
import { useListarMetodosPago, useListarPagosPortal } from '../api/pagos';
import { reciboPortalUrl } from './recibo-portal-page';

const p = portalPagosTexts;
const c = p.columnas;
const v = pagoVentanillaTexts;

/**
 * A channel's display name: the shared label of a known channel (the same one staff and the
 * receipts show), else the name an admin gave the payment method, else the code as words.
 */
function useNombreCanal() {
  const metodos = useListarMetodosPago();
  return (canal: string) => {
    if (canal in canalTexts) return etiquetaCanal(canal);
    return metodos.data?.find((m) => m.codigo === canal)?.nombre ?? etiquetaCanal(canal);
  };
}

function Referencias({ pago }: { pago: PagoDetalle }) {
  return (
    <>
      <span className="block font-mono text-xs break-all">{pago.referencia_pago}</span>
      {pago.referencia_externa ? (
        <span className="block text-xs break-all text-muted-foreground">{p.referenciaExterna(pago.referencia_externa)}</span>
      ) : null}
    </>
  );
}

function FilaPago({ pago, canal }: { pago: PagoDetalle; canal: string }) {
  return (
    <TableRow>
      <TableCell className="align-top">
        <span className="block whitespace-nowrap">{formatDate(pago.fecha_pago)}</span>
        {/* On phones the credit, channel and reference columns fold into this cell. */}
        <span className="block font-mono text-xs text-muted-foreground sm:hidden">{pago.numero_credito}</span>
        <span className="block text-xs text-muted-foreground md:hidden">{canal}</span>
        <div className="md:hidden">
          <Referencias pago={pago} />
        </div>
      </TableCell>
      <TableCell className="hidden align-top font-mono text-xs whitespace-nowrap sm:table-cell">{pago.numero_credito}</TableCell>
      <TableCell className="text-right align-top whitespace-nowrap tabular-nums">{formatCRC(pago.monto_centimos)}</TableCell>
      <TableCell className="hidden align-top md:table-cell">{canal}</TableCell>
      <TableCell className="hidden max-w-48 align-top md:table-cell">
        <Referencias pago={pago} />
      </TableCell>
      <TableCell className="hidden align-top lg:table-cell">
        {pago.cuenta_destino ? (
          <>
            <span className="block">{pago.cuenta_destino.banco}</span>
            <span className="block font-mono text-xs text-muted-foreground">{pago.cuenta_destino.numero_cuenta}</span>
          </>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell className="align-top">
        <PagoEstadoBadge estado={pago.estado} />
        {pago.estado === 'revertido' && pago.motivo_rechazo ? (
          <span className="mt-1 block max-w-40 text-xs text-muted-foreground">{p.motivoRechazo(pago.motivo_rechazo)}</span>
        ) : null}
        {pago.estado === 'reversado' && pago.motivo_reversion ? (
          <span className="mt-1 block max-w-40 text-xs text-muted-foreground">{pago.motivo_reversion}</span>
        ) : null}
        {pago.numero_recibo ? (
          <a
            href={reciboPortalUrl(pago.id)}
            target="_blank"
            rel="noopener"
            className="mt-1 block text-xs font-medium text-primary underline-offset-4 hover:underline"
          >
            {v.recibo} {pago.numero_recibo}
          </a>
        ) : null}
        {pago.cuenta_destino ? (
          <span className="mt-1 block text-xs text-muted-foreground lg:hidden">{pago.cuenta_destino.banco}</span>
        ) : null}
      </TableCell>
    </TableRow>
  );
}

/** The columns' visibility, shared by the header, the rows and the loading skeleton. */
const COLUMNAS = ['', 'hidden sm:table-cell', '', 'hidden md:table-cell', 'hidden md:table-cell', 'hidden lg:table-cell', ''];

function FilasCargando() {
  return Array.from({ length: 4 }, (_, i) => (
    <TableRow key={i}>
      {COLUMNAS.map((clase, j) => (
        <TableCell key={j} className={clase}>
          <Skeleton className="h-5 w-full max-w-28" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

/** Mis Pagos: the customer's payments with their estado (GET /api/portal/pagos), newest first. */
export function MisPagosTab() {
  const titleId = useId();
  const pagination = useCursorPagination();
  const { data, isPending, isError, error, isFetching, refetch } = useListarPagosPortal(pagination.cursor);
  const nombreCanal = useNombreCanal();

  return (
    <Card>
      <CardHeader>
        <CardTitle id={titleId}>{p.titulo}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isError ? (
          <LoadError title={p.loadError} error={error} onRetry={() => void refetch()} />
        ) : !isPending && data.items.length === 0 && !pagination.hasPrevious ? (
          <EmptyState icon={<Receipt />} title={p.vacio} description={p.vacioTexto} />
        ) : (
          <TablaConEncabezado
            aria-labelledby={titleId}
            aria-busy={isPending || isFetching}
            encabezado={
              <>
                <TableHead>{c.fecha}</TableHead>
                <TableHead className="hidden sm:table-cell">{c.credito}</TableHead>
                <TableHead className="text-right">{c.monto}</TableHead>
                <TableHead className="hidden md:table-cell">{c.canal}</TableHead>
                <TableHead className="hidden md:table-cell">{c.referencia}</TableHead>
                <TableHead className="hidden lg:table-cell">{c.cuenta}</TableHead>
                <TableHead>{c.estado}</TableHead>
              </>
            }
          >
            {isPending ? (
              <FilasCargando />
            ) : (
              data.items.map((pago) => <FilaPago key={pago.id} pago={pago} canal={nombreCanal(pago.canal)} />)
            )}
          </TablaConEncabezado>
        )}
        {isError ? null : <PaginacionCursor paginacion={pagination} siguiente={data?.nextCursor} disabled={isFetching} />}
      </CardContent>
    </Card>
  );
}
