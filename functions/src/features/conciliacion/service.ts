import { formatCRC, type Page, type PagoDetalle } from '@cuota/shared';
import {
  BANCOS,
  type AplicarLinea,
  type Banco,
  type Candidato,
  type ExtractoDetalle,
  type ExtractoResumen,
  type MapeoExtracto,
  type MapeoGuardado,
  type ResultadoConfirmar,
  type SubirExtracto,
} from '@cuota/shared/schemas/extractos';
import { extractosTexts } from '@cuota/shared/texts/extractos';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { AppError, ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { actividadPut, registrarActividad } from '#commons/registro';
import { escribirTransaccion } from '#commons/transaccion';
import { aprobarPago, leerPago, leerPagosPendientes, registrarPagoVentanilla } from '#features/pagos/index';
import { extractoAApi, lineaAApi, type ExtractoGuardado, type LineaGuardada } from '#entities/extracto';
import { pagoAApi } from '#entities/pago';
import { leerExtracto as leerCsv, MAPEOS_PREDETERMINADOS, type LineaLeida } from './csv';
import { confirmable, emparejar, huellaArchivo, huellasDeLineas } from './domain';
import {
  cerrarLinea,
  crearCabecera,
  escribirLineas,
  extractoCompleto,
  leerDuenoArchivo,
  leerDuenosLineas,
  leerExtracto,
  leerLinea,
  leerLineas,
  leerMapeo,
  lineaAplicada,
  listarCabeceras,
  mapeoPut,
  marcarListo,
  reclamarPago,
  soltarPago,
} from './store';

/** Bank statements against reported payments (issue 16 §4, docs/conciliacion.md). */

const t = extractosTexts;
const ddmmaaaa = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

function bancoValido(banco: string): Banco {
  if (!(BANCOS as readonly string[]).includes(banco)) throw new NotFoundError(t.bancoNoEncontrado);
  return banco as Banco;
}

/** The bank's saved column mapping, or its built-in default. */
export async function obtenerMapeo(banco: string): Promise<MapeoGuardado> {
  const b = bancoValido(banco);
  const guardado = await leerMapeo(b);
  return { banco: b, predeterminado: !guardado, ...(guardado ?? MAPEOS_PREDETERMINADOS[b]) };
}

export async function guardarMapeo(
  banco: string,
  mapeo: MapeoExtracto,
  caller: Caller,
  now = new Date(),
): Promise<MapeoGuardado> {
  const b = bancoValido(banco);
  await escribirTransaccion([
    mapeoPut(b, mapeo, caller.userId, now),
    actividadPut({ tipo_actividad: 'update', descripcion: t.actividad.mapeo(t.bancos[b]), ...actorDe(caller), now }),
  ]);
  return { banco: b, predeterminado: false, ...mapeo };
}

/** Every bad line in the error's details (`linea_7`), at most 50 of them. */
function errorDeArchivo(errores: Array<{ n: number; mensaje: string }>): ValidationError {
  const details = Object.fromEntries(errores.slice(0, 50).map((e) => [`linea_${e.n}`, e.mensaje]));
  if (errores.length > 50) details.mas = t.masErrores(errores.length - 50);
  return new ValidationError(details, t.archivoInvalido);
}

/**
 * Upload: the file is read whole with the bank's mapping (any bad line → 400 listing each one,
 * nothing written); the same file again → 409 naming the first upload; each credit line gets
 * its fingerprint (already in another statement → ya_procesada) and its best candidate among
 * the payments pending reconciliation. The header, then the lines with their guards, then the
 * header marked ready: a crash in between resumes when the same file is uploaded again.
 */
export async function subirExtracto(datos: SubirExtracto, caller: Caller, now = new Date()): Promise<ExtractoDetalle> {
  const lectura = leerCsv(datos.contenido, (await leerMapeo(datos.banco)) ?? MAPEOS_PREDETERMINADOS[datos.banco]);
  if (!lectura.ok) throw errorDeArchivo(lectura.errores);
  const huella = huellaArchivo(datos.banco, datos.contenido);
  const previo = await leerDuenoArchivo(huella).then((id) => (id ? leerExtracto(id) : null));
  const repetido = (e: ExtractoGuardado) =>
    new ConflictError(t.archivoRepetido(e.nombre_archivo, ddmmaaaa(e.created_at)), 'EXTRACTO_REPETIDO');
  if (previo?.estado_carga === 'listo') throw repetido(previo);
  const id = previo?.id ?? ulid(now.getTime());
  const creditos = lectura.lineas.filter((l) => l.credito_centimos > 0);
  const lineas = await conservarProcesadas(id, await clasificar(id, datos.banco, creditos), !!previo);
  const cabecera: ExtractoGuardado = {
    id,
    banco: datos.banco,
    nombre_archivo: datos.nombre_archivo,
    total_lineas: lectura.total,
    creditos: creditos.length,
    ...contar(lineas),
    total_credito_centimos: creditos.reduce((s, l) => s + l.credito_centimos, 0),
    subido_por: actorDe(caller).user_nombre,
    created_at: previo?.created_at ?? now.toISOString(),
    estado_carga: 'cargando',
    huella_archivo: huella,
  };
  await crearCabecera(cabecera, async () => repetido((await leerExtracto((await leerDuenoArchivo(huella))!))!));
  await escribirLineas(
    datos.nombre_archivo,
    lineas.filter((l) => !PROCESADAS.has(l.estado)),
    async (parte) => sinProcesadas(id, await yaTomadas(id, parte)),
  );
  const conteos = contar(lineas);
  await marcarListo(id, conteos);
  await registrarActividad({
    tipo_actividad: 'create',
    descripcion: t.actividad.subido(datos.nombre_archivo, t.bancos[datos.banco], lectura.total),
    ...actorDe(caller),
    now,
  });
  return { ...extractoAApi({ ...cabecera, ...conteos }), lineas: lineas.map(lineaAApi) };
}

const contar = (lineas: readonly LineaGuardada[]) => ({
  coincidencias: lineas.filter((l) => l.estado === 'coincidencia').length,
  sin_coincidencia: lineas.filter((l) => l.estado === 'sin_coincidencia').length,
  ya_procesadas: lineas.filter((l) => l.estado === 'ya_procesada').length,
});

/** Fingerprints, the lines other statements hold already, and the match of the rest against pending payments. */
async function clasificar(id: string, banco: Banco, creditos: LineaLeida[]): Promise<LineaGuardada[]> {
  const huellas = huellasDeLineas(banco, creditos);
  const [duenos, pendientes] = await Promise.all([leerDuenosLineas(huellas), pendientesParaEmparejar()]);
  const ajena = (i: number) => (duenos[i] && duenos[i].extracto_id !== id ? duenos[i] : undefined);
  const nuevas = creditos.filter((_, i) => !ajena(i));
  const candidatos = emparejar(nuevas, pendientes);
  return creditos.map((l, i) => {
    const candidato = ajena(i) ? null : (candidatos.get(l.n) ?? null);
    return {
      extracto_id: id,
      n: l.n,
      fecha: l.fecha,
      descripcion: l.descripcion,
      referencia: l.referencia,
      credito_centimos: l.credito_centimos,
      debito_centimos: l.debito_centimos,
      saldo_centimos: l.saldo_centimos,
      huella: huellas[i]!,
      estado: ajena(i) ? 'ya_procesada' : candidato ? 'coincidencia' : 'sin_coincidencia',
      candidato,
      original: ajena(i) ?? null,
      pago_id: null,
      procesada_por: null,
      procesada_en: null,
    };
  });
}

const PROCESADAS = new Set(['conciliada', 'aplicada']);

/** A resumed upload: the lines already confirmed or applied stay as they are stored (never rewritten). */
async function conservarProcesadas(id: string, lineas: LineaGuardada[], reanuda: boolean): Promise<LineaGuardada[]> {
  if (!reanuda) return lineas;
  const guardadas = new Map((await leerLineas(id)).map((l) => [l.n, l]));
  return lineas.map((l) => {
    const g = guardadas.get(l.n);
    return g && PROCESADAS.has(g.estado) ? g : l;
  });
}

/** A chunk written again: the lines processed meanwhile are left out of it. */
async function sinProcesadas(id: string, parte: LineaGuardada[]): Promise<LineaGuardada[]> {
  const guardadas = await Promise.all(parte.map((l) => leerLinea(id, l.n)));
  return parte.filter((_, i) => !PROCESADAS.has(guardadas[i]?.estado ?? ''));
}

/** A chunk whose guard another upload took meanwhile: those lines become ya_procesada. */
async function yaTomadas(id: string, parte: LineaGuardada[]): Promise<LineaGuardada[]> {
  const duenos = await leerDuenosLineas(parte.map((l) => l.huella));
  return parte.map((l, i) =>
    duenos[i] && duenos[i].extracto_id !== id ? { ...l, estado: 'ya_procesada', candidato: null, original: duenos[i] } : l,
  );
}

export async function listarExtractos(opts: { limit: number; cursor?: string }): Promise<Page<ExtractoResumen>> {
  const page = await listarCabeceras(opts);
  return { items: page.items.map(extractoAApi), nextCursor: page.nextCursor };
}

export async function obtenerExtracto(id: string): Promise<ExtractoDetalle> {
  const [extracto, lineas] = await Promise.all([leerExtracto(id), leerLineas(id)]);
  if (!extracto) throw new NotFoundError(t.noEncontrado);
  // an applied line that a still-pending report looks like: flagged, so nobody approves that report unawares
  const aplicadas = lineas.filter((l) => l.estado === 'aplicada');
  const duplicados = aplicadas.length > 0 ? await parecidos(aplicadas) : new Map<number, Candidato>();
  return {
    ...extractoAApi(extracto),
    lineas: lineas.map((l) => ({
      ...lineaAApi(l),
      ...(l.estado === 'aplicada' ? { posible_duplicado: duplicados.get(l.n) ?? null } : {}),
    })),
  };
}

// ---------------------------------------------------------------- confirm matches (bulk)

/** A statement whose upload finished (listo); one still loading (a crashed upload, or one under way) → 409. */
function exigirCompleto(extracto: ExtractoGuardado | null): ExtractoGuardado {
  if (!extracto) throw new NotFoundError(t.noEncontrado);
  if (extracto.estado_carga !== 'listo') throw new ConflictError(t.cargaIncompleta, 'EXTRACTO_INCOMPLETO');
  return extracto;
}

/**
 * Each selected line's reported payment approved through the payments' own approval, at the
 * bank's date: a line is conciliada once, whatever the number of calls (the payment is taken by
 * the line with a guard, and approving an approved payment is refused by its estado condition).
 * Four lines at a time; each line answers on its own.
 */
export async function confirmarLineas(
  id: string,
  lineas: number[],
  caller: Caller,
  now = new Date(),
): Promise<ResultadoConfirmar> {
  exigirCompleto(await leerExtracto(id));
  const pendientes = [...new Set(lineas)];
  const resultados: ResultadoConfirmar['resultados'] = [];
  const trabajar = async () => {
    for (let n = pendientes.shift(); n !== undefined; n = pendientes.shift()) {
      resultados.push(await confirmarLinea(id, n, caller, now));
    }
  };
  await Promise.all([trabajar(), trabajar(), trabajar(), trabajar()]);
  return { resultados: resultados.sort((a, b) => a.n - b.n) };
}

async function confirmarLinea(
  id: string,
  n: number,
  caller: Caller,
  now: Date,
): Promise<ResultadoConfirmar['resultados'][number]> {
  try {
    const linea = await leerLinea(id, n);
    if (!linea) throw new NotFoundError(t.lineaNoEncontrada(n));
    if (linea.estado === 'conciliada') return { n, ok: true, pago_id: linea.pago_id, code: null, message: null };
    if (linea.estado !== 'coincidencia' || !confirmable(linea.candidato)) {
      throw new ConflictError(t.noConfirmable, 'LINEA_NO_CONFIRMABLE');
    }
    const pagoId = linea.candidato!.pago_id;
    await reclamarPago(pagoId, id, n, () => new ConflictError(t.pagoTomado, 'PAGO_TOMADO'));
    await aprobarUnaVez(pagoId, linea.fecha, caller, now, () => soltarPago(pagoId, id, n));
    await cerrarLinea(id, n, ['coincidencia'], {
      estado: 'conciliada',
      pago_id: pagoId,
      procesada_por: actorDe(caller).user_nombre,
      procesada_en: now.toISOString(),
    });
    return { n, ok: true, pago_id: pagoId, code: null, message: null };
  } catch (error) {
    if (error instanceof AppError && error.status < 500)
      return { n, ok: false, pago_id: null, code: error.code, message: error.message };
    throw error;
  }
}

/**
 * The payment approved at the bank's date. Already approved while this line holds it (a retry,
 * or the same line confirmed twice at once): done, nothing applied again. Any other refusal
 * gives the payment back and is the line's answer.
 */
async function aprobarUnaVez(pagoId: string, fecha: string, caller: Caller, now: Date, soltar: () => Promise<void>) {
  try {
    await aprobarPago(pagoId, caller, { fechaValor: fecha }, now);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAGO_YA_PROCESADO' && (await leerPago(pagoId))?.estado === 'conciliado')
      return;
    await soltar();
    throw error;
  }
}

// ---------------------------------------------------------------- unmatched line → counter payment

const aplicable = (l: LineaGuardada) =>
  l.estado === 'sin_coincidencia' || (l.estado === 'coincidencia' && !confirmable(l.candidato));

/**
 * An unmatched credit line recorded as a counter payment on the chosen credit, through the
 * payments' own use case: value date the bank's, reference the bank's, channel transferencia or
 * SINPE Móvil. Once only: the line's change to aplicada (with the payment's id, conditional on the
 * line still being unmatched) and its activity entry are written in the payment's OWN transaction,
 * so either both commit or neither does; a second user, at the same time or later, finds the line
 * applied (409) and nothing is paid again. The Idempotency-Key is the line's, so a retry by the
 * same user returns the same payment.
 */
export async function aplicarLinea(
  id: string,
  n: number,
  datos: AplicarLinea,
  caller: Caller,
  now = new Date(),
): Promise<PagoDetalle> {
  const [guardado, linea] = await Promise.all([leerExtracto(id), leerLinea(id, n)]);
  const extracto = exigirCompleto(guardado);
  if (!linea) throw new NotFoundError(t.lineaNoEncontrada(n));
  if (linea.estado === 'aplicada') return aplicadaAntes(linea, datos, caller);
  if (!aplicable(linea)) throw new ConflictError(t.noAplicable, 'LINEA_NO_APLICABLE');
  if (!datos.forzar) await sinReportePendiente(linea);
  const actor = actorDe(caller);
  const { pago } = await registrarPagoVentanilla({
    creditoId: datos.credito_id,
    datos: {
      monto_centimos: linea.credito_centimos,
      fecha_pago: linea.fecha,
      canal: datos.canal,
      referencia: (linea.referencia ?? linea.descripcion).slice(0, 50) || `${extracto.banco.toUpperCase()}-${n}`,
      nota: t.nota(extracto.nombre_archivo, n).slice(0, 500),
      ...(datos.excedente ? { excedente: datos.excedente } : {}),
    },
    caller,
    clave: `extracto:${id}:${n}`,
    now,
    adicionales: (p) => [
      extractoCompleto(id, () => new ConflictError(t.cargaIncompleta, 'EXTRACTO_INCOMPLETO')),
      lineaAplicada(
        id,
        n,
        { pago_id: p.id, procesada_por: actor.user_nombre, procesada_en: now.toISOString(), aplicada_por: caller.userId },
        () => errorDeLinea(id, n),
      ),
      actividadPut({
        tipo_actividad: 'payment',
        descripcion: t.actividad.aplicada(n, extracto.nombre_archivo, p.numero_credito),
        ...actor,
        now,
      }),
    ],
  });
  return pago;
}

/** The pending reported payments as the matcher reads them. */
const pendientesParaEmparejar = async () =>
  (await leerPagosPendientes()).map((p) => ({ ...p, referencia_externa: p.referencia_externa ?? null }));

/** Each line's closest pending reported payment, at any confidence (the lines as stored). */
const parecidos = async (lineas: readonly LineaGuardada[]) =>
  emparejar(
    lineas.map((l) => ({ ...l, contenido: '' })),
    await pendientesParaEmparejar(),
  );

/**
 * A pending reported payment that looks like the line (any confidence, read now) would pay the
 * same deposit twice once approved: 409 POSIBLE_DUPLICADO naming it, unless the caller insists
 * (`forzar`) after looking at it.
 */
async function sinReportePendiente(linea: LineaGuardada): Promise<void> {
  const c = (await parecidos([linea])).get(linea.n);
  if (!c) return;
  const mensaje = t.posibleDuplicado(c.referencia_pago, c.cliente_nombre, formatCRC(c.monto_centimos), c.numero_credito);
  throw new AppError(409, 'POSIBLE_DUPLICADO', mensaje, {
    pago_id: c.pago_id,
    referencia_pago: c.referencia_pago,
    cliente_nombre: c.cliente_nombre,
    numero_credito: c.numero_credito,
    monto_centimos: String(c.monto_centimos),
    confianza: c.confianza,
  });
}

/**
 * A line already applied: the same user applying it to the same credit again (a retry whose
 * answer was lost) gets that payment back; anyone else, or another credit, a 409.
 */
async function aplicadaAntes(linea: LineaGuardada, datos: AplicarLinea, caller: Caller): Promise<PagoDetalle> {
  const pago = linea.aplicada_por === caller.userId && linea.pago_id ? await leerPago(linea.pago_id) : null;
  if (pago?.credito_id === datos.credito_id) return pagoAApi(pago);
  throw new ConflictError(t.yaAplicada, 'LINEA_YA_APLICADA');
}

/** Why the line could not be marked applied: applied meanwhile, or no longer unmatched. */
async function errorDeLinea(id: string, n: number): Promise<Error> {
  const ahora = await leerLinea(id, n);
  return ahora?.estado === 'aplicada'
    ? new ConflictError(t.yaAplicada, 'LINEA_YA_APLICADA')
    : new ConflictError(t.noAplicable, 'LINEA_NO_APLICABLE');
}
