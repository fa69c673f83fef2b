import { formatDate } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { etiquetaCanal } from '@cuota/shared/texts/etiquetas';
import {
  Button,
  CreditoEstadoBadge,
  EmptyState,
  Eye,
  PaginacionCursor,
  PagoEstadoBadge,
  Skeleton,
  SolicitudEstadoBadge,
  Table,
  TableBody,
  TableHeader,
  type CursorPagination,
} from '@cuota/shared/ui';
import { FilaDeCeldas, FilaDeEncabezados, LoadError, type Columna } from '@cuota/shared/web';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useListarCreditosCliente } from '../api/listar-creditos-cliente';
import { useListarPagosCliente } from '../api/listar-pagos-cliente';
import { useListarSolicitudesCliente } from '../api/listar-solicitudes-cliente';
import { SIN_FILTROS, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';

/** Each tab's page in the URL under its own prefix ('creditos.pagina=…'), so Back returns to it. */
const usePaginaDe = (sublista: string) => useListaEnUrl(SIN_FILTROS, { prefijo: `${sublista}.` }).paginacion;

const c = clientesTexts;
const col = c.columns;

interface SublistaProps<T> {
  query: UseQueryResult<{ items: T[]; nextCursor: string | null }>;
  pagination: CursorPagination;
  columns: Columna<T>[];
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
      <Table aria-busy={isFetching}>
        <TableHeader>
          <FilaDeEncabezados columnas={columns} />
        </TableHeader>
        <TableBody>
          {data.items.map((item) => (
            <FilaDeCeldas key={rowKey(item)} columnas={columns} item={item} />
          ))}
        </TableBody>
      </Table>
      <PaginacionCursor paginacion={pagination} siguiente={data.nextCursor} disabled={isFetching} />
    </div>
  );
}

const right = 'text-right tabular-nums';

export function SolicitudesCliente({ clienteId }: { clienteId: string }) {
  const pagination = usePaginaDe('solicitudes');
  const query = useListarSolicitudesCliente(clienteId, pagination.cursor);
  return (
    <Sublista
      query={query}
      pagination={pagination}
      empty={c.emptySolicitudes}
      rowKey={(s) => s.id}
      columns={[
        { titulo: col.numero, celda: (s) => <span className="font-medium">{s.numero_solicitud}</span> },
        { titulo: col.producto, celda: (s) => s.producto_nombre ?? '—' },
        { titulo: col.monto, celda: (s) => formatCRC(s.monto_solicitado_centimos), clase: right },
        { titulo: col.plazo, celda: (s) => `${s.plazo_meses} ${c.months}` },
        { titulo: col.estado, celda: (s) => <SolicitudEstadoBadge estado={s.estado} /> },
        { titulo: col.fecha, celda: (s) => formatDate(s.created_at) },
      ]}
    />
  );
}

export function CreditosCliente({ clienteId }: { clienteId: string }) {
  const pagination = usePaginaDe('creditos');
  const query = useListarCreditosCliente(clienteId, pagination.cursor);
  return (
    <Sublista
      query={query}
      pagination={pagination}
      empty={c.emptyCreditos}
      rowKey={(credito) => credito.id}
      columns={[
        { titulo: col.numero, celda: (credito) => <span className="font-medium">{credito.numero_credito}</span> },
        { titulo: col.producto, celda: (credito) => credito.producto_nombre ?? '—' },
        { titulo: col.monto, celda: (credito) => formatCRC(credito.monto_principal_centimos), clase: right },
        { titulo: col.saldo, celda: (credito) => formatCRC(credito.saldo_capital_centimos), clase: right },
        { titulo: col.estado, celda: (credito) => <CreditoEstadoBadge estado={credito.estado} /> },
        {
          titulo: col.acciones,
          clase: 'text-right',
          celda: (credito) => (
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
  const pagination = usePaginaDe('pagos');
  const query = useListarPagosCliente(clienteId, pagination.cursor);
  return (
    <Sublista
      query={query}
      pagination={pagination}
      empty={c.emptyPagos}
      rowKey={(pago) => pago.id}
      columns={[
        { titulo: col.referencia, celda: (pago) => <span className="font-medium">{pago.referencia_pago}</span> },
        { titulo: col.credito, celda: (pago) => pago.numero_credito },
        { titulo: col.monto, celda: (pago) => formatCRC(pago.monto_centimos), clase: right },
        { titulo: col.fecha, celda: (pago) => formatDate(pago.fecha_pago) },
        { titulo: col.canal, celda: (pago) => etiquetaCanal(pago.canal) },
        { titulo: col.estado, celda: (pago) => <PagoEstadoBadge estado={pago.estado} /> },
      ]}
    />
  );
}
