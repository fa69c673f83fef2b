import { fechaNegocio } from '@cuota/shared/domain/fechas';
import { formatDate, formatNumero } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import type { PagoDetalle } from '@cuota/shared/schemas/pagos';
import { conciliacionPageTexts } from '@cuota/shared/texts/conciliacionPage';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { etiquetaCanal } from '@cuota/shared/texts/etiquetas';
import { extractosTexts } from '@cuota/shared/texts/extractos';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import {
  Button,
  CampoTexto,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  EmptyState,
  EncabezadoDePagina,
  PaginacionCursor,
  PagoEstadoBadge,
  Skeleton,
  TablaConEncabezado,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
} from '@cuota/shared/ui';
import { DialogoConfirmacion } from '@cuota/shared/ui/dialogo-confirmacion';
import { BotonExportarCsv, errorMessage, isApiError, LoadError, useTieneRol } from '@cuota/shared/web';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { exportacionPagos } from '../api/exportar-pagos';
import { useListarPagos, type FiltroPagos } from '../api/listar-pagos';
import { useResolverPago, type Decision } from '../api/resolver-pago';
import { useObtenerResumenPagos, useSeguirResumen } from '../api/obtener-resumen-pagos';
import { ExtractosPanel } from './extractos-panel';
import { opcionEnUrl, SIN_FILTROS, useListaEnUrl } from '../../../shared-admin/use-lista-en-url';

const t = conciliacionPageTexts;
const p = pagosTexts;
const c = t.columns;
const tx = extractosTexts;

/** The customer's bank or SINPE reference first (what the bank statement shows), the internal one under it. */
function Referencias({ pago }: { pago: PagoDetalle }) {
  return (
    <>
      {pago.referencia_externa ? <span className="block font-mono text-xs break-all">{pago.referencia_externa}</span> : null}
      <span className={`block font-mono text-xs break-all ${pago.referencia_externa ? 'text-muted-foreground' : ''}`}>
        {pago.referencia_pago}
      </span>
    </>
  );
}

function Resumen() {
  const { data } = useObtenerResumenPagos();
  const items = [
    { label: t.pendientesCantidad, value: data ? formatNumero(data.pendientes) : undefined },
    { label: t.pendientesMonto, value: data ? formatCRC(data.pendientes_centimos) : undefined },
    {
      label: t.conciliadosHoy,
      value: data ? `${formatNumero(data.conciliados_hoy)} · ${formatCRC(data.conciliados_hoy_centimos)}` : undefined,
    },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {items.map((item) => (
        <Card key={item.label}>
          <CardHeader className="pb-2">
            <CardTitle className="text-sm font-medium text-muted-foreground">{item.label}</CardTitle>
          </CardHeader>
          <CardContent>
            {item.value === undefined ? (
              <Skeleton className="h-8 w-32" />
            ) : (
              <p className="text-2xl font-semibold tabular-nums">{item.value}</p>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function ListaPagos({
  estado,
  puedeResolver,
  onResolver,
}: {
  estado: FiltroPagos;
  puedeResolver: boolean;
  onResolver: (pago: PagoDetalle, decision: Decision) => void;
}) {
  const { paginacion: pagination } = useListaEnUrl(SIN_FILTROS, { prefijo: `${estado}.` });
  const { data, isPending, isError, error, isFetching, refetch } = useListarPagos(estado, pagination.cursor);
  const conAcciones = puedeResolver && estado === 'registrado';
  const columnas = conAcciones ? 9 : 8;
  const exportacion = useMemo(() => exportacionPagos(estado), [estado]);

  if (isError) {
    return <LoadError title={t.loadError} error={error} onRetry={() => void refetch()} />;
  }
  if (!isPending && data.items.length === 0 && !pagination.hasPrevious) {
    return <EmptyState title={estado === 'registrado' ? p.sinPendientes : p.sinProcesados} />;
  }
  return (
    <div className="grid gap-4">
      <div className="flex justify-end">
        <BotonExportarCsv exportacion={exportacion} />
      </div>
      <TablaConEncabezado
        aria-busy={isPending || isFetching}
        encabezado={
          <>
            <TableHead>{c.cliente}</TableHead>
            <TableHead className="hidden sm:table-cell">{c.credito}</TableHead>
            <TableHead className="text-right">{c.monto}</TableHead>
            <TableHead className="hidden sm:table-cell">{c.fecha}</TableHead>
            <TableHead className="hidden md:table-cell">{c.canal}</TableHead>
            <TableHead className="hidden md:table-cell">{c.referencia}</TableHead>
            <TableHead className="hidden lg:table-cell">{c.cuenta}</TableHead>
            <TableHead>{c.estado}</TableHead>
            {conAcciones ? (
              <TableHead className="text-right">
                <span className="sr-only">{c.acciones}</span>
              </TableHead>
            ) : null}
          </>
        }
      >
        {isPending
          ? Array.from({ length: 4 }, (_, i) => (
              <TableRow key={i}>
                {Array.from({ length: columnas }, (_, j) => (
                  <TableCell key={j}>
                    <Skeleton className="h-5 w-full max-w-28" />
                  </TableCell>
                ))}
              </TableRow>
            ))
          : data.items.map((pago) => (
              <TableRow key={pago.id}>
                <TableCell>
                  <Link
                    to={`/clientes/${pago.cliente_id}`}
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {pago.cliente_nombre}
                  </Link>
                  {/* On small screens the loan, date and reference columns are hidden: show them here. */}
                  <span className="block font-mono text-xs text-muted-foreground sm:hidden">
                    <Link to={`/creditos/${pago.credito_id}`} className="text-primary underline-offset-4 hover:underline">
                      {pago.numero_credito}
                    </Link>{' '}
                    · {formatDate(pago.fecha_pago)}
                  </span>
                  <span className="block max-w-48 md:hidden">
                    <Referencias pago={pago} />
                  </span>
                </TableCell>
                <TableCell className="hidden font-mono text-xs whitespace-nowrap sm:table-cell">
                  <Link to={`/creditos/${pago.credito_id}`} className="text-primary underline-offset-4 hover:underline">
                    {pago.numero_credito}
                  </Link>
                </TableCell>
                <TableCell className="text-right whitespace-nowrap tabular-nums">{formatCRC(pago.monto_centimos)}</TableCell>
                <TableCell className="hidden whitespace-nowrap sm:table-cell">{formatDate(pago.fecha_pago)}</TableCell>
                <TableCell className="hidden md:table-cell">{etiquetaCanal(pago.canal)}</TableCell>
                <TableCell className="hidden max-w-48 md:table-cell">
                  <Referencias pago={pago} />
                </TableCell>
                <TableCell className="hidden lg:table-cell">
                  {pago.cuenta_destino ? (
                    <>
                      <span className="block">{pago.cuenta_destino.banco}</span>
                      <span className="block font-mono text-xs text-muted-foreground">{pago.cuenta_destino.numero_cuenta}</span>
                    </>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>
                  <PagoEstadoBadge estado={pago.estado} />
                  {pago.estado === 'reversado' && pago.motivo_reversion ? (
                    <span className="mt-1 block max-w-48 text-xs text-muted-foreground">{pago.motivo_reversion}</span>
                  ) : null}
                </TableCell>
                {conAcciones ? (
                  <TableCell className="text-right">
                    <div className="flex flex-wrap justify-end gap-2">
                      <Button
                        size="sm"
                        aria-label={`${t.aprobar}: ${pago.referencia_pago} (${pago.cliente_nombre})`}
                        onClick={() => onResolver(pago, 'aprobar')}
                      >
                        {t.aprobar}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`${t.rechazar}: ${pago.referencia_pago} (${pago.cliente_nombre})`}
                        onClick={() => onResolver(pago, 'rechazar')}
                      >
                        {t.rechazar}
                      </Button>
                    </div>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
      </TablaConEncabezado>
      <PaginacionCursor paginacion={pagination} siguiente={data?.nextCursor} disabled={isFetching} />
    </div>
  );
}

const PESTANAS = ['registrado', 'procesados', 'extractos'] as const;
type Pestana = (typeof PESTANAS)[number];
/** The open tab is in the URL ('?pestana=procesados'), each tab's page under its own prefix. */
const VISTA = { pestana: opcionEnUrl<Pestana, 'registrado'>(PESTANAS, 'registrado') };

export function ConciliacionPage() {
  const puedeResolver = useTieneRol('admin', 'cobrador');
  const {
    filtros: { pestana: enUrl },
    cambiar,
  } = useListaEnUrl(VISTA);
  // 'extractos' is only a tab for those who may resolve
  const pestana = enUrl === 'extractos' && !puedeResolver ? 'registrado' : enUrl;
  const resumen = useObtenerResumenPagos();
  const resolver = useResolverPago();
  const resumenTrasAccion = useSeguirResumen();
  const [pendiente, setPendiente] = useState<{ pago: PagoDetalle; decision: Decision } | null>(null);
  // Approval only: the value date, prefilled with the reported fecha_pago; sent only when changed.
  const [fechaValor, setFechaValor] = useState('');
  const [errorFechaValor, setErrorFechaValor] = useState<string | undefined>();

  function abrir(pago: PagoDetalle, decision: Decision) {
    setPendiente({ pago, decision });
    setFechaValor(pago.fecha_pago);
    setErrorFechaValor(undefined);
  }

  function confirmar() {
    if (!pendiente) return;
    const { pago, decision } = pendiente;
    if (decision === 'aprobar' && !fechaValor) {
      setErrorFechaValor(p.fechaRequerida);
      return;
    }
    const antes = resumenTrasAccion.antes();
    resolver.mutate(
      { id: pago.id, decision, fechaValor: decision === 'aprobar' && fechaValor !== pago.fecha_pago ? fechaValor : undefined },
      {
        onSuccess: () => {
          void resumenTrasAccion.seguir(antes, { pendientes: 1 });
          toast.success(
            decision === 'aprobar' ? p.aprobado : p.rechazado,
            `${pago.referencia_pago} · ${formatCRC(pago.monto_centimos)}`,
          );
          setPendiente(null);
        },
        onError: (error) => {
          toast.error(decision === 'aprobar' ? p.errorAprobar : p.errorRechazar, errorMessage(error, errorsTexts.internal));
          // a refused value date stays on screen under its field, so staff can correct it
          const campo = decision === 'aprobar' && isApiError(error) ? error.details.fecha_valor : undefined;
          if (campo) setErrorFechaValor(campo);
          else setPendiente(null);
        },
      },
    );
  }

  return (
    <div className="grid gap-6">
      <EncabezadoDePagina titulo={t.title} subtitulo={t.subtitle} />
      <Resumen />
      <Tabs value={pestana} onValueChange={(valor) => cambiar({ pestana: valor as Pestana })}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="registrado">{p.pendientes(resumen.data?.pendientes ?? 0)}</TabsTrigger>
          <TabsTrigger value="procesados">{p.procesados}</TabsTrigger>
          {puedeResolver ? <TabsTrigger value="extractos">{tx.tab}</TabsTrigger> : null}
        </TabsList>
        <Card className="mt-4">
          <CardContent className="pt-6">
            <TabsContent value="registrado">
              <ListaPagos estado="registrado" puedeResolver={puedeResolver} onResolver={abrir} />
            </TabsContent>
            <TabsContent value="procesados">
              <ListaPagos estado="procesados" puedeResolver={false} onResolver={() => undefined} />
            </TabsContent>
            {puedeResolver ? (
              <TabsContent value="extractos">
                <ExtractosPanel />
              </TabsContent>
            ) : null}
          </CardContent>
        </Card>
      </Tabs>

      <DialogoConfirmacion
        open={pendiente !== null}
        onOpenChange={(open) => (open || resolver.isPending ? undefined : setPendiente(null))}
        titulo={pendiente?.decision === 'rechazar' ? p.confirmarRechazar : p.confirmarAprobar}
        descripcion={
          <>
            {pendiente?.decision === 'rechazar' ? p.confirmarRechazarTexto : t.aprobarTexto}
            {pendiente ? (
              <span className="mt-2 block font-medium text-foreground">
                {pendiente.pago.cliente_nombre} · {pendiente.pago.referencia_pago} · {formatCRC(pendiente.pago.monto_centimos)}
              </span>
            ) : null}
          </>
        }
        cancelar={t.cancelar}
        cancelarDeshabilitado={resolver.isPending}
        confirmar={
          <Button
            variant={pendiente?.decision === 'rechazar' ? 'destructive' : 'default'}
            disabled={resolver.isPending}
            onClick={confirmar}
          >
            {resolver.isPending
              ? t.procesando
              : pendiente?.decision === 'rechazar'
                ? p.confirmarRechazarBoton
                : p.confirmarAprobarBoton}
          </Button>
        }
      >
        {pendiente?.decision === 'aprobar' ? (
          <CampoTexto
            label={t.fechaValor}
            hint={t.fechaValorHint}
            error={errorFechaValor}
            type="date"
            required
            max={fechaNegocio(new Date())}
            value={fechaValor}
            disabled={resolver.isPending}
            onChange={(e) => {
              setFechaValor(e.target.value);
              setErrorFechaValor(undefined);
            }}
          />
        ) : null}
      </DialogoConfirmacion>
    </div>
  );
}
