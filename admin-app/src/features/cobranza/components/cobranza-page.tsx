import { formatCRC } from '@cuota/shared/montos';
import { BUCKETS_COBRANZA, ORDENES_COBRANZA, type BucketCobranza, type ItemCobranza } from '@cuota/shared/schemas/cobranza';
import { cobranzaTexts } from '@cuota/shared/texts/cobranza';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  cn,
  EmptyState,
  EncabezadoDePagina,
  Input,
  PaginacionCursor,
  SearchX,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@cuota/shared/ui';
import { BotonExportarCsv, enlacesDeContacto, LoadError, useObtenerYo, useTieneRol } from '@cuota/shared/web';
import { useMemo, useState } from 'react';
import { exportacionCobranza } from '../api/exportar-cobranza';
import { Link } from 'react-router-dom';
import { useListarCobranza, useProductosFiltro, type ListarCobranzaParams } from '../api/listar-cobranza';
import { AsignarDialog } from './asignar-dialog';
import { opcionEnUrl, textoEnUrl, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';

const t = cobranzaTexts;

const FILTROS = {
  bucket: opcionEnUrl<BucketCobranza, ''>(BUCKETS_COBRANZA, ''),
  /** A cobrador's id, 'sin_asignar' or empty (all). */
  cobrador: textoEnUrl(),
  producto: textoEnUrl(),
  orden: opcionEnUrl<ListarCobranzaParams['orden'], 'dias_mora'>(ORDENES_COBRANZA, 'dias_mora'),
};

/** The collections worklist: bucket chips, filters, a table (cards on a phone), one-tap contact, bulk assignment (admin). */
export function CobranzaPage() {
  const esAdmin = useTieneRol('admin');
  const { data: yo } = useObtenerYo();
  const {
    filtros: { bucket, cobrador, producto, orden },
    cambiar,
    busqueda: { q: zona, campo: campoZona },
    paginacion,
  } = useListaEnUrl(FILTROS, { parametroBusqueda: 'zona' });
  const [seleccion, setSeleccion] = useState<Set<string>>(new Set());
  const clave = `${bucket}|${cobrador}|${producto}|${zona}|${orden}`;
  // the bulk selection belongs to the rows on screen: a new filter, sort or page clears it
  const vista = `${clave}|${paginacion.cursor ?? ''}`;
  const [vistaSeleccion, setVistaSeleccion] = useState(vista);
  if (vistaSeleccion !== vista) {
    setVistaSeleccion(vista);
    setSeleccion(new Set());
  }
  const consulta = useListarCobranza({
    bucket: bucket || undefined,
    cobrador: cobrador || undefined,
    producto: producto || undefined,
    zona: zona || undefined,
    orden,
    cursor: paginacion.cursor,
  });
  // 'Exportar CSV' reads the same route with the same filters and sort, every page
  const exportacion = useMemo(
    () =>
      exportacionCobranza({
        bucket: bucket || undefined,
        cobrador: cobrador || undefined,
        producto: producto || undefined,
        zona: zona || undefined,
        orden,
      }),
    [bucket, cobrador, producto, zona, orden],
  );
  const productos = useProductosFiltro();
  const datos = consulta.data;
  const items = datos?.items ?? [];
  const alternar = (id: string) =>
    setSeleccion((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <EncabezadoDePagina titulo={t.title} subtitulo={t.subtitle} />
      <div className="flex flex-wrap gap-2" role="group" aria-label={t.subtitle}>
        <Chip activo={bucket === ''} onClick={() => cambiar({ bucket: '' })} texto={t.todos} />
        {BUCKETS_COBRANZA.map((b) => {
          const total = datos?.totales.find((x) => x.bucket === b);
          return (
            <Chip
              key={b}
              activo={bucket === b}
              onClick={() => cambiar({ bucket: b })}
              texto={`${t.bucket[b]} (${total?.creditos ?? 0})`}
              detalle={total ? formatCRC(total.monto_vencido_centimos) : undefined}
            />
          );
        })}
      </div>
      <Card>
        <CardHeader>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Select aria-label={t.filtros.cobrador} value={cobrador} onChange={(e) => cambiar({ cobrador: e.target.value })}>
              <option value="">{t.filtros.cobradorTodos}</option>
              {yo && !esAdmin && yo.roles.includes('cobrador') ? (
                <option value={yo.userId}>{t.filtros.misCreditos}</option>
              ) : null}
              <option value="sin_asignar">{t.filtros.sinAsignar}</option>
              {(datos?.cobradores ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nombre}
                </option>
              ))}
            </Select>
            <Select aria-label={t.filtros.producto} value={producto} onChange={(e) => cambiar({ producto: e.target.value })}>
              <option value="">{t.filtros.productoTodos}</option>
              {(productos.data?.items ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nombre}
                </option>
              ))}
            </Select>
            <Input aria-label={t.filtros.zona} placeholder={t.filtros.zonaPlaceholder} {...campoZona} />
            <Select
              aria-label={t.filtros.orden}
              value={orden}
              onChange={(e) => cambiar({ orden: e.target.value as ListarCobranzaParams['orden'] })}
            >
              <option value="dias_mora">{t.filtros.ordenDias}</option>
              <option value="monto_vencido">{t.filtros.ordenMonto}</option>
            </Select>
          </div>
          <div className="mt-3 flex justify-end">
            <BotonExportarCsv exportacion={exportacion} />
          </div>
          {esAdmin && seleccion.size > 0 ? (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <span className="text-sm text-muted-foreground">{t.seleccionados(seleccion.size)}</span>
              <AsignarDialog creditoIds={[...seleccion]} onAsignado={() => setSeleccion(new Set())} />
            </div>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          {consulta.isPending ? (
            <div className="grid gap-2" aria-label={t.loading} role="status">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-16 w-full" />
              ))}
            </div>
          ) : consulta.isError ? (
            <LoadError title={t.loadError} error={consulta.error} onRetry={() => void consulta.refetch()} />
          ) : items.length === 0 ? (
            <EmptyState icon={<SearchX />} title={t.empty} />
          ) : (
            <>
              <ul className="grid gap-3 md:hidden" aria-label={t.title}>
                {items.map((item) => (
                  <li key={item.credito_id}>
                    <TarjetaCobranza item={item} admin={esAdmin} marcado={seleccion.has(item.credito_id)} alternar={alternar} />
                  </li>
                ))}
              </ul>
              <div className="hidden md:block">
                <TablaCobranza items={items} admin={esAdmin} seleccion={seleccion} alternar={alternar} />
              </div>
            </>
          )}
          <PaginacionCursor paginacion={paginacion} siguiente={datos?.nextCursor} disabled={consulta.isFetching} />
        </CardContent>
      </Card>
    </div>
  );
}

function Chip({ activo, onClick, texto, detalle }: { activo: boolean; onClick: () => void; texto: string; detalle?: string }) {
  return (
    <button
      type="button"
      aria-pressed={activo}
      onClick={onClick}
      className={cn(
        'rounded-full border px-3 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
        activo ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card hover:bg-muted',
      )}
    >
      {texto}
      {detalle ? <span className="ml-1 text-xs opacity-80 tabular-nums">· {detalle}</span> : null}
    </button>
  );
}

function Contacto({ item }: { item: ItemCobranza }) {
  const enlaces = enlacesDeContacto({
    telefono: item.telefono,
    nombre: item.cliente_nombre,
    numeroCredito: item.numero_credito,
    montoAlDiaCentimos: item.monto_vencido_centimos,
  });
  if (!enlaces) return <span className="text-xs text-muted-foreground">{t.sinTelefono}</span>;
  return (
    <div className="flex gap-2">
      <Button asChild size="sm" variant="outline">
        <a href={enlaces.tel} aria-label={`${t.llamar} ${item.cliente_nombre}`}>
          {t.llamar}
        </a>
      </Button>
      <Button asChild size="sm" variant="outline">
        <a href={enlaces.whatsapp} target="_blank" rel="noreferrer" aria-label={`${t.whatsapp} ${item.cliente_nombre}`}>
          {t.whatsapp}
        </a>
      </Button>
    </div>
  );
}

function Alerta({ item }: { item: ItemCobranza }) {
  if (item.alerta !== 'promesa_incumplida') return null;
  return (
    <Badge variant="destructive" title={item.promesa_incumplida ? t.alertaPromesaDetalle(item.promesa_incumplida) : undefined}>
      {t.alertaPromesa}
    </Badge>
  );
}

function Seleccion({ item, marcado, alternar }: { item: ItemCobranza; marcado: boolean; alternar: (id: string) => void }) {
  return (
    <input
      type="checkbox"
      className="size-5"
      aria-label={t.seleccionar(item.numero_credito)}
      checked={marcado}
      onChange={() => alternar(item.credito_id)}
    />
  );
}

function TarjetaCobranza(props: { item: ItemCobranza; admin: boolean; marcado: boolean; alternar: (id: string) => void }) {
  const { item } = props;
  return (
    <article className="grid gap-2 rounded-lg border border-border bg-card p-3" aria-label={item.numero_credito}>
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <Link to={`/creditos/${item.credito_id}`} className="font-medium text-primary underline-offset-2 hover:underline">
            {item.numero_credito}
          </Link>
          <p className="truncate text-sm">{item.cliente_nombre}</p>
        </div>
        {props.admin ? <Seleccion item={item} marcado={props.marcado} alternar={props.alternar} /> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Badge variant="outline">{t.dias(item.dias_mora)}</Badge>
        <Alerta item={item} />
        <span className="font-semibold tabular-nums">{formatCRC(item.monto_vencido_centimos)}</span>
      </div>
      <p className="text-xs text-muted-foreground">
        {[item.producto_nombre, item.zona, item.cobrador_nombre ?? t.sinAsignar].filter(Boolean).join(' · ')}
      </p>
      <Contacto item={item} />
    </article>
  );
}

function TablaCobranza(props: { items: ItemCobranza[]; admin: boolean; seleccion: Set<string>; alternar: (id: string) => void }) {
  const c = t.columnas;
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {props.admin ? (
            <TableHead>
              <span className="sr-only">{t.seleccionarTodos}</span>
            </TableHead>
          ) : null}
          <TableHead>{c.credito}</TableHead>
          <TableHead>{c.cliente}</TableHead>
          <TableHead className="text-right">{c.dias}</TableHead>
          <TableHead className="text-right">{c.vencido}</TableHead>
          <TableHead className="hidden text-right lg:table-cell">{c.saldo}</TableHead>
          <TableHead className="hidden xl:table-cell">{c.producto}</TableHead>
          <TableHead className="hidden lg:table-cell">{c.zona}</TableHead>
          <TableHead>{c.cobrador}</TableHead>
          <TableHead>{c.contacto}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {props.items.map((item) => (
          <TableRow key={item.credito_id}>
            {props.admin ? (
              <TableCell>
                <Seleccion item={item} marcado={props.seleccion.has(item.credito_id)} alternar={props.alternar} />
              </TableCell>
            ) : null}
            <TableCell>
              <Link to={`/creditos/${item.credito_id}`} className="font-medium whitespace-nowrap text-primary hover:underline">
                {item.numero_credito}
              </Link>
              <div className="mt-1">
                <Alerta item={item} />
              </div>
            </TableCell>
            <TableCell>{item.cliente_nombre}</TableCell>
            <TableCell className="text-right tabular-nums">{item.dias_mora}</TableCell>
            <TableCell className="text-right font-medium tabular-nums">{formatCRC(item.monto_vencido_centimos)}</TableCell>
            <TableCell className="hidden text-right tabular-nums lg:table-cell">
              {formatCRC(item.saldo_capital_centimos)}
            </TableCell>
            <TableCell className="hidden xl:table-cell">{item.producto_nombre ?? ''}</TableCell>
            <TableCell className="hidden lg:table-cell">{item.zona ?? ''}</TableCell>
            <TableCell>{item.cobrador_nombre ?? t.sinAsignar}</TableCell>
            <TableCell>
              <Contacto item={item} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
