import {
  comisionDelProducto,
  comisionFormalizacion,
  CREDIT_LINE_LIMIT_CENTIMOS,
  fechaNegocio,
  formatCRC,
  PRIMER_VENCIMIENTO_MAX_DIAS,
  PRIMER_VENCIMIENTO_MIN_DIAS,
  riskLabel,
  sumarMeses,
  type CanalDesembolso,
  type ComisionCalculada,
  type Cliente,
  type Credito,
  type ProductoDetalle,
  type SolicitudDetalle,
} from '@cuota/shared';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { solicitudEstadoTexts } from '@cuota/shared/texts/solicitudEstado';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { fill } from '@cuota/shared/texts/fill';
import { ulid } from 'ulid';
import { type Caller } from '#commons/auth';
import {
  CondicionFallida,
  AppError,
  ConflictError,
  NotFoundError,
  TransaccionCancelada,
  TransaccionOcupada,
  ValidationError,
} from '#commons/errors';
import { huella } from '#commons/idempotencia';
import { itemFor } from '#commons/items';
import { ENTITY, keys } from '#commons/keys';
import { actividadPut, notificacionPut } from '#commons/registro';
import {
  actualizar,
  comprobar,
  conError,
  conReintentos,
  escribirTransaccion,
  put,
  type Accion,
  type Elemento,
} from '#commons/transaccion';
import { obtenerProducto } from '#features/productos/index';
import { obtenerCliente } from '#features/clientes/index';
import { creditoIndexItems } from '#features/creditos/index';
import { creditoAApi } from '#entities/credito';
import type { LineaCreditoGuardada } from '#entities/linea-credito';
import { itemMovimientoDesembolso } from '#entities/movimiento';
import { nuevaSolicitud, type AuditoriaSolicitud, type CambiosSolicitud } from '#entities/solicitud';
import { claveUnico, itemUnico } from '#entities/unico';
import {
  bloqueosDesembolso,
  cabeEnLinea,
  INTENTOS_NUMERO_SOLICITUD,
  lineaDisponible,
  numeroSolicitud,
  planDesembolso,
  primerVencimientoValido,
  puedeAplicar,
  terminoNoCalculable,
  terminosAprobados,
  type AccionSolicitud,
  type BloqueoDesembolso,
  type CreditoNuevo,
} from './domain';
import { registroIdempotencia, respuestaPrevia } from './idempotencia';
import { calcularScore } from './scoring';
import {
  autor,
  creditosDelCliente,
  detalle,
  leerLinea,
  leerSecuencia,
  leerSolicitud,
  obtenerSolicitudExistente,
  MAX_TRANSACT_ITEMS,
  nombreDe,
  reservarNumeroCredito,
  transicion,
  type SecuenciaCredito,
  type SolicitudGuardada,
} from './store';
import { obtenerValorConfiguracion, zonaHoraria } from '#features/configuracion/index';

/**
 * The solicitud use cases (spec §7): create, analyze, reject, approve, disburse, cancel. Each reads through
 * store.ts, decides with domain.ts and scoring.ts, and writes ONE transaction through
 * commons/transaccion.
 */

const t = solicitudesTexts;
type TransactItems = Elemento[];

// ---------------------------------------------------------------- create

/**
 * A new solicitud in estado enviado (spec §7 insert), for a client by staff or by the client
 * in the portal. The product must exist and be active; its ranges are hints, not enforced.
 * The number is made unique by a guard item in the same transaction; a collision retries with
 * a new number (domain.numeroSolicitud widens the digits when a year runs short).
 */
export async function crearSolicitud(
  input: { clienteId: string; productoId: string; montoCentimos: number; plazoMeses: number; origen: 'staff' | 'portal' },
  caller: Caller,
  now = new Date(),
): Promise<SolicitudGuardada> {
  const [cliente, producto, tz] = await Promise.all([
    obtenerCliente(input.clienteId),
    obtenerProducto(input.productoId),
    zonaHoraria(),
  ]);
  if (!cliente) throw new ValidationError({ cliente_id: t.clienteNoEncontrado });
  if (!producto || !producto.activo) throw new ValidationError({ producto_id: t.productoNoDisponible });
  const year = fechaNegocio(now, tz).slice(0, 4);
  const id = ulid(now.getTime());
  // a number already taken (its guard, item 0) or a contended write: draw again
  return conReintentos(
    async (intento) => {
      const solicitud = nuevaSolicitud({
        id,
        numero_solicitud: numeroSolicitud(year, intento, Math.random),
        cliente,
        producto,
        montoCentimos: input.montoCentimos,
        plazoMeses: input.plazoMeses,
        origen: input.origen,
        creadoPor: caller.userId,
        createdAt: now.toISOString(),
      });
      const items: TransactItems = [
        put(itemUnico(claveUnico.numeroSolicitud(solicitud.numero_solicitud), { solicitud_id: solicitud.id }), {
          condicion: 'attribute_not_exists(pk)',
        }),
        put(itemFor.solicitud(solicitud), { condicion: 'attribute_not_exists(pk)' }),
        actividadPut({
          tipo_actividad: 'create',
          descripcion: fill(t.actividadCreada, {
            numero: solicitud.numero_solicitud,
            cliente: nombreDe(cliente),
            monto: formatCRC(solicitud.monto_solicitado_centimos),
          }),
          user_id: caller.userId,
          user_nombre: autor(caller),
          now,
        }),
      ];
      await escribirTransaccion(items, { intentos: 1 });
      return solicitud;
    },
    {
      intentos: INTENTOS_NUMERO_SOLICITUD,
      sinPausa: true,
      reintentar: (e) => e instanceof TransaccionOcupada || (e instanceof CondicionFallida && e.indice === 0),
      siAgota: () => new ConflictError(t.ocupado, 'NUMERO_NO_DISPONIBLE'),
    },
  );
}

// ---------------------------------------------------------------- transitions

function noPermitido(s: SolicitudGuardada, accion: AccionSolicitud): ConflictError {
  const estado = solicitudEstadoTexts[s.estado] ?? s.estado;
  return new ConflictError(
    fill(t.noPermitido, { numero: s.numero_solicitud, estado, accion: t.acciones[accion] }),
    'ESTADO_NO_PERMITE',
  );
}

/**
 * analizar: enviado → en_analisis with the scorecard (score, riesgo_calculado, factores,
 * analizado_en) on the solicitud and the score and risk on the client, in one transaction.
 */
export async function analizarSolicitud(id: string, caller: Caller, now = new Date()): Promise<SolicitudDetalle> {
  const s = await obtenerSolicitudExistente(id);
  if (!puedeAplicar(s.estado, 'analizar')) throw noPermitido(s, 'analizar');
  const [cliente, producto, creditos, tz] = await Promise.all([
    obtenerCliente(s.cliente_id),
    obtenerProducto(s.producto_id),
    creditosDelCliente(s.cliente_id),
    zonaHoraria(),
  ]);
  if (!cliente) throw new NotFoundError(clientesTexts.notFound);
  const r = calcularScore({
    fechaNegocio: fechaNegocio(now, tz),
    cliente,
    creditos,
    montoCentimos: s.monto_solicitado_centimos,
    plazoMeses: s.plazo_meses,
    producto,
  });
  await transactOrConflict(operacionesDeAnalisis(s, cliente, r, caller, now), s, 'analizar');
  const updated: SolicitudGuardada = {
    ...s,
    estado: 'en_analisis',
    score: r.score,
    riesgo_calculado: r.riesgo,
    factores: r.factores,
    analizado_en: now.toISOString(),
  };
  return detalle(updated, { ...cliente, score_crediticio: r.score, riesgo: r.riesgo }, producto);
}

/** 0 the solicitud's transition, 1 the client's score (it must still exist), the activity entry, the client's notification. */
function operacionesDeAnalisis(
  s: SolicitudGuardada,
  cliente: Cliente,
  r: ReturnType<typeof calcularScore>,
  caller: Caller,
  now: Date,
): TransactItems {
  const analizadoEn = now.toISOString();
  const items: TransactItems = [
    transicion(s, 'analizar', {
      score: r.score,
      riesgo_calculado: r.riesgo,
      factores: r.factores,
      analizado_en: analizadoEn,
      analizado_por: caller.userId,
      updated_at: analizadoEn,
    }),
    actualizar(keys.cliente(cliente.id), 'SET score_crediticio = :score, riesgo = :riesgo', {
      condicion: 'attribute_exists(pk)',
      valores: { ':score': r.score, ':riesgo': r.riesgo },
    }).accion,
    ...registroYAviso(
      caller,
      now,
      {
        tipo_actividad: 'update',
        descripcion: fill(t.actividadAnalizada, {
          numero: s.numero_solicitud,
          cliente: nombreDe(cliente),
          score: r.score,
          riesgo: riskLabel(r.riesgo) ?? r.riesgo,
        }),
      },
      cliente,
      {
        tipo: 'info',
        titulo: t.notificacionAnalisisTitulo,
        mensaje: fill(t.notificacionAnalisis, { numero: s.numero_solicitud }),
      },
    ),
  ];
  return items;
}

/** rechazar: enviado | en_analisis → rechazado with the reason; the client is notified. */
export async function rechazarSolicitud(id: string, motivo: string, caller: Caller, now = new Date()): Promise<SolicitudDetalle> {
  const s = await obtenerSolicitudExistente(id);
  if (!puedeAplicar(s.estado, 'rechazar')) throw noPermitido(s, 'rechazar');
  const [cliente, producto] = await Promise.all([obtenerCliente(s.cliente_id), obtenerProducto(s.producto_id)]);
  const rechazadoEn = now.toISOString();
  const items: TransactItems = [
    transicion(s, 'rechazar', {
      motivo_rechazo: motivo,
      rechazado_en: rechazadoEn,
      rechazado_por: caller.userId,
      updated_at: rechazadoEn,
    }),
    ...registroYAviso(
      caller,
      now,
      {
        tipo_actividad: 'reject',
        descripcion: fill(t.actividadRechazada, {
          numero: s.numero_solicitud,
          cliente: cliente ? nombreDe(cliente) : nombreDe({ nombre: s.cliente_nombre, apellido: s.cliente_apellido }),
          motivo,
        }),
      },
      cliente,
      { tipo: 'info', titulo: t.rejected, mensaje: fill(t.notificacionRechazada, { numero: s.numero_solicitud, motivo }) },
    ),
  ];
  await transactOrConflict(items, s, 'rechazar');
  return detalle({ ...s, estado: 'rechazado', motivo_rechazo: motivo }, cliente, producto);
}

/**
 * Runs a transition whose first item is the solicitud's conditional update: its failure tells
 * the estado found now; a failure of the second (the client's update, when there is one) is a
 * client that no longer exists.
 */
async function transactOrConflict(items: TransactItems, s: SolicitudGuardada, accion: AccionSolicitud): Promise<void> {
  const [primero, segundo, ...resto] = items as [Accion, Accion, ...Accion[]];
  await escribirTransaccion(
    [
      conError(primero, async () => noPermitido((await leerSolicitud(s.id)) ?? s, accion)),
      conError(segundo, new NotFoundError(clientesTexts.notFound)),
      ...resto,
    ],
    { siOcupada: () => new ConflictError(t.ocupado, 'OCUPADO') },
  );
}

// ---------------------------------------------------------------- approval

/** What an approval may fix; each field defaults to what was requested. */
export interface TerminosAprobacion {
  monto_aprobado_centimos?: number;
  plazo_meses?: number;
  producto_id?: string;
  condiciones?: string;
}

/**
 * aprobar: enviado | en_analisis → aprobado with the approved amount (≤ the requested one), term,
 * product (active) and optional conditions, who approved and when. It moves no money: no credit,
 * no cuotas, no line usage. The terms must be priceable on the product (400 on their field) and
 * the client's line must fit the credit's principal now, i.e. the approved amount plus a financed
 * fee (409 LINEA_EXCEDIDA otherwise), but it is not reserved: the disbursement takes it,
 * conditionally, in its own transaction.
 */
export async function aprobarSolicitud(
  id: string,
  terminos: TerminosAprobacion,
  caller: Caller,
  now = new Date(),
): Promise<{ solicitud: SolicitudDetalle }> {
  const s = await obtenerSolicitudExistente(id);
  if (!puedeAplicar(s.estado, 'aprobar')) throw noPermitido(s, 'aprobar');
  const monto = terminos.monto_aprobado_centimos ?? s.monto_solicitado_centimos;
  const plazo = terminos.plazo_meses ?? s.plazo_meses;
  if (monto > s.monto_solicitado_centimos) {
    const textos = { aprobado: formatCRC(monto), solicitado: formatCRC(s.monto_solicitado_centimos) };
    throw new ValidationError({ monto_aprobado_centimos: fill(t.montoAprobadoMayor, textos) });
  }
  const [cliente, producto, usado] = await Promise.all([
    obtenerCliente(s.cliente_id),
    obtenerProducto(terminos.producto_id ?? s.producto_id),
    usoDeLinea(s.cliente_id),
  ]);
  if (!cliente) throw new NotFoundError(clientesTexts.notFound);
  if (!producto || !producto.activo) throw new ValidationError({ producto_id: t.productoNoDisponible });
  // the line must fit what the credit will owe: the approved amount plus a financed fee
  const { principal_centimos: principal } = precioDeTerminos(monto, plazo, producto);
  if (!cabeEnLinea(usado, principal)) throw lineaExcedida(principal, usado, principal - monto);
  const aprobadoEn = now.toISOString();
  const cambios = {
    monto_aprobado_centimos: monto,
    plazo_aprobado_meses: plazo,
    producto_aprobado_id: producto.id,
    producto_aprobado_nombre: producto.nombre,
    condiciones: terminos.condiciones || null,
    aprobado_en: aprobadoEn,
    aprobado_por: caller.userId,
    updated_at: aprobadoEn,
  };
  await transactOrConflict(operacionesDeAprobacion(s, cliente, cambios, caller, now), s, 'aprobar');
  return { solicitud: detalle({ ...s, ...cambios, estado: 'aprobado' }, cliente, producto) };
}

/** The staff member's activity entry and, when the client has a portal user, the client's notification (to the portal). */
function registroYAviso(
  caller: Caller,
  now: Date,
  actividad: Pick<Parameters<typeof actividadPut>[0], 'tipo_actividad' | 'descripcion'>,
  cliente: Pick<Cliente, 'user_id'> | null,
  aviso: Pick<Parameters<typeof notificacionPut>[0], 'tipo' | 'titulo' | 'mensaje'>,
): TransactItems {
  const items: TransactItems = [actividadPut({ ...actividad, user_id: caller.userId, user_nombre: autor(caller), now })];
  if (cliente?.user_id) items.push(notificacionPut({ user_id: cliente.user_id, ...aviso, accion_url: '/portal', now }));
  return items;
}

/** 0 the transition, 1 the client still exists, the activity entry, the client's notification. */
function operacionesDeAprobacion(
  s: SolicitudGuardada,
  cliente: Cliente,
  c: { monto_aprobado_centimos: number; plazo_aprobado_meses: number; producto_aprobado_nombre: string } & CambiosSolicitud,
  caller: Caller,
  now: Date,
): TransactItems {
  return transicionAvisada(s, 'aprobar', c, cliente, {
    caller,
    now,
    actividad: {
      tipo_actividad: 'approve',
      descripcion: fill(t.actividadAprobadaSinDesembolso, {
        numero: s.numero_solicitud,
        cliente: nombreDe(cliente),
        monto: formatCRC(c.monto_aprobado_centimos),
        plazo: c.plazo_aprobado_meses,
        producto: c.producto_aprobado_nombre,
      }),
    },
    aviso: {
      tipo: 'success',
      titulo: t.approved,
      mensaje: fill(t.notificacionAprobadaPendiente, {
        numero: s.numero_solicitud,
        monto: formatCRC(c.monto_aprobado_centimos),
        plazo: c.plazo_aprobado_meses,
      }),
    },
  });
}

/**
 * A transition that needs the client to still exist: the transition, that check, the activity
 * entry and the client's notification, in one transaction.
 */
function transicionAvisada(
  s: SolicitudGuardada,
  accion: AccionSolicitud,
  cambios: CambiosSolicitud,
  cliente: Cliente,
  registro: {
    caller: Caller;
    now: Date;
    actividad: Parameters<typeof registroYAviso>[2];
    aviso: Parameters<typeof registroYAviso>[4];
  },
): TransactItems {
  return [
    transicion(s, accion, cambios),
    comprobar(keys.cliente(cliente.id), 'attribute_exists(pk)').accion,
    ...registroYAviso(registro.caller, registro.now, registro.actividad, cliente, registro.aviso),
  ];
}

/** The client's line usage: its line item, or Σ saldo_capital of its credits before the first one. */
async function usoDeLinea(clienteId: string): Promise<number> {
  const linea = await leerLinea(clienteId);
  return linea
    ? linea.usado_centimos
    : (await creditosDelCliente(clienteId)).reduce((sum, c) => sum + c.saldo_capital_centimos, 0);
}

/**
 * The fee and the principal of approved terms on a product (the approved amount plus a financed
 * fee), as condicionesDelCredito computes them at disbursement. Terms the product cannot price
 * are a 400 on their field: a deducted fee that takes the whole amount, grace months ≥ the term.
 */
function precioDeTerminos(monto: number, plazo: number, producto: ProductoDetalle): ComisionCalculada {
  const invalido = terminoNoCalculable(monto, plazo, producto);
  if (invalido?.campo === 'plazo_meses') {
    throw new ValidationError({ plazo_meses: fill(t.graciaExcedePlazo, { plazo, gracia: invalido.gracia }) });
  }
  if (invalido?.campo === 'monto_aprobado_centimos') {
    const textos = { comision: formatCRC(invalido.comision), monto: formatCRC(monto) };
    throw new ValidationError({ monto_aprobado_centimos: fill(t.comisionDeducidaExcede, textos) });
  }
  return calculable(producto, () => comisionFormalizacion(comisionDelProducto(producto), monto));
}

/** Runs a pricing step of the shared domain: a RangeError (terms it cannot price) is a 400, never a 500. */
function calculable<T>(producto: { nombre: string }, calcular: () => T): T {
  try {
    return calcular();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    const mensaje = fill(t.terminosNoCalculables, { producto: producto.nombre, detalle: error.message });
    throw new ValidationError({ terminos_aprobados: mensaje }, mensaje);
  }
}

// ---------------------------------------------------------------- cancellation

/** cancelar: aprobado (not yet disbursed) → cancelado with the reason; audited, the client notified. */
export async function cancelarSolicitud(id: string, motivo: string, caller: Caller, now = new Date()): Promise<SolicitudDetalle> {
  const s = await obtenerSolicitudExistente(id);
  if (!puedeAplicar(s.estado, 'cancelar')) throw noPermitido(s, 'cancelar');
  const [cliente, producto] = await Promise.all([obtenerCliente(s.cliente_id), obtenerProducto(s.producto_id)]);
  if (!cliente) throw new NotFoundError(clientesTexts.notFound);
  const canceladoEn = now.toISOString();
  const cambios = {
    motivo_cancelacion: motivo,
    cancelado_en: canceladoEn,
    cancelado_por: caller.userId,
    updated_at: canceladoEn,
  };
  const items = transicionAvisada(s, 'cancelar', cambios, cliente, {
    caller,
    now,
    actividad: {
      tipo_actividad: 'update',
      descripcion: fill(t.actividadCancelada, { numero: s.numero_solicitud, cliente: nombreDe(cliente), motivo }),
    },
    aviso: {
      tipo: 'info',
      titulo: t.notificacionCanceladaTitulo,
      mensaje: fill(t.notificacionCancelada, { numero: s.numero_solicitud, motivo }),
    },
  });
  await transactOrConflict(items, s, 'cancelar');
  return detalle({ ...s, ...cambios, estado: 'cancelado' }, cliente, producto);
}

// ---------------------------------------------------------------- disbursement

const INTENTOS_DESEMBOLSO = 12;
const RUTA_DESEMBOLSO = 'desembolsar-solicitud';

/** What the disbursement is told (solicitudDesembolsarSchema). */
export interface DatosDesembolso {
  fecha_primer_vencimiento?: string;
  canal_desembolso: CanalDesembolso;
  cuenta_destino?: string;
  override_motivo?: string;
}

export interface ResultadoDesembolso {
  solicitud: SolicitudDetalle;
  credito: Credito;
}

/**
 * desembolsar: aprobado → desembolsado and the credit, in ONE TransactWrite of at most 100 items:
 *   1 solicitud (conditional on its estado) + 1 credit line (conditional on usado + monto ≤ limit)
 *   + 1 credit-number sequence (conditional on the value read) + 1 credito + 1 number guard
 *   + ≤ 16 search items + n cuotas (n ≤ 60) + 1 disbursement movement + ≤ 2 activity entries
 *   + ≤ 1 notification + 1 Idempotency-Key record → at most 86.
 * Any condition failing cancels everything: a repeated or concurrent disbursement creates one
 * credit; a line that no longer fits is refused. The same Idempotency-Key answers with the first
 * response. The credit number: see NumeroCredito.
 */
export async function desembolsarSolicitud(
  id: string,
  datos: DatosDesembolso,
  caller: Caller,
  clave: string | null,
  now = new Date(),
): Promise<{ respuesta: ResultadoDesembolso; repetida: boolean }> {
  // the first due date is checked against the business date before anything else (a 400 on its field)
  const hoy = fechaNegocio(now, await zonaHoraria());
  const primer = primerVencimientoElegido(hoy, datos.fecha_primer_vencimiento);
  if (!clave) throw new ValidationError({ 'Idempotency-Key': t.idempotenciaRequerida });
  const firma = huella({ ruta: RUTA_DESEMBOLSO, id, ...datos });
  const idem = { userId: caller.userId, clave, ruta: RUTA_DESEMBOLSO, huella: firma, now };
  const numero = new NumeroCredito();
  return conReintentos(
    async () => {
      const previa = await respuestaPrevia<ResultadoDesembolso>(caller.userId, clave, firma, now);
      if (previa) return { respuesta: previa, repetida: true };
      try {
        const d = await cargarDesembolso(id, numero, caller);
        comprobarDesembolsable(d, datos, caller);
        const plan = planDeDesembolso(d, { ...datos, hoy, primer }, numero, caller, now);
        const respuesta = resultadoDeDesembolso(d, plan);
        await numero.escribir([...operacionesDeDesembolso(d, plan, caller, now), registroIdempotencia(idem, respuesta)]);
        return { respuesta, repetida: false };
      } catch (error) {
        // a request with the same key may have disbursed it since its record was read: its answer is ours
        const tarde =
          error instanceof ConflictError ? await respuestaPrevia<ResultadoDesembolso>(caller.userId, clave, firma, now) : null;
        if (tarde) return { respuesta: tarde, repetida: true };
        throw error;
      }
    },
    // solicitud no longer disbursable, line changed, sequence taken, the key used by a concurrent
    // request or a concurrent transaction: read again; the next round answers or succeeds.
    { intentos: INTENTOS_DESEMBOLSO, siAgota: () => new ConflictError(t.ocupado, 'OCUPADO') },
  );
}

/** What a disbursement round reads: the solicitud, its client and approved product, the line and the sequence. */
interface Desembolso {
  s: SolicitudGuardada & AuditoriaSolicitud;
  cliente: Cliente | null;
  producto: ProductoDetalle | null;
  linea: LineaCreditoGuardada | null;
  secuencia: SecuenciaCredito | null;
  makerChecker: boolean;
  /** The client's line usage before this credit. */
  usado: number;
}

async function cargarDesembolso(id: string, numero: NumeroCredito, caller: Caller): Promise<Desembolso> {
  // who may disburse before anything about the solicitud: a 403 is not hidden behind its estado
  const [analista, makerChecker] = await Promise.all([
    obtenerValorConfiguracion('desembolso_analista'),
    obtenerValorConfiguracion('maker_checker'),
  ]);
  if (!caller.roles.includes('admin') && analista !== 'true')
    throw new AppError(403, 'DESEMBOLSO_SOLO_ADMIN', t.analistaNoDesembolsa);
  const s = await obtenerSolicitudExistente(id);
  if (!puedeAplicar(s.estado, 'desembolsar')) throw noPermitido(s, 'desembolsar');
  await numero.reservarSiHaceFalta();
  const [cliente, producto, linea, secuencia] = await Promise.all([
    obtenerCliente(s.cliente_id),
    obtenerProducto(s.producto_aprobado_id ?? s.producto_id),
    leerLinea(s.cliente_id),
    leerSecuencia(),
  ]);
  const usado = linea
    ? linea.usado_centimos
    : (await creditosDelCliente(s.cliente_id)).reduce((sum, c) => sum + c.saldo_capital_centimos, 0);
  return { s, cliente, producto, linea, secuencia, makerChecker: makerChecker === 'true', usado };
}

/**
 * The rules before any write: maker-checker, the product, the terms priceable on the product as
 * it is now, the line (fitting the principal: the approved amount plus a financed fee), the blocks.
 */
function comprobarDesembolsable(
  d: Desembolso,
  datos: DatosDesembolso,
  caller: Caller,
): asserts d is Desembolso & { cliente: Cliente; producto: ProductoDetalle } {
  if (!d.cliente) throw new NotFoundError(clientesTexts.notFound);
  if (d.makerChecker && d.s.aprobado_por === caller.userId) {
    throw new ConflictError(fill(t.makerChecker, { numero: d.s.numero_solicitud }), 'MAKER_CHECKER');
  }
  if (!d.producto || !d.producto.activo) {
    throw new ConflictError(
      fill(t.productoInactivo, { producto: d.producto?.nombre ?? d.s.producto_nombre ?? d.s.producto_id }),
      'PRODUCTO_INACTIVO',
    );
  }
  const { monto, plazo } = terminosAprobados(d.s);
  const { principal_centimos: principal } = precioDeTerminos(monto, plazo, d.producto);
  if (!cabeEnLinea(d.usado, principal)) throw lineaExcedida(principal, d.usado, principal - monto);
  const bloqueos = bloqueosDesembolso(d.s, d.cliente);
  if (bloqueos.length && !datos.override_motivo) {
    const primero = bloqueos[0] === 'sin_score' ? t.sinScore : t.kycPendiente;
    throw new ConflictError(
      fill(primero, { numero: d.s.numero_solicitud, cliente: nombreDe(d.cliente) }),
      'DESEMBOLSO_BLOQUEADO',
    );
  }
}

type Desembolsable = Desembolso & { cliente: Cliente; producto: ProductoDetalle };
/** The credit with where its money went and who let it out. */
type CreditoDesembolsado = CreditoNuevo & {
  canal_desembolso: CanalDesembolso;
  cuenta_destino: string | null;
  desembolsado_por: string;
  aprobado_por: string | null;
  motivo_excepcion: string | null;
};
type Plan = Omit<ReturnType<typeof planDesembolso>, 'credito'> & {
  credito: CreditoDesembolsado;
  createdAt: string;
  secuencia: Elemento[];
  bloqueos: BloqueoDesembolso[];
  datos: DatosDesembolso;
};

/**
 * The credit and its schedule (domain.planDesembolso) under the credit number this round uses,
 * with the first due date chosen (within PRIMER_VENCIMIENTO_MIN_DIAS..MAX_DIAS of the business
 * date; one equal to the default is the default, so the series keeps its anchor day).
 */
function planDeDesembolso(
  d: Desembolsable,
  datos: DatosDesembolso & { hoy: string; primer: string | undefined },
  numeros: NumeroCredito,
  caller: Caller,
  now: Date,
): Plan {
  const createdAt = now.toISOString();
  const { hoy, primer } = datos;
  const numero = numeros.para(d.secuencia);
  const plan = calculable(d.producto, () =>
    planDesembolso({
      solicitud: d.s,
      producto: d.producto,
      cliente: d.cliente,
      fechaNegocio: hoy,
      ...(primer ? { fechaPrimerVencimiento: primer } : {}),
      secuencia: numero,
      creditoId: ulid(now.getTime()),
      cuotaId: () => ulid(now.getTime()),
      createdAt,
    }),
  );
  const bloqueos = bloqueosDesembolso(d.s, d.cliente);
  const credito: CreditoDesembolsado = {
    ...plan.credito,
    canal_desembolso: datos.canal_desembolso,
    cuenta_destino: datos.cuenta_destino ?? null,
    desembolsado_por: caller.userId,
    aprobado_por: d.s.aprobado_por ?? null,
    motivo_excepcion: bloqueos.length ? (datos.override_motivo ?? null) : null,
  };
  return { ...plan, credito, createdAt, secuencia: numeros.operacionSecuencia(d.secuencia, numero), bloqueos, datos };
}

/** The chosen first due date, or undefined for the default (one month after the disbursement). */
function primerVencimientoElegido(hoy: string, elegida: string | undefined): string | undefined {
  if (!elegida || elegida === sumarMeses(hoy, 1)) return undefined;
  if (!primerVencimientoValido(hoy, elegida, PRIMER_VENCIMIENTO_MIN_DIAS, PRIMER_VENCIMIENTO_MAX_DIAS)) {
    const textos = { fecha: elegida, min: PRIMER_VENCIMIENTO_MIN_DIAS, max: PRIMER_VENCIMIENTO_MAX_DIAS, desembolso: hoy };
    throw new ValidationError({ fecha_primer_vencimiento: fill(t.primerVencimientoFuera, textos) });
  }
  return elegida;
}

/**
 * The one transaction, in this order (NumeroCredito reads item 2): 0 the solicitud's transition,
 * 1 the credit line, 2 the sequence (unless a number is reserved), the credit, its number guard
 * and search items, its cuotas, the disbursement movement, the activity entries (the override's
 * own when a block was overridden) and the client's notification.
 */
function operacionesDeDesembolso(d: Desembolsable, plan: Plan, caller: Caller, now: Date): Elemento[] {
  const { s, cliente } = d;
  const { credito, cuotas, createdAt } = plan;
  const monto = credito.monto_principal_centimos;
  const financiada = monto - terminosAprobados(s).monto;
  const sinRepetir = 'attribute_not_exists(pk)';
  // the line's condition failing means the principal no longer fits (a concurrent disbursement took
  // it): LINEA_EXCEDIDA with the usage now, not a retry that ends in OCUPADO
  const excedida = async () => lineaExcedida(monto, (await leerLinea(s.cliente_id))?.usado_centimos ?? d.usado, financiada);
  const items: Elemento[] = [
    transicion(s, 'desembolsar', {
      credito_id: credito.id,
      numero_credito: credito.numero_credito,
      desembolsado_en: createdAt,
      desembolsado_por: caller.userId,
      motivo_excepcion: credito.motivo_excepcion,
      updated_at: createdAt,
    }),
    d.linea
      ? actualizar(keys.lineaCredito(s.cliente_id), 'SET usado_centimos = usado_centimos + :monto, updated_at = :now', {
          condicion: 'usado_centimos <= :max',
          valores: { ':monto': monto, ':max': CREDIT_LINE_LIMIT_CENTIMOS - monto, ':now': createdAt },
          siFalla: excedida,
        })
      : // a new line item: comprobarDesembolsable checked d.usado + monto ≤ the limit; a line item
        // created meanwhile fails this condition and the round reads it again
        put(itemFor.lineaCredito({ cliente_id: s.cliente_id, usado_centimos: d.usado + monto, updated_at: createdAt }), {
          condicion: sinRepetir,
        }),
    ...plan.secuencia,
    // zona: the client's city at disbursement, the collections worklist's zone filter (docs/cobranza.md)
    put(itemFor.credito({ ...credito, zona: cliente.ciudad ?? null }), { condicion: sinRepetir }),
    ...creditoIndexItems(credito).map((item) => put(item, { condicion: sinRepetir })),
    ...cuotas.map((c) => put(itemFor.cuota(c))),
    put(movimientoDeDesembolso(plan, s, caller), { condicion: sinRepetir }),
    ...actividadesDeDesembolso(d, plan, caller, now),
  ];
  if (cliente.user_id) items.push(notificacionDesembolso(cliente.user_id, s, credito, now));
  if (items.length > MAX_TRANSACT_ITEMS - 1)
    throw new Error(`el desembolso necesita ${items.length + 1} elementos (máximo ${MAX_TRANSACT_ITEMS})`);
  return items;
}

/** MOV#: the disbursement at its date: the principal, the fee deducted or financed, the net to the customer. */
function movimientoDeDesembolso(plan: Plan, s: SolicitudGuardada, caller: Caller) {
  const { credito } = plan;
  return itemMovimientoDesembolso({
    id: ulid(Date.parse(plan.createdAt)),
    credito_id: credito.id,
    fecha_valor: credito.fecha_desembolso,
    created_at: plan.createdAt,
    tipo_movimiento: 'desembolso',
    monto_centimos: credito.monto_principal_centimos,
    comision_centimos: credito.comision_formalizacion_centimos,
    neto_centimos: credito.neto_desembolsado_centimos,
    canal_desembolso: plan.datos.canal_desembolso,
    cuenta_destino: plan.datos.cuenta_destino ?? null,
    solicitud_id: s.id,
    registrado_por: caller.userId,
    motivo_excepcion: credito.motivo_excepcion,
  });
}

function actividadesDeDesembolso(d: Desembolsable, plan: Plan, caller: Caller, now: Date): Accion[] {
  const { s, cliente } = d;
  const { credito } = plan;
  const quien = { user_id: caller.userId, user_nombre: autor(caller), now };
  const desembolso = actividadPut({
    tipo_actividad: 'approve',
    descripcion: fill(t.actividadDesembolsada, {
      numero: s.numero_solicitud,
      credito: credito.numero_credito,
      monto: formatCRC(credito.monto_principal_centimos),
      cliente: nombreDe(cliente),
      canal: t.canales[plan.datos.canal_desembolso],
    }),
    ...quien,
  });
  if (!plan.bloqueos.length || !credito.motivo_excepcion) return [desembolso];
  const bloqueos = plan.bloqueos.map((b) => (b === 'sin_score' ? t.bloqueoSinScore : t.bloqueoKyc)).join(', ');
  const excepcion = actividadPut({
    tipo_actividad: 'update',
    descripcion: fill(t.actividadExcepcion, { numero: s.numero_solicitud, bloqueos, motivo: credito.motivo_excepcion }),
    // one millisecond later: its own id and order in the log
    ...quien,
    now: new Date(now.getTime() + 1),
  });
  return [desembolso, excepcion];
}

function notificacionDesembolso(userId: string, s: SolicitudGuardada, credito: Plan['credito'], now: Date) {
  return notificacionPut({
    user_id: userId,
    tipo: 'credit',
    titulo: t.notificacionDesembolsoTitulo,
    mensaje: fill(t.notificacionAprobada, {
      numero: s.numero_solicitud,
      credito: credito.numero_credito,
      monto: formatCRC(credito.monto_principal_centimos),
      fecha: credito.fecha_primer_vencimiento.split('-').reverse().join('/'),
    }),
    accion_url: '/portal',
    now,
  });
}

function resultadoDeDesembolso(d: Desembolsable, plan: Plan): ResultadoDesembolso {
  const { credito } = plan;
  const desembolsada: SolicitudGuardada = {
    ...d.s,
    estado: 'desembolsado',
    credito_id: credito.id,
    numero_credito: credito.numero_credito,
    desembolsado_en: plan.createdAt,
  };
  return { solicitud: detalle(desembolsada, d.cliente, d.producto), credito: creditoAApi(itemFor.credito(credito)) };
}

/**
 * The credit number across a disbursement's rounds: taken inside the transaction from the sequence
 * read (no gaps) until a round loses the sequence to another disbursement; from then on a number
 * reserved with an atomic ADD, and the transaction carries no sequence item, so simultaneous
 * disbursements of different solicitudes no longer collide on it round after round (with a fixed
 * number of retries, ~1 in 5 of 40 simultaneous ones was refused with OCUPADO). The number guard
 * keeps numbers unique either way; a reserved number whose disbursement is then refused is skipped
 * (a gap, never a repeat).
 */
class NumeroCredito {
  private reservado: number | null = null;
  private perdioSecuencia = false;

  async reservarSiHaceFalta(): Promise<void> {
    if (this.perdioSecuencia && this.reservado === null) this.reservado = await reservarNumeroCredito();
  }

  para(secuencia: SecuenciaCredito | null): number {
    return this.reservado ?? (secuencia ? secuencia.valor : 0) + 1;
  }

  /** The sequence item (conditional on the value read), or nothing once a number is reserved. */
  operacionSecuencia(secuencia: SecuenciaCredito | null, numero: number): Elemento[] {
    if (this.reservado !== null) return [];
    return secuencia
      ? [
          actualizar(keys.secuenciaCredito(), 'SET valor = :n', {
            condicion: 'valor = :prev',
            valores: { ':n': numero, ':prev': numero - 1 },
          }),
        ]
      : [put({ ...keys.secuenciaCredito(), tipo: ENTITY.secuencia, valor: numero }, { condicion: 'attribute_not_exists(pk)' })];
  }

  /** One attempt: the round (read again, check, build) is what is retried. */
  async escribir(items: Elemento[]): Promise<void> {
    try {
      await escribirTransaccion(items, { intentos: 1 });
    } catch (error) {
      // item 2 is the sequence while no number is reserved
      if (error instanceof TransaccionCancelada && this.reservado === null && (error.motivos[2] ?? 'None') !== 'None') {
        this.perdioSecuencia = true;
      }
      throw error;
    }
  }
}

/** 409 LINEA_EXCEDIDA: the credit's principal (naming the financed fee in it, if any) does not fit the line. */
function lineaExcedida(principal: number, usado: number, comisionFinanciada = 0): ConflictError {
  const textos = {
    monto: formatCRC(principal),
    comision: formatCRC(comisionFinanciada),
    disponible: formatCRC(lineaDisponible(usado)),
    limite: formatCRC(CREDIT_LINE_LIMIT_CENTIMOS),
  };
  return new ConflictError(fill(comisionFinanciada > 0 ? t.lineaExcedidaConComision : t.lineaExcedida, textos), 'LINEA_EXCEDIDA');
}
