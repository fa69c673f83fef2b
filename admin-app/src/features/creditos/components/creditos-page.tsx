import { CREDITO_ESTADOS, formatCRC, TEXTS } from '@cuota/shared';
import {
  Card,
  CardContent,
  CardHeader,
  CreditoEstadoBadge,
  EmptyState,
  EncabezadoDePagina,
  Opciones,
  SearchInput,
  SearchX,
  Select,
  TableCell,
  TableHead,
  TableRow,
  useCursorPagination,
} from '@cuota/shared/ui';
import { BotonExportarCsv, EnlaceVer, TablaPaginada, useDebouncedValue } from '@cuota/shared/web';
import { useMemo, useState } from 'react';
import { exportacionCreditos } from '../api/exportar-creditos';
import { useListarCreditos, type ListarCreditosParams } from '../api/listar-creditos';

const c = TEXTS.creditos;
export const SEARCH_DEBOUNCE_MS = 300;
type Estado = NonNullable<ListarCreditosParams['estado']>;

export function CreditosPage() {
  const [search, setSearch] = useState('');
  const [estado, setEstado] = useState<Estado | ''>('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const pagination = useCursorPagination(`${q}|${estado}`);
  const exportacion = useMemo(() => exportacionCreditos({ q, estado: estado || undefined }), [q, estado]);
  const consulta = useListarCreditos({
    q,
    estado: estado || undefined,
    cursor: pagination.cursor,
  });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <EncabezadoDePagina titulo={c.title} subtitulo={c.subtitle} />

      <Card>
        <CardHeader>
          <div className="flex flex-col gap-3 sm:flex-row">
            <SearchInput
              className="w-full max-w-md"
              aria-label={c.searchLabel}
              placeholder={c.searchPlaceholder}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <div className="w-full sm:w-56">
              <Select
                aria-label={c.estadoLabel}
                value={estado}
                onChange={(event) => setEstado(event.target.value as Estado | '')}
              >
                <option value="">{c.todos}</option>
                <Opciones valores={CREDITO_ESTADOS} etiquetas={TEXTS.creditoEstado} />
              </Select>
            </div>
            <div className="sm:ml-auto">
              <BotonExportarCsv exportacion={exportacion} />
            </div>
          </div>
        </CardHeader>
        <CardContent className="grid gap-4">
          <TablaPaginada
            consulta={consulta}
            paginacion={pagination}
            errorTitulo={c.loadError}
            vacio={<EmptyState icon={<SearchX />} title={c.empty} />}
            columnasCarga={6}
            encabezado={
              <TableRow>
                <TableHead>{c.columns.numero}</TableHead>
                <TableHead className="hidden md:table-cell">{c.columns.cliente}</TableHead>
                <TableHead className="hidden lg:table-cell">{c.columns.producto}</TableHead>
                <TableHead className="hidden text-right lg:table-cell">{c.columns.monto}</TableHead>
                <TableHead className="hidden text-right sm:table-cell">{c.columns.saldo}</TableHead>
                <TableHead className="hidden sm:table-cell">{c.columns.estado}</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">{c.columns.acciones}</span>
                </TableHead>
              </TableRow>
            }
            clave={(credito) => credito.id}
            fila={(credito) => {
              const cliente = `${credito.cliente_nombre} ${credito.cliente_apellido}`;
              return (
                <TableRow>
                  <TableCell>
                    <span className="font-medium whitespace-nowrap">{credito.numero_credito}</span>
                    <span className="block text-xs text-muted-foreground md:hidden">{cliente}</span>
                    <span className="block text-xs tabular-nums sm:hidden">
                      {c.columns.saldo}: {formatCRC(credito.saldo_capital_centimos)}
                    </span>
                    <span className="mt-1 block sm:hidden">
                      <CreditoEstadoBadge estado={credito.estado} />
                    </span>
                  </TableCell>
                  <TableCell className="hidden md:table-cell">{cliente}</TableCell>
                  <TableCell className="hidden lg:table-cell">{credito.producto_nombre ?? c.na}</TableCell>
                  <TableCell className="hidden text-right tabular-nums lg:table-cell">
                    {formatCRC(credito.monto_principal_centimos)}
                  </TableCell>
                  <TableCell className="hidden text-right tabular-nums sm:table-cell">
                    {formatCRC(credito.saldo_capital_centimos)}
                  </TableCell>
                  <TableCell className="hidden sm:table-cell">
                    <CreditoEstadoBadge estado={credito.estado} />
                  </TableCell>
                  <TableCell className="text-right">
                    <EnlaceVer
                      to={`/creditos/${credito.id}`}
                      texto={c.verDetalles}
                      etiqueta={`${c.verDetalles}: ${credito.numero_credito}`}
                    />
                  </TableCell>
                </TableRow>
              );
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
