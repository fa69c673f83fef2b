import { formatDate, formatPorcentaje } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { ProductoDetalle } from '@cuota/shared/schemas/productos';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { productosTexts } from '@cuota/shared/texts/productos';
import { productosPageTexts } from '@cuota/shared/texts/productosPage';
import {
  Badge,
  Button,
  Card,
  CardContent,
  EmptyState,
  EncabezadoDePagina,
  PaginacionCursor,
  Plus,
  TablaConEncabezado,
  TableCell,
  TableHead,
  TableRow,
  TableSkeletonRows,
  toast,
} from '@cuota/shared/ui';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@cuota/shared/ui/dialog';
import { errorMessage, LoadError, useTieneRol } from '@cuota/shared/web';
import { useState } from 'react';
import { useCambiarEstadoProducto } from '../api/cambiar-estado-producto';
import { useListarProductos } from '../api/listar-productos';
import { ProductoForm } from './producto-form';
import { resumenPrecio, SimulacionProducto } from './simulacion-producto';
import { SIN_FILTROS, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';

const t = productosPageTexts;
const COLUMNAS = 9;

type DialogState =
  { modo: 'crear' } | { modo: 'editar'; producto: ProductoDetalle } | { modo: 'simular'; producto: ProductoDetalle } | null;

export function ProductosPage() {
  const esAdmin = useTieneRol('admin');
  const [dialog, setDialog] = useState<DialogState>(null);
  const { paginacion: pagination } = useListaEnUrl(SIN_FILTROS);
  const { data, isPending, isError, error, isFetching, refetch } = useListarProductos(pagination.cursor);
  const estado = useCambiarEstadoProducto();

  function cambiarEstado(p: ProductoDetalle) {
    const activo = !p.activo;
    estado.mutate(
      { id: p.id, activo },
      {
        onSuccess: () => toast.success(activo ? t.activado : t.desactivado, `${p.nombre} (${p.codigo})`),
        onError: (e) => toast.error(errorsTexts.genericTitle, errorMessage(e, productosTexts.saveError)),
      },
    );
  }

  const titulo =
    dialog?.modo === 'simular'
      ? t.simulacion.titulo(dialog.producto.nombre)
      : dialog?.modo === 'editar'
        ? t.editarTitulo
        : t.crearTitulo;

  return (
    <div className="grid gap-6">
      <EncabezadoDePagina
        titulo={t.title}
        subtitulo={t.subtitle}
        acciones={
          esAdmin ? (
            <Button onClick={() => setDialog({ modo: 'crear' })}>
              <Plus aria-hidden />
              {t.nuevo}
            </Button>
          ) : null
        }
      />

      <Card>
        <CardContent className="grid gap-4 pt-6">
          {isError ? (
            <LoadError title={t.loadError} error={error} onRetry={() => void refetch()} />
          ) : !isPending && data.items.length === 0 && !pagination.hasPrevious ? (
            <EmptyState
              title={t.vacio}
              action={
                esAdmin ? (
                  <Button onClick={() => setDialog({ modo: 'crear' })}>
                    <Plus aria-hidden />
                    {t.crearPrimero}
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <TablaConEncabezado
              aria-busy={isPending || isFetching}
              encabezado={
                <>
                  <TableHead>{productosPageTexts.fields.nombre}</TableHead>
                  <TableHead className="hidden xl:table-cell">{productosPageTexts.fields.codigo}</TableHead>
                  <TableHead>{t.activo}</TableHead>
                  <TableHead className="hidden xl:table-cell">{t.descripcion}</TableHead>
                  <TableHead>{t.montos}</TableHead>
                  <TableHead className="hidden sm:table-cell">{t.plazos}</TableHead>
                  <TableHead className="hidden text-right sm:table-cell">{t.tasa}</TableHead>
                  <TableHead className="hidden lg:table-cell">{t.creadoEl}</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">{t.acciones}</span>
                  </TableHead>
                </>
              }
            >
              {isPending ? (
                <TableSkeletonRows rows={4} columns={COLUMNAS} cellClassName="max-w-32" />
              ) : (
                data.items.map((p) => (
                  <TableRow key={p.id}>
                    <TableCell>
                      <span className="font-medium">{p.nombre}</span>
                      <span className="block font-mono text-xs text-muted-foreground xl:hidden">{p.codigo}</span>
                      {resumenPrecio(p) ? (
                        <span className="block max-w-64 text-xs text-muted-foreground">{resumenPrecio(p)}</span>
                      ) : null}
                    </TableCell>
                    <TableCell className="hidden font-mono text-xs xl:table-cell">{p.codigo}</TableCell>
                    <TableCell>
                      <Badge variant={p.activo ? 'success' : 'secondary'}>{p.activo ? t.activo : t.inactivo}</Badge>
                    </TableCell>
                    <TableCell className="hidden max-w-64 truncate text-muted-foreground xl:table-cell">
                      {p.descripcion ?? '—'}
                    </TableCell>
                    <TableCell className="tabular-nums">
                      <span className="whitespace-nowrap">{formatCRC(p.monto_minimo_centimos)} –</span>{' '}
                      <span className="whitespace-nowrap">{formatCRC(p.monto_maximo_centimos)}</span>
                      <span className="block text-xs text-muted-foreground sm:hidden">
                        {p.plazo_minimo_meses} – {p.plazo_maximo_meses} {t.meses} · {formatPorcentaje(p.tasa_interes_anual)}
                      </span>
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap sm:table-cell">
                      {p.plazo_minimo_meses} – {p.plazo_maximo_meses} {t.meses}
                    </TableCell>
                    <TableCell className="hidden text-right tabular-nums sm:table-cell">
                      {formatPorcentaje(p.tasa_interes_anual)}
                    </TableCell>
                    <TableCell className="hidden whitespace-nowrap lg:table-cell">{formatDate(p.created_at)}</TableCell>
                    <TableCell className="text-right whitespace-nowrap">
                      <div className="flex flex-wrap justify-end gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`${t.simular}: ${p.nombre}`}
                          onClick={() => setDialog({ modo: 'simular', producto: p })}
                        >
                          {t.simular}
                        </Button>
                        {esAdmin ? (
                          <>
                            <Button
                              variant="outline"
                              size="sm"
                              aria-label={`${t.editar}: ${p.nombre}`}
                              onClick={() => setDialog({ modo: 'editar', producto: p })}
                            >
                              {t.editar}
                            </Button>
                            <Button
                              variant="outline"
                              size="sm"
                              aria-label={`${p.activo ? t.desactivar : t.activar}: ${p.nombre}`}
                              disabled={estado.isPending && estado.variables.id === p.id}
                              onClick={() => cambiarEstado(p)}
                            >
                              {p.activo ? t.desactivar : t.activar}
                            </Button>
                          </>
                        ) : null}
                      </div>
                    </TableCell>
                  </TableRow>
                ))
              )}
            </TablaConEncabezado>
          )}
          {isPending ? (
            <p className="text-sm text-muted-foreground" role="status">
              {t.cargando}
            </p>
          ) : null}
          <PaginacionCursor paginacion={pagination} siguiente={data?.nextCursor} disabled={isFetching} />
        </CardContent>
      </Card>

      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : setDialog(null))}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{titulo}</DialogTitle>
            <DialogDescription className="sr-only">{titulo}</DialogDescription>
          </DialogHeader>
          {dialog?.modo === 'simular' ? (
            <SimulacionProducto key={dialog.producto.id} producto={dialog.producto} />
          ) : dialog ? (
            <ProductoForm
              key={dialog.modo === 'editar' ? dialog.producto.id : 'nuevo'}
              producto={dialog.modo === 'editar' ? dialog.producto : undefined}
              onSaved={() => setDialog(null)}
              onCancel={() => setDialog(null)}
            />
          ) : null}
        </DialogContent>
      </Dialog>
    </div>
  );
}
