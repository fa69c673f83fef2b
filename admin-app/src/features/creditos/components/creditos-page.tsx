import { formatCRC } from '@cuota/shared/montos';
import { CREDITO_ESTADOS, type Credito } from '@cuota/shared/schemas/lending';
import { creditoEstadoTexts } from '@cuota/shared/texts/creditoEstado';
import { creditosTexts } from '@cuota/shared/texts/creditos';
import { CreditoEstadoBadge, EmptyState, EncabezadoDePagina, Opciones, SearchInput, SearchX, Select } from '@cuota/shared/ui';
import { BotonExportarCsv, EnlaceVer, TarjetaDeLista, type Columna } from '@cuota/shared/web';
import { useMemo } from 'react';
import { opcionEnUrl, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';
import { exportacionCreditos } from '../api/exportar-creditos';
import { useListarCreditos, type ListarCreditosParams } from '../api/listar-creditos';

const c = creditosTexts;
type Estado = NonNullable<ListarCreditosParams['estado']>;

const clienteDe = (credito: Credito) => `${credito.cliente_nombre} ${credito.cliente_apellido}`;

const COLUMNAS: Columna<Credito>[] = [
  {
    titulo: c.columns.numero,
    celda: (credito) => (
      <>
        <span className="font-medium whitespace-nowrap">{credito.numero_credito}</span>
        <span className="block text-xs text-muted-foreground md:hidden">{clienteDe(credito)}</span>
        <span className="block text-xs tabular-nums sm:hidden">
          {c.columns.saldo}: {formatCRC(credito.saldo_capital_centimos)}
        </span>
        <span className="mt-1 block sm:hidden">
          <CreditoEstadoBadge estado={credito.estado} />
        </span>
      </>
    ),
  },
  { titulo: c.columns.cliente, clase: 'hidden md:table-cell', celda: clienteDe },
  { titulo: c.columns.producto, clase: 'hidden lg:table-cell', celda: (credito) => credito.producto_nombre ?? c.na },
  {
    titulo: c.columns.monto,
    clase: 'hidden text-right lg:table-cell',
    claseCelda: 'tabular-nums',
    celda: (credito) => formatCRC(credito.monto_principal_centimos),
  },
  {
    titulo: c.columns.saldo,
    clase: 'hidden text-right sm:table-cell',
    claseCelda: 'tabular-nums',
    celda: (credito) => formatCRC(credito.saldo_capital_centimos),
  },
  { titulo: c.columns.estado, clase: 'hidden sm:table-cell', celda: (credito) => <CreditoEstadoBadge estado={credito.estado} /> },
  {
    titulo: c.columns.acciones,
    tituloOculto: true,
    clase: 'text-right',
    celda: (credito) => (
      <EnlaceVer to={`/creditos/${credito.id}`} texto={c.verDetalles} etiqueta={`${c.verDetalles}: ${credito.numero_credito}`} />
    ),
  },
];

const FILTROS = { estado: opcionEnUrl<Estado, ''>(CREDITO_ESTADOS, '') };

export function CreditosPage() {
  const {
    busqueda: { q, campo },
    filtros: { estado },
    cambiar,
    paginacion: pagination,
  } = useListaEnUrl(FILTROS);
  const exportacion = useMemo(() => exportacionCreditos({ q, estado: estado || undefined }), [q, estado]);
  const consulta = useListarCreditos({
    q,
    estado: estado || undefined,
    cursor: pagination.cursor,
  });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <EncabezadoDePagina titulo={c.title} subtitulo={c.subtitle} />

      <TarjetaDeLista
        filtros={
          <div className="flex flex-col gap-3 sm:flex-row">
            <SearchInput className="w-full max-w-md" aria-label={c.searchLabel} placeholder={c.searchPlaceholder} {...campo} />
            <div className="w-full sm:w-56">
              <Select
                aria-label={c.estadoLabel}
                value={estado}
                onChange={(event) => cambiar({ estado: event.target.value as Estado | '' })}
              >
                <option value="">{c.todos}</option>
                <Opciones valores={CREDITO_ESTADOS} etiquetas={creditoEstadoTexts} />
              </Select>
            </div>
            <div className="sm:ml-auto">
              <BotonExportarCsv exportacion={exportacion} />
            </div>
          </div>
        }
        consulta={consulta}
        paginacion={pagination}
        errorTitulo={c.loadError}
        vacio={<EmptyState icon={<SearchX />} title={c.empty} />}
        columnasCarga={6}
        columnas={COLUMNAS}
        clave={(credito) => credito.id}
      />
    </div>
  );
}
