import { fechaNegocio } from '@cuota/shared/domain/fechas';
import { formatDate, formatNumero } from '@cuota/shared/format';
import { formatCRC } from '@cuota/shared/montos';
import { cierreDiarioSchema } from '@cuota/shared/schemas/pagos';
import { cierreTexts } from '@cuota/shared/texts/cierre';
import { cierreDiarioTexts } from '@cuota/shared/texts/cierreDiario';
import { errorsTexts } from '@cuota/shared/texts/errors';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import {
  Button,
  CalendarClock,
  CampoTexto,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CircleCheck,
  Play,
  toast,
  TriangleAlert,
} from '@cuota/shared/ui';
import { Progress } from '@cuota/shared/ui/progress';
import { errorMessage, isApiError } from '@cuota/shared/web';
import { useId, useState, type FormEvent } from 'react';
import { CierreOcupadoError, resumir, type AvanceCierre } from '../api/cerrar-dia';
import { useObtenerMonitoreo } from '../api/obtener-monitoreo';
import { useCierreDiario } from '../hooks/use-cierre-diario';

const t = cierreDiarioTexts;

function mensajeError(error: unknown): string {
  if (error instanceof CierreOcupadoError) return t.ocupado;
  return errorMessage(error, errorsTexts.internal);
}

/** Client-side check of the date field; the server checks again (and knows the business date). */
function validarFecha(fecha: string, hoy: string): string | undefined {
  if (!fecha) return pagosTexts.fechaRequerida;
  const r = cierreDiarioSchema.safeParse({ fecha });
  if (!r.success) return r.error.issues[0]?.message ?? pagosTexts.fechaInvalida;
  if (fecha > hoy) return cierreTexts.fechaFutura;
  return undefined;
}

function Progreso({ avance }: { avance: AvanceCierre }) {
  const { hechas, total, esperando } = avance;
  const porcentaje = total ? (hechas / total) * 100 : 0;
  return (
    <div className="grid gap-2">
      <Progress value={porcentaje} aria-label={t.progresoEtiqueta} />
      {esperando ? <p className="text-xs text-muted-foreground">{t.esperando(formatDate(esperando))}</p> : null}
      <p className="text-xs text-muted-foreground">{t.puedeSeguir}</p>
    </div>
  );
}

function Resumen({ avance }: { avance: AvanceCierre }) {
  const titleId = useId();
  const r = resumir(avance.fechas);
  const cifras = [
    { label: t.fechasCerradas, value: formatNumero(r.cerradas) },
    { label: t.creditosActualizados, value: formatNumero(r.creditosActualizados) },
    { label: t.moraDevengada, value: formatCRC(r.moraDevengadaCentimos) },
    { label: t.recordatorios, value: formatNumero(r.recordatorios) },
    { label: t.avisosVencimiento, value: formatNumero(r.avisosVencimiento) },
  ];
  return (
    <section aria-labelledby={titleId} className="grid gap-3">
      <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold">
        <CircleCheck aria-hidden className="size-4 text-success" />
        {t.resumen}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cifras.map((c) => (
          <div key={c.label} className="grid gap-0.5 rounded-lg border border-border p-3">
            <dt className="text-xs text-muted-foreground">{c.label}</dt>
            <dd className="text-lg font-semibold break-words tabular-nums">{c.value}</dd>
          </div>
        ))}
      </dl>
      {r.creditosConError.length > 0 ? (
        <div role="alert" className="grid gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 text-sm">
          <p className="flex items-center gap-2 font-semibold">
            <TriangleAlert aria-hidden className="size-4 shrink-0" />
            {t.conErrorTitulo(r.creditosConError.length)}
          </p>
          <p>{t.conErrorTexto}</p>
          <ul className="flex flex-wrap gap-2" aria-label={t.conErrorTitulo(r.creditosConError.length)}>
            {r.creditosConError.map((numero) => (
              <li key={numero} className="rounded-md border border-warning/60 bg-background px-2 py-0.5 font-mono text-xs">
                {numero}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * 'Cierre diario' (admin): closes every pending business date up to the chosen one (default
 * today), repeating the call while dates remain, with a progress bar; then what the close did
 * and the credits it could not recompute.
 */
export function CierreDiarioCard() {
  const titleId = useId();
  const monitoreo = useObtenerMonitoreo();
  const hoy = monitoreo.data?.fecha_negocio ?? fechaNegocio(new Date());
  const [fechaElegida, setFechaElegida] = useState<string | null>(null);
  const fecha = fechaElegida ?? hoy;
  const [errorFecha, setErrorFecha] = useState<string | undefined>();
  const { avance, ejecutando, error, ultimoCierre, pendientes, ejecutar } = useCierreDiario();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (ejecutando) return;
    const invalida = validarFecha(fecha, hoy);
    setErrorFecha(invalida);
    if (invalida) return;
    const fin = await ejecutar(fecha);
    if (fin.ok === false) {
      const campo = isApiError(fin.error) ? fin.error.details.fecha : undefined;
      if (campo) setErrorFecha(campo);
      toast.error(t.error, campo ?? mensajeError(fin.error));
    } else if (fin.ok) {
      toast.success(t.completado, t.completadoTexto(resumir(fin.avance.fechas).cerradas, formatDate(fin.avance.hasta)));
    }
  }

  const errorCampo = isApiError(error) && error.details.fecha ? error.details.fecha : undefined;
  const estado = ejecutando
    ? avance?.total
      ? t.progreso(avance.hechas, avance.total)
      : t.buscando
    : avance?.terminado
      ? `${t.completado}. ${t.completadoTexto(resumir(avance.fechas).cerradas, formatDate(avance.hasta))}`
      : '';

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader className="pb-3">
        <CardTitle id={titleId} className="flex items-center gap-2 text-base">
          <CalendarClock aria-hidden className="size-4 text-primary" />
          {t.titulo}
        </CardTitle>
        <CardDescription>{t.descripcion}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
          <dt className="text-muted-foreground">{t.ultimoCierre}:</dt>
          <dd className="font-semibold" data-testid="ultimo-cierre">
            {ultimoCierre === undefined ? '—' : ultimoCierre === null ? t.ninguno : formatDate(ultimoCierre)}
          </dd>
          {pendientes !== undefined ? (
            <dd className="w-full text-xs text-muted-foreground sm:w-auto" data-testid="fechas-pendientes">
              ({pendientes === 0 ? t.sinPendientes : t.pendientes(pendientes)})
            </dd>
          ) : null}
        </dl>

        <form
          onSubmit={(e) => void onSubmit(e)}
          noValidate
          aria-labelledby={titleId}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <CampoTexto
            label={t.fecha}
            error={errorFecha}
            hint={fecha && !errorFecha ? t.fechaHint(formatDate(fecha)) : undefined}
            fieldClassName="sm:w-64"
            type="date"
            name="fecha"
            required
            max={hoy}
            value={fecha}
            disabled={ejecutando}
            onChange={(e) => {
              setFechaElegida(e.target.value);
              setErrorFecha(undefined);
            }}
          />
          <Button type="submit" disabled={ejecutando} className="w-full sm:mt-[1.625rem] sm:w-auto">
            <Play aria-hidden />
            {ejecutando ? t.ejecutando : t.ejecutar}
          </Button>
        </form>

        <p role="status" className="text-sm font-medium empty:hidden">
          {estado}
        </p>
        {ejecutando && avance ? <Progreso avance={avance} /> : null}

        {!ejecutando && error && !errorCampo ? (
          <div role="alert" className="grid gap-1 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
            <p className="font-semibold text-destructive">{t.error}</p>
            <p>{mensajeError(error)}</p>
            {avance && avance.hechas > 0 ? <p className="text-muted-foreground">{t.errorParcial(avance.hechas)}</p> : null}
          </div>
        ) : null}
        {!ejecutando && avance && (avance.terminado || (error && avance.fechas.length > 0)) ? <Resumen avance={avance} /> : null}
      </CardContent>
    </Card>
  );
}
