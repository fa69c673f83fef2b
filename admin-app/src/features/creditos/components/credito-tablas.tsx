import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import { creditosTexts } from '@cuota/shared/texts/creditos';
import { deudaTexts } from '@cuota/shared/texts/deuda';
import { etiquetaCanal } from '@cuota/shared/texts/etiquetas';
import { pagoVentanillaTexts } from '@cuota/shared/texts/pagoVentanilla';
import { riesgoTexts } from '@cuota/shared/texts/riesgo';
import { cuotaEstadoLabel, cuotaVencida, hoyCR } from '@cuota/shared/documents/cuota-estado';
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
} from '@cuota/shared/ui';
import { LoadError, useEsAdmin } from '@cuota/shared/web';
import { useListarCuotasCredito } from '../api/listar-cuotas-credito';
import { useListarPagosCredito } from '../api/listar-pagos-credito';
import { reciboUrl } from '../api/pagos-ventanilla';
import { RevertirPagoDialog } from './revertir-pago-dialog';
import { SIN_FILTROS, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';

const c = creditosTexts;
const d = deudaTexts;
const v = pagoVentanillaTexts;
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
      aria-label={c.amortizacion}
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

/**
 * 'Historial de Pagos': the loan's payments, newest first, cursor-paginated. Counter payments show
 * their receipt number and a 'Recibo' link; an admin can reverse an applied payment ('Revertir');
 * a reversed one says so, with its motivo.
 */
export function PagosCredito({ creditoId }: { creditoId: string }) {
  const { paginacion: pagination } = useListaEnUrl(SIN_FILTROS, { prefijo: 'pagos.' });
  const esAdmin = useEsAdmin();
  const { data, isPending, isError, error, isFetching, refetch } = useListarPagosCredito(creditoId, pagination.cursor);
  if (isError) return <LoadError title={c.loadError} error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loading />;
  if (data.items.length === 0) return <EmptyState title={c.emptyPagos} />;
  const col = c.pagoCols;
  const canal = etiquetaCanal;
  return (
    <div className="grid gap-4">
      <TablaConEncabezado
        aria-busy={isFetching}
        aria-label={c.historial}
        encabezado={
          <>
            <TableHead>{col.referencia}</TableHead>
            <TableHead>{col.estado}</TableHead>
            <TableHead className={right}>{col.monto}</TableHead>
            <TableHead className="hidden md:table-cell">{col.fecha}</TableHead>
            <TableHead className="hidden md:table-cell">{col.canal}</TableHead>
            <TableHead className="hidden lg:table-cell">{col.externa}</TableHead>
            <TableHead>
              <span className="sr-only">{v.recibo}</span>
            </TableHead>
          </>
        }
      >
        {data.items.map((pago) => (
          <TableRow key={pago.id} data-testid={`pago-${pago.numero_recibo ?? pago.id}`}>
            <TableCell>
              <span className="font-medium break-all sm:break-normal">{pago.numero_recibo ?? pago.referencia_pago}</span>
              {pago.numero_recibo && pago.referencia_pago !== pago.numero_recibo ? (
                <span className="block text-xs break-all text-muted-foreground">{pago.referencia_pago}</span>
              ) : null}
              <span className="block text-xs text-muted-foreground md:hidden">
                {formatDate(pago.fecha_pago)} · {canal(pago.canal)}
              </span>
              {pago.estado === 'reversado' && pago.motivo_reversion ? (
                <span className="block text-xs text-muted-foreground">
                  {v.reversadoEl(formatDate(pago.reversado_en ?? null))}: {pago.motivo_reversion}
                </span>
              ) : null}
            </TableCell>
            <TableCell>
              {/* a payment on a castigado credit is a recovery of what was written off */}
              {pago.recuperacion ? (
                <Badge variant="outline">{riesgoTexts.recuperacion}</Badge>
              ) : (
                <PagoEstadoBadge estado={pago.estado} />
              )}
            </TableCell>
            <TableCell className={`${right} ${pago.estado === 'reversado' ? 'line-through' : ''}`}>
              {formatCRC(pago.monto_centimos)}
            </TableCell>
            <TableCell className="hidden md:table-cell">{formatDate(pago.fecha_pago)}</TableCell>
            <TableCell className="hidden md:table-cell">{canal(pago.canal)}</TableCell>
            <TableCell className="hidden lg:table-cell">{pago.referencia_externa ?? '—'}</TableCell>
            <TableCell>
              <div className="flex flex-wrap justify-end gap-2">
                {pago.numero_recibo ? (
                  <a
                    href={reciboUrl(pago.id)}
                    target="_blank"
                    rel="noopener"
                    className="inline-flex h-8 items-center text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {v.recibo}
                  </a>
                ) : null}
                {esAdmin && pago.estado === 'conciliado' && !pago.recuperacion ? (
                  <RevertirPagoDialog creditoId={creditoId} pago={pago} />
                ) : null}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TablaConEncabezado>
      <PaginacionCursor paginacion={pagination} siguiente={data.nextCursor} disabled={isFetching} />
    </div>
  );
}
