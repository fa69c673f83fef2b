import { cierreDiarioResultadoSchema, type CierreDiarioResultado, type CierreFecha } from '@cuota/shared/schemas/pagos';
import { api } from '@cuota/shared/web';

/** Pause before asking again when another run holds the date (the scheduled job, another admin). */
export const PAUSA_EN_CURSO_MS = 2_000;
/** Answers in a row without progress before giving up: about a minute of someone else's run. */
export const MAX_ESPERAS = 30;

/** POST /api/cierre-diario (admin): closes pending dates up to `fecha` for about 6 s and answers the progress. */
export function cerrarDia(fecha: string, signal?: AbortSignal) {
  return api.post('/api/cierre-diario', { fecha }, { schema: cierreDiarioResultadoSchema, signal });
}

/** Thrown when another run keeps the dates busy for longer than we wait. */
export class CierreOcupadoError extends Error {
  override readonly name = 'CierreOcupadoError';
}

function pausa(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/**
 * Closes every pending business date up to `fecha`: one request closes what fits in its time and
 * says how many remain, so it repeats the call until `pendientes` is 0, handing each answer to
 * `onRespuesta`. An answer that closed nothing (another run holds the date: 'en_curso') waits a
 * little before the next call.
 */
export async function ejecutarCierreDiario(
  fecha: string,
  opts: { signal?: AbortSignal; onRespuesta: (r: CierreDiarioResultado) => void; pausaMs?: number },
): Promise<void> {
  let esperas = 0;
  for (;;) {
    const r = await cerrarDia(fecha, opts.signal);
    opts.onRespuesta(r);
    if (r.pendientes <= 0) return;
    if (r.fechas.some((f) => f.estado !== 'en_curso')) {
      esperas = 0;
      continue;
    }
    if (++esperas > MAX_ESPERAS) throw new CierreOcupadoError();
    await pausa(opts.pausaMs ?? PAUSA_EN_CURSO_MS, opts.signal);
  }
}

/** A close in progress or finished, as the card shows it: every answer folded together. */
export interface AvanceCierre {
  hasta: string;
  /** The dates closed or found closed so far, in order (not those another run was closing). */
  fechas: CierreFecha[];
  /** Dates done so far out of `total`; null until the first answer says how many there are. */
  hechas: number;
  total: number | null;
  /** The date another run is closing while we wait for it, if any. */
  esperando: string | null;
  ultimoCierre: string | null;
  terminado: boolean;
}

export function avanceInicial(hasta: string): AvanceCierre {
  return { hasta, fechas: [], hechas: 0, total: null, esperando: null, ultimoCierre: null, terminado: false };
}

/**
 * Folds one answer into the progress. The total is what the first answer closed plus what it
 * left pending (the "12 de 71"); it only grows if a later answer finds more.
 */
export function acumular(avance: AvanceCierre, r: CierreDiarioResultado): AvanceCierre {
  const hechasAhora = r.fechas.filter((f) => f.estado !== 'en_curso');
  const hechas = avance.hechas + hechasAhora.length;
  const total = Math.max(avance.total ?? 0, hechas + r.pendientes);
  return {
    hasta: r.hasta,
    fechas: [...avance.fechas, ...hechasAhora],
    hechas,
    total,
    esperando: r.fechas.find((f) => f.estado === 'en_curso')?.fecha ?? null,
    ultimoCierre: r.ultimo_cierre,
    terminado: r.pendientes <= 0,
  };
}

export interface ResumenCierre {
  /** Dates this run closed itself (not those found already closed). */
  cerradas: number;
  creditosActualizados: number;
  moraDevengadaCentimos: number;
  recordatorios: number;
  avisosVencimiento: number;
  /**
   * Numbers of the credits a close could not recompute, each once: also those of dates found
   * already closed, since their close left them as they were and they still need a look.
   */
  creditosConError: string[];
}

export function resumir(fechas: readonly CierreFecha[]): ResumenCierre {
  const cerradas = fechas.filter((f) => f.estado === 'cerrado');
  const sumar = (campo: 'creditos_actualizados' | 'mora_devengada_centimos' | 'recordatorios' | 'avisos_vencimiento') =>
    cerradas.reduce((s, f) => s + f[campo], 0);
  return {
    cerradas: cerradas.length,
    creditosActualizados: sumar('creditos_actualizados'),
    moraDevengadaCentimos: sumar('mora_devengada_centimos'),
    recordatorios: sumar('recordatorios'),
    avisosVencimiento: sumar('avisos_vencimiento'),
    creditosConError: [...new Set(fechas.flatMap((f) => f.creditos_con_error))],
  };
}
