import { formatearIdentificacion } from '@cuota/shared/identidad';
import type { Cliente } from '@cuota/shared/schemas/cliente';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { LARGO_MAXIMO_BUSQUEDA } from '@cuota/shared/schemas/common';
import {
  BotonDesplegar,
  EmptyState,
  EncabezadoDePagina,
  KycBadge,
  RiskBadge,
  SearchInput,
  SearchX,
  Spinner,
  TarjetaDesplegable,
  useDesplegable,
} from '@cuota/shared/ui';
import { BotonExportarCsv, CargaDiferida, EnlaceVer, TarjetaDeLista, type Columna } from '@cuota/shared/web';
import { lazy, useMemo } from 'react';
import { SIN_FILTROS, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';
import { exportacionClientes } from '../api/exportar-clientes';
import { useListarClientes } from '../api/listar-clientes';

/** The form (and the form library) loads when 'Nuevo Cliente' opens it, not with the list. */
const ClienteForm = lazy(async () => ({ default: (await import('./cliente-form')).ClienteForm }));

const c = clientesTexts;

const COLUMNAS: Columna<Cliente>[] = [
  {
    titulo: c.columns.cliente,
    celda: (cliente) => (
      <>
        <span className="font-medium">
          {cliente.nombre} {cliente.apellido}
        </span>
        {/* On small screens the email column is hidden: show it under the name. */}
        <span className="block text-xs text-muted-foreground md:hidden">{cliente.email}</span>
      </>
    ),
  },
  {
    titulo: c.columns.email,
    clase: 'hidden md:table-cell',
    claseCelda: 'text-muted-foreground',
    celda: (cliente) => cliente.email,
  },
  {
    titulo: c.columns.identificacion,
    clase: 'hidden lg:table-cell',
    celda: (cliente) =>
      cliente.identidad_numero ? (
        <>
          <span className="text-xs text-muted-foreground">{c.identidadTipos[cliente.identidad_tipo]} </span>
          {formatearIdentificacion(cliente.identidad_tipo, cliente.identidad_numero)}
        </>
      ) : (
        '—'
      ),
  },
  { titulo: c.columns.kyc, celda: (cliente) => <KycBadge completo={cliente.kyc_completado} /> },
  { titulo: c.columns.riesgo, celda: (cliente) => <RiskBadge riesgo={cliente.riesgo} /> },
  {
    titulo: c.columns.score,
    clase: 'text-right',
    claseCelda: 'tabular-nums',
    celda: (cliente) => cliente.score_crediticio ?? '—',
  },
  {
    titulo: c.columns.acciones,
    tituloOculto: true,
    clase: 'text-right',
    celda: (cliente) => (
      <EnlaceVer
        to={`/clientes/${cliente.id}`}
        texto={c.viewProfile}
        etiqueta={`${c.viewProfile}: ${cliente.nombre} ${cliente.apellido}`}
      />
    ),
  },
];

export function ClientesPage() {
  const formulario = useDesplegable();
  const {
    busqueda: { q, campo },
    paginacion: pagination,
  } = useListaEnUrl(SIN_FILTROS);
  const exportacion = useMemo(() => exportacionClientes(q), [q]);
  const consulta = useListarClientes({ q, cursor: pagination.cursor });

  return (
    <div className="grid gap-6">
      <EncabezadoDePagina
        titulo={c.title}
        subtitulo={c.subtitle}
        acciones={<BotonDesplegar desplegable={formulario} abrir={c.newClient} cerrar={c.cancel} />}
      />

      <TarjetaDesplegable desplegable={formulario} titulo={c.formTitle}>
        <CargaDiferida fallback={<Spinner className="mx-auto my-8 size-6" />}>
          <ClienteForm onCreated={formulario.cerrar} />
        </CargaDiferida>
      </TarjetaDesplegable>

      <TarjetaDeLista
        filtros={
          <>
            <SearchInput
              className="max-w-md"
              aria-label={c.searchLabel}
              placeholder={c.searchPlaceholder}
              maxLength={LARGO_MAXIMO_BUSQUEDA}
              {...campo}
            />
            <BotonExportarCsv exportacion={exportacion} />
          </>
        }
        claseFiltros="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
        consulta={consulta}
        paginacion={pagination}
        errorTitulo={c.loadError}
        vacio={<EmptyState icon={<SearchX />} title={c.empty} />}
        columnasCarga={5}
        columnas={COLUMNAS}
        clave={(cliente) => cliente.id}
      />
    </div>
  );
}
