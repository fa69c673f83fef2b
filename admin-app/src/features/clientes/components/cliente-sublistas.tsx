import { formatCRC, formatDate, TEXTS } from '@cuota/shared';
import {
  Button,
  CreditoEstadoBadge,
  EmptyState,
  Eye,
  PaginacionCursor,
  PagoEstadoBadge,
  Skeleton,
  SolicitudEstadoBadge,
  TablaConEncabezado,
  TableCell,
  TableHead,
  TableRow,
  useCursorPagination,
} from '@cuota/shared/ui';
import { LoadError } from '@cuota/shared/web';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useListarCreditosCliente } from '../api/listar-creditos-cliente';
import { useListarPagosCliente } from '../api/listar-pagos-cliente';
import { useListarSolicitudesCliente } from '../api/listar-solicitudes-cliente';

const c = TEXTS.clientes;
const col = c.columns;

interface Column<T> {
  header: string;
  cell: (item: T) => ReactNode;
  className?: string;
}

interface SublistaProps<T> {
  query: UseQueryResult<{ items: T[]; nextCursor: string | null }>;
  pagination: ReturnType<typeof useCursorPagination>;
  columns: Column<T>[];
  empty: string;
  rowKey: (item: T) => string;
}

/** One profile tab: a paginated table with loading, error and empty states. */
function Sublista<T>({ query, pagination, columns, empty, rowKey }: SublistaProps<T>) {
  const { data, isPending, isError, error, isFetching, refetch } = query;
  if (isError) {
    return <LoadError title={c.loadError} error={error} onRetry={() => void refetch()} />;
  }
  if (isPending) {
    return (
      <div className="grid gap-2" aria-busy>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }
  if (data.items.length === 0) return <EmptyState title={empty} />;
  return (
    <div className="grid gap-4">
      <TablaConEncabezado
        aria-busy={isFetching}
        encabezado={
          <>
            {columns.map((column) => (
              <TableHead key={column.header} className={column.className}>
                {column.header}
              </TableHead>
            ))}
          </>
        }
      >
        {data.items.map((item) => (
          <TableRow key={rowKey(item)}>
            {columns.map((column) => (
              <TableCell key={column.header} className={column.className}>
                {column.cell(item)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TablaConEncabezado>
      <PaginacionCursor paginacion={pagination} siguiente={data.nextCursor} disabled={isFetching} />
    </div>
  );
}

const right = 'text-right tabular-nums';

export function SolicitudesCliente({ clienteId }: { clienteId: string }) {
  const pagination = useCursorPagination();
  const query = useListarSolicitudesCliente(clienteId, pagination.cursor);
  return (
    <Sublista
      query={query}
      pagination={pagination}
      empty={c.emptySolicitudes}
      rowKey={(s) => s.id}
      columns={[
        { header: col.numero, cell: (s) => <span className="font-medium">{s.numero_solicitud}</span> },
        { header: col.producto, cell: (s) => s.producto_nombre ?? '—' },
        { header: col.monto, cell: (s) => formatCRC(s.monto_solicitado_centimos), className: right },
        { header: col.plazo, cell: (s) => `${s.plazo_meses} ${c.months}` },
        { header: col.estado, cell: (s) => <SolicitudEstadoBadge estado={s.estado} /> },
        { header: col.fecha, cell: (s) => formatDate(s.created_at) },
      ]}
    />
  );
}

export function CreditosCliente({ clienteId }: { clienteId: string }) {
  const pagination = useCursorPagination();
  const query = useListarCreditosCliente(clienteId, pagination.cursor);
  return (
    <Sublista
      query={query}
      pagination={pagination}
      empty={c.emptyCreditos}
      rowKey={(credito) => credito.id}
      columns={[
        { header: col.numero, cell: (credito) => <span className="font-medium">{credito.numero_credito}</span> },
        { header: col.producto, cell: (credito) => credito.producto_nombre ?? '—' },
        { header: col.monto, cell: (credito) => formatCRC(credito.monto_principal_centimos), className: right },
        { header: col.saldo, cell: (credito) => formatCRC(credito.saldo_capital_centimos), className: right },
        { header: col.estado, cell: (credito) => <CreditoEstadoBadge estado={credito.estado} /> },
        {
          header: col.acciones,
          className: 'text-right',
          cell: (credito) => (
            <Button asChild variant="outline" size="sm">
              <Link to={`/creditos/${credito.id}`}>
                <Eye aria-hidden />
                {c.viewCredit}
              </Link>
            </Button>
          ),
        },
      ]}
    />
  );
}

export function PagosCliente({ clienteId }: { clienteId: string }) {
  const pagination = useCursorPagination();
  const query = useListarPagosCliente(clienteId, pagination.cursor);
  return (
    <Sublista
      query={query}
      pagination={pagination}
      empty={c.emptyPagos}
      rowKey={(pago) => pago.id}
      columns={[
        { header: col.referencia, cell: (pago) => <span className="font-medium">{pago.referencia_pago}</span> },
        { header: col.credito, cell: (pago) => pago.numero_credito },
        { header: col.monto, cell: (pago) => formatCRC(pago.monto_centimos), className: right },
        { header: col.fecha, cell: (pago) => formatDate(pago.fecha_pago) },
        { header: col.canal, cell: (pago) => pago.canal },
        { header: col.estado, cell: (pago) => <PagoEstadoBadge estado={pago.estado} /> },
      ]}
    />
  );
}
