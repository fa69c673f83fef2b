import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import type { Context } from 'aws-lambda';
import { logger } from '#commons/logger';
import { conObservabilidad, metrics } from '#commons/observabilidad';
import { hoyDelNegocio } from './cartera';
import { ejecutarCierres, ultimoCierre, type EjecucionCierres } from './store';

/** Time left to the job's own timeout that a run keeps free: it stops between dates, never inside one. */
const MARGEN_MS = 60_000;

/** Local hour (in the `timezone` setting) by which yesterday must be closed, unless CIERRE_HORA_LIMITE says another. */
export const HORA_LIMITE_POR_DEFECTO = 6;

const horas = new Map<string, Intl.DateTimeFormat>();

/** The hour (0–23) of `instante` in `zona`. */
function horaEn(instante: Date, zona: string): number {
  let fmt = horas.get(zona);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-GB', { timeZone: zona, hour: '2-digit', hourCycle: 'h23' });
    horas.set(zona, fmt);
  }
  return Number(fmt.format(instante));
}

/** CIERRE_HORA_LIMITE when it is a whole hour 0–23, else the default. */
export function horaLimite(valor: string | undefined): number {
  const n = Number(valor);
  return valor?.trim() && Number.isInteger(n) && n >= 0 && n <= 23 ? n : HORA_LIMITE_POR_DEFECTO;
}

/**
 * Whether the daily close is late at `ahora` (the `CierreAtrasado` metric the close alarm reads): a
 * business date before today is still open past its deadline, i.e. yesterday once today's local
 * hour reaches `limite`, or any earlier date at any hour (its deadline was yesterday's). Dates are
 * closed in order, so the open ones are those after `ultimo`; a system that never closed a date has
 * none. Today and the clock are read in `zona` (the `timezone` setting the close itself uses), not in UTC.
 */
export function cierreAtrasado(ultimo: string | null, ahora: Date, limite: number, zona: string = DEFAULT_TIMEZONE): boolean {
  if (ultimo === null) return false;
  const ayer = sumarDias(fechaNegocio(ahora, zona), -1);
  if (ultimo >= ayer) return false;
  return sumarDias(ultimo, 1) < ayer || horaEn(ahora, zona) >= limite;
}

/**
 * Scheduled (JOBS 'cierre-diario', hourly): closes every business date not closed yet up to today
 * in the `timezone` setting, for as long as the Lambda's time allows; a longer gap continues on the
 * next run. Running it again, or twice at once, adds nothing. Every run publishes `CierreAtrasado`
 * (1 or 0), a failed one too when the last close can still be read.
 */
export const handler = conObservabilidad(
  'cierre-diario',
  async (_event?: unknown, context?: Pick<Context, 'getRemainingTimeInMillis'>): Promise<EjecucionCierres> => {
    const presupuestoMs = context ? Math.max(0, context.getRemainingTimeInMillis() - MARGEN_MS) : undefined;
    // the last date closed after this run; undefined while unknown
    let ultimo: string | null | undefined;
    // the close and its deadline read the clock in the same zone (the `timezone` setting)
    let zona = DEFAULT_TIMEZONE;
    try {
      const hoy = await hoyDelNegocio();
      zona = hoy.zona;
      const r = await ejecutarCierres(hoy.fecha, { presupuestoMs });
      ultimo = r.ultimo_cierre;
      logger.info('cierre diario programado', {
        fechas: r.fechas.map((f) => `${f.fecha}:${f.estado}`),
        pendientes: r.pendientes,
      });
      return r;
    } finally {
      if (ultimo === undefined) ultimo = await ultimoCierre().catch(() => undefined);
      if (ultimo !== undefined) {
        const atrasado = cierreAtrasado(ultimo, new Date(), horaLimite(process.env.CIERRE_HORA_LIMITE), zona);
        metrics.addMetric('CierreAtrasado', MetricUnit.Count, atrasado ? 1 : 0);
        metrics.addMetadata('ultimo_cierre', ultimo ?? 'ninguno');
      }
    }
  },
);
