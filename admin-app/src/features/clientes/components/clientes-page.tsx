import { formatearIdentificacion, TEXTS } from '@cuota/shared';
import {
  BotonDesplegar,
  Card,
  CardContent,
  CardHeader,
  EmptyState,
  EncabezadoDePagina,
  KycBadge,
  RiskBadge,
  SearchInput,
  SearchX,
  TableCell,
  TableHead,
  TableRow,
  TarjetaDesplegable,
  useCursorPagination,
  useDesplegable,
} from '@cuota/shared/ui';
import { BotonExportarCsv, EnlaceVer, TablaPaginada, useDebouncedValue } from '@cuota/shared/web';
import { useMemo, useState } from 'react';
import { exportacionClientes } from '../api/exportar-clientes';
import { useListarClientes } from '../api/listar-clientes';
import { ClienteForm } from './cliente-form';

const c = TEXTS.clientes;
export const SEARCH_DEBOUNCE_MS = 300;

export function ClientesPage() {
  const formulario = useDesplegable();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const exportacion = useMemo(() => exportacionClientes(q), [q]);
  const pagination = useCursorPagination(q);
  const consulta = useListarClientes({ q, cursor: pagination.cursor });

  return (
    <div className="grid gap-6">
      <EncabezadoDePagina
        titulo={c.title}
        subtitulo={c.subtitle}
        acciones={<BotonDesplegar desplegable={formulario} abrir={c.newClient} cerrar={c.cancel} />}
      />

      <TarjetaDesplegable desplegable={formulario} titulo={c.formTitle}>
        <ClienteForm onCreated={formulario.cerrar} />
      </TarjetaDesplegable>

      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <SearchInput
            className="max-w-md"
            aria-label={c.searchLabel}
            placeholder={c.searchPlaceholder}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <BotonExportarCsv exportacion={exportacion} />
        </CardHeader>
        <CardContent className="grid gap-4">
          <TablaPaginada
            consulta={consulta}
            paginacion={pagination}
            errorTitulo={c.loadError}
            vacio={<EmptyState icon={<SearchX />} title={c.empty} />}
            columnasCarga={5}
            encabezado={
              <TableRow>
                <TableHead>{c.columns.cliente}</TableHead>
                <TableHead className="hidden md:table-cell">{c.columns.email}</TableHead>
                <TableHead className="hidden lg:table-cell">{c.columns.identificacion}</TableHead>
                <TableHead>{c.columns.kyc}</TableHead>
                <TableHead>{c.columns.riesgo}</TableHead>
                <TableHead className="text-right">{c.columns.score}</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">{c.columns.acciones}</span>
                </TableHead>
              </TableRow>
            }
            clave={(cliente) => cliente.id}
            fila={(cliente) => (
              <TableRow>
                <TableCell>
                  <span className="font-medium">
                    {cliente.nombre} {cliente.apellido}
                  </span>
                  {/* On small screens the email column is hidden: show it under the name. */}
                  <span className="block text-xs text-muted-foreground md:hidden">{cliente.email}</span>
                </TableCell>
                <TableCell className="hidden text-muted-foreground md:table-cell">{cliente.email}</TableCell>
                <TableCell className="hidden lg:table-cell">
                  {cliente.identidad_numero ? (
                    <>
                      <span className="text-xs text-muted-foreground">{c.identidadTipos[cliente.identidad_tipo]} </span>
                      {formatearIdentificacion(cliente.identidad_tipo, cliente.identidad_numero)}
                    </>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>
                  <KycBadge completo={cliente.kyc_completado} />
                </TableCell>
                <TableCell>
                  <RiskBadge riesgo={cliente.riesgo} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{cliente.score_crediticio ?? '—'}</TableCell>
                <TableCell className="text-right">
                  <EnlaceVer
                    to={`/clientes/${cliente.id}`}
                    texto={c.viewProfile}
                    etiqueta={`${c.viewProfile}: ${cliente.nombre} ${cliente.apellido}`}
                  />
                </TableCell>
              </TableRow>
            )}
          />
        </CardContent>
      </Card>
    </div>
  );
}
