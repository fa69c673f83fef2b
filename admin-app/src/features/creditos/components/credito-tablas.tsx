import { formatCRC, formatDate, TEXTS } from '@cuota/shared';
import { cuotaEstadoLabel, cuotaVencida, hoyCR } from '@cuota/shared/documents';
import {
  Badge,
  EmptyState,
  PaginacionCursor,
  PagoEstadoBadge,
  Skeleton,
  TablaConEncabezado,
  TableCell,
  TableHead,
  TableRow,
  useCursorPagination,
} from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import { useListarCuotasCredito } from '../api/listar-cuotas-credito';
import { useListarPagosCredito } from '../api/listar-pagos-credito';

const c = TEXTS.creditos;
const d = TEXTS.deuda;
const right = 'text-right tabular-nums';

function Loading() {
  return (
    <div className="grid gap-2" aria-busy>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  );
}

/**
 * The embedded amortization schedule (spec §2 Credit detail, §4 Cuota display), with each cuota's
 * días de mora and mora (on phones the mora goes under the total).
 */
export function CuotasTable({ creditoId }: { creditoId: string }) {
  const { data, isPending, isError, error, refetch } = useListarCuotasCredito(creditoId);
  if (isError) return <LoadError title={c.loadError} error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loading />;
  if (data.length === 0) return <EmptyState title={c.emptyCuotas} />;
  const col = c.cuotaCols;
  const hoy = hoyCR();
  return (
    <TablaConEncabezado
      encabezado={
        <>
          <TableHead>{col.numero}</TableHead>
          <TableHead className="hidden sm:table-cell">{col.fecha}</TableHead>
          <TableHead className={right}>{col.total}</TableHead>
          <TableHead className={`${right} hidden md:table-cell`}>{col.capital}</TableHead>
          <TableHead className={`${right} hidden md:table-cell`}>{col.interes}</TableHead>
          <TableHead className={`${right} hidden lg:table-cell`}>{col.saldo}</TableHead>
          <TableHead className={`${right} hidden md:table-cell`}>{d.cuotaCols.diasMora}</TableHead>
          <TableHead className={`${right} hidden md:table-cell`}>{d.cuotaCols.mora}</TableHead>
          <TableHead>{col.estado}</TableHead>
        </>
      }
    >
      {data.map((cuota) => {
        const label = cuotaEstadoLabel(cuota, hoy);
        const variant = cuota.pagada ? 'success' : cuotaVencida(cuota, hoy) ? 'destructive' : 'secondary';
        return (
          <TableRow key={cuota.id}>
            <TableCell className="tabular-nums">
              {cuota.numero_cuota}
              <span className="block text-xs whitespace-nowrap text-muted-foreground sm:hidden">
                {formatDate(cuota.fecha_vencimiento)}
              </span>
            </TableCell>
            <TableCell className="hidden sm:table-cell">{formatDate(cuota.fecha_vencimiento)}</TableCell>
            <TableCell className={right}>
              {formatCRC(cuota.monto_total_centimos)}
              {cuota.monto_mora_centimos > 0 ? (
                <span className="block text-xs whitespace-nowrap text-muted-foreground md:hidden">
                  {d.cuotaCols.mora} {formatCRC(cuota.monto_mora_centimos)}
                </span>
              ) : null}
            </TableCell>
            <TableCell className={`${right} hidden md:table-cell`}>{formatCRC(cuota.monto_capital_centimos)}</TableCell>
            <TableCell className={`${right} hidden md:table-cell`}>{formatCRC(cuota.monto_interes_centimos)}</TableCell>
            <TableCell className={`${right} hidden lg:table-cell`}>{formatCRC(cuota.saldo_capital_despues_centimos)}</TableCell>
            <TableCell className={`${right} hidden md:table-cell`}>{cuota.dias_mora}</TableCell>
            <TableCell className={`${right} hidden md:table-cell`}>{formatCRC(cuota.monto_mora_centimos)}</TableCell>
            <TableCell>
              <Badge variant={variant}>{label}</Badge>
            </TableCell>
          </TableRow>
        );
      })}
    </TablaConEncabezado>
  );
}

/** 'Historial de Pagos': the loan's payments, newest first, cursor-paginated. */
export function PagosCredito({ creditoId }: { creditoId: string }) {
  const pagination = useCursorPagination();
  const { data, isPending, isError, error, isFetching, refetch } = useListarPagosCredito(creditoId, pagination.cursor);
  if (isError) return <LoadError title={c.loadError} error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loading />;
  if (data.items.length === 0) return <EmptyState title={c.emptyPagos} />;
  const col = c.pagoCols;
  return (
    <div className="grid gap-4">
      <TablaConEncabezado
        aria-busy={isFetching}
        encabezado={
          <>
            <TableHead>{col.referencia}</TableHead>
            <TableHead>{col.estado}</TableHead>
            <TableHead className={right}>{col.monto}</TableHead>
            <TableHead className="hidden md:table-cell">{col.fecha}</TableHead>
            <TableHead className="hidden md:table-cell">{col.canal}</TableHead>
            <TableHead className="hidden lg:table-cell">{col.externa}</TableHead>
          </>
        }
      >
        {data.items.map((pago) => (
          <TableRow key={pago.id}>
            <TableCell>
              <span className="font-medium break-all sm:break-normal">{pago.referencia_pago}</span>
              <span className="block text-xs text-muted-foreground md:hidden">
                {formatDate(pago.fecha_pago)} · {pago.canal}
              </span>
            </TableCell>
            <TableCell>
              <PagoEstadoBadge estado={pago.estado} />
            </TableCell>
            <TableCell className={right}>{formatCRC(pago.monto_centimos)}</TableCell>
            <TableCell className="hidden md:table-cell">{formatDate(pago.fecha_pago)}</TableCell>
            <TableCell className="hidden md:table-cell">{pago.canal}</TableCell>
            <TableCell className="hidden lg:table-cell">{pago.referencia_externa ?? '—'}</TableCell>
          </TableRow>
        ))}
      </TablaConEncabezado>
      <PaginacionCursor paginacion={pagination} siguiente={data.nextCursor} disabled={isFetching} />
    </div>
  );
}
