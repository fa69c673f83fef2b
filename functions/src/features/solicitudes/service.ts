import {
  CREDIT_LINE_LIMIT_CENTIMOS,
  fechaNegocio,
  formatCRC,
  riskLabel,
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
  ConflictError,
  NotFoundError,
  TransaccionCancelada,
  TransaccionOcupada,
  ValidationError,
} from '#commons/errors';
import { itemFor } from '#commons/items';
import { ENTITY, keys } from '#commons/keys';
import { actividadPut, notificacionPut } from '#commons/registro';
import { actualizar, conError, conReintentos, escribirTransaccion, put, type Accion, type Elemento } from '#commons/transaccion';
import { obtenerProducto } from '#features/productos/index';
import { obtenerCliente } from '#features/clientes/index';
import { creditoIndexItems } from '#features/creditos/index';
import { creditoAApi } from '#entities/credito';
import type { LineaCreditoGuardada } from '#entities/linea-credito';
import { nuevaSolicitud } from '#entities/solicitud';
import { claveUnico, itemUnico } from '#entities/unico';
import {
  cabeEnLinea,
  INTENTOS_NUMERO_SOLICITUD,
  lineaDisponible,
  numeroSolicitud,
  planDesembolso,
  puedeAplicar,
  type AccionSolicitud,
} from './domain';
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
import { zonaHoraria } from '#features/configuracion/index';

/**
 * The solicitud use cases (spec §7): create, analyze, reject, approve. Each reads through
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
    actividadPut({
      tipo_actividad: 'update',
      descripcion: fill(t.actividadAnalizada, {
        numero: s.numero_solicitud,
        cliente: nombreDe(cliente),
        score: r.score,
        riesgo: riskLabel(r.riesgo) ?? r.riesgo,
      }),
      user_id: caller.userId,
      user_nombre: autor(caller),
      now,
    }),
  ];
  if (cliente.user_id) {
    items.push(
      notificacionPut({
        user_id: cliente.user_id,
        tipo: 'info',
        titulo: t.notificacionAnalisisTitulo,
        mensaje: fill(t.notificacionAnalisis, { numero: s.numero_solicitud }),
        accion_url: '/portal',
        now,
      }),
    );
  }
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
    actividadPut({
      tipo_actividad: 'reject',
      descripcion: fill(t.actividadRechazada, {
        numero: s.numero_solicitud,
        cliente: cliente ? nombreDe(cliente) : nombreDe({ nombre: s.cliente_nombre, apellido: s.cliente_apellido }),
        motivo,
      }),
      user_id: caller.userId,
      user_nombre: autor(caller),
      now,
    }),
  ];
  if (cliente?.user_id) {
    items.push(
      notificacionPut({
        user_id: cliente.user_id,
        tipo: 'info',
        titulo: t.rejected,
        mensaje: fill(t.notificacionRechazada, { numero: s.numero_solicitud, motivo }),
        accion_url: '/portal',
        now,
      }),
    );
  }
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

// ---------------------------------------------------------------- approval and disbursement

const INTENTOS_APROBAR = 12;

/**
 * aprobar: enviado | en_analisis → aprobado and the disbursement, in ONE TransactWrite of at
 * most 100 items:
 *   1 solicitud (conditional on its estado) + 1 credit line (conditional on usado + monto ≤ limit)
 *   + 1 credit-number sequence (conditional on the value read) + 1 credito + 1 number guard
 *   + ≤ 16 search items + n cuotas (n ≤ 60, the solicitud's maximum term) + 1 activity
 *   + ≤ 1 notification  → at most 83.
 * Any condition failing cancels everything: a repeated or concurrent approval creates one
 * credit; a line that no longer fits is refused.
 * The credit number: uncontended, the sequence is taken inside the transaction (conditional on
 * the value read), so numbers have no gaps. An approval that loses the sequence to another one
 * reserves its number with an atomic ADD outside the transaction and retries without the
 * sequence item: simultaneous approvals of different solicitudes no longer collide on it round
 * after round (with a fixed number of retries, ~1 in 5 of 40 simultaneous approvals was refused
 * with OCUPADO). The number guard keeps numbers unique either way; a reserved number whose
 * approval is then refused is skipped (a gap, never a repeat).
 */
export async function aprobarSolicitud(
  id: string,
  caller: Caller,
  now = new Date(),
): Promise<{ solicitud: SolicitudDetalle; credito: Credito }> {
  const numero = new NumeroCredito();
  return conReintentos(
    async () => {
      const a = await cargarAprobacion(id, numero);
      comprobarAprobable(a);
      const plan = planDeAprobacion(a, numero, now);
      await numero.escribir(operacionesDeAprobacion(a, plan, caller, now));
      return resultadoDeAprobacion(a, plan);
    },
    // solicitud no longer approvable, line changed, sequence taken or a concurrent transaction:
    // read again; the next round answers 409 or succeeds with fresh values.
    { intentos: INTENTOS_APROBAR, siAgota: () => new ConflictError(t.ocupado, 'OCUPADO') },
  );
}

/** What an approval round reads: the solicitud, its client and product, the line and the sequence. */
interface Aprobacion {
  s: SolicitudGuardada;
  cliente: Cliente | null;
  producto: ProductoDetalle | null;
  linea: LineaCreditoGuardada | null;
  secuencia: SecuenciaCredito | null;
  tz: string;
  /** The client's line usage before this credit. */
  usado: number;
}

async function cargarAprobacion(id: string, numero: NumeroCredito): Promise<Aprobacion> {
  const s = await obtenerSolicitudExistente(id);
  if (!puedeAplicar(s.estado, 'aprobar')) throw noPermitido(s, 'aprobar');
  await numero.reservarSiHaceFalta();
  const [cliente, producto, linea, secuencia, tz] = await Promise.all([
    obtenerCliente(s.cliente_id),
    obtenerProducto(s.producto_id),
    leerLinea(s.cliente_id),
    leerSecuencia(),
    zonaHoraria(),
  ]);
  const usado = linea
    ? linea.usado_centimos
    : (await creditosDelCliente(s.cliente_id)).reduce((sum, c) => sum + c.saldo_capital_centimos, 0);
  return { s, cliente, producto, linea, secuencia, tz, usado };
}

function comprobarAprobable(a: Aprobacion): asserts a is Aprobacion & { cliente: Cliente; producto: ProductoDetalle } {
  if (!a.cliente) throw new NotFoundError(clientesTexts.notFound);
  if (!a.producto || !a.producto.activo) {
    throw new ConflictError(
      fill(t.productoInactivo, { producto: a.producto?.nombre ?? a.s.producto_nombre ?? a.s.producto_id }),
      'PRODUCTO_INACTIVO',
    );
  }
  if (!cabeEnLinea(a.usado, a.s.monto_solicitado_centimos)) throw lineaExcedida(a.s.monto_solicitado_centimos, a.usado);
}

type Aprobable = Aprobacion & { cliente: Cliente; producto: ProductoDetalle };
type Plan = ReturnType<typeof planDesembolso> & { createdAt: string; secuencia: Elemento[] };

/** The credit and its schedule (domain.planDesembolso) under the credit number this round uses. */
function planDeAprobacion(a: Aprobable, numeros: NumeroCredito, now: Date): Plan {
  const createdAt = now.toISOString();
  const numero = numeros.para(a.secuencia);
  const plan = planDesembolso({
    solicitud: a.s,
    producto: a.producto,
    cliente: a.cliente,
    fechaNegocio: fechaNegocio(now, a.tz),
    secuencia: numero,
    creditoId: ulid(now.getTime()),
    cuotaId: () => ulid(now.getTime()),
    createdAt,
  });
  return { ...plan, createdAt, secuencia: numeros.operacionSecuencia(a.secuencia, numero) };
}

/**
 * The one transaction, in this order (NumeroCredito reads item 2): 0 the solicitud's transition,
 * 1 the credit line, 2 the sequence (unless a number is reserved), the credit, its number guard
 * and search items, its cuotas, the activity entry and the client's notification.
 */
function operacionesDeAprobacion(a: Aprobable, plan: Plan, caller: Caller, now: Date): Elemento[] {
  const { s, cliente } = a;
  const { credito, cuotas, createdAt } = plan;
  const monto = s.monto_solicitado_centimos;
  const sinRepetir = 'attribute_not_exists(pk)';
  const items: Elemento[] = [
    transicion(s, 'aprobar', {
      credito_id: credito.id,
      numero_credito: credito.numero_credito,
      aprobado_en: createdAt,
      aprobado_por: caller.userId,
      updated_at: createdAt,
    }),
    a.linea
      ? actualizar(keys.lineaCredito(s.cliente_id), 'SET usado_centimos = usado_centimos + :monto, updated_at = :now', {
          condicion: 'usado_centimos <= :max',
          valores: { ':monto': monto, ':max': CREDIT_LINE_LIMIT_CENTIMOS - monto, ':now': createdAt },
        })
      : put(itemFor.lineaCredito({ cliente_id: s.cliente_id, usado_centimos: a.usado + monto, updated_at: createdAt }), {
          condicion: sinRepetir,
        }),
    ...plan.secuencia,
    put(itemFor.credito(credito), { condicion: sinRepetir }),
    ...creditoIndexItems(credito).map((item) => put(item, { condicion: sinRepetir })),
    ...cuotas.map((c) => put(itemFor.cuota(c))),
    actividadPut({
      tipo_actividad: 'approve',
      descripcion: fill(t.actividadAprobada, {
        numero: s.numero_solicitud,
        credito: credito.numero_credito,
        monto: formatCRC(monto),
        cliente: nombreDe(cliente),
      }),
      user_id: caller.userId,
      user_nombre: autor(caller),
      now,
    }),
  ];
  if (cliente.user_id) items.push(notificacionAprobada(cliente.user_id, s, credito, now));
  if (items.length > MAX_TRANSACT_ITEMS)
    throw new Error(`la aprobación necesita ${items.length} elementos (máximo ${MAX_TRANSACT_ITEMS})`);
  return items;
}

function notificacionAprobada(userId: string, s: SolicitudGuardada, credito: Plan['credito'], now: Date) {
  return notificacionPut({
    user_id: userId,
    tipo: 'credit',
    titulo: t.approved,
    mensaje: fill(t.notificacionAprobada, {
      numero: s.numero_solicitud,
      credito: credito.numero_credito,
      monto: formatCRC(s.monto_solicitado_centimos),
      fecha: credito.fecha_primer_vencimiento.split('-').reverse().join('/'),
    }),
    accion_url: '/portal',
    now,
  });
}

function resultadoDeAprobacion(a: Aprobable, plan: Plan): { solicitud: SolicitudDetalle; credito: Credito } {
  const { credito } = plan;
  const aprobada: SolicitudGuardada = {
    ...a.s,
    estado: 'aprobado',
    credito_id: credito.id,
    numero_credito: credito.numero_credito,
  };
  return { solicitud: detalle(aprobada, a.cliente, a.producto), credito: creditoAApi(itemFor.credito(credito)) };
}

/**
 * The credit number across an approval's rounds: taken inside the transaction from the sequence
 * read (no gaps) until a round loses the sequence to another approval; from then on a number
 * reserved with an atomic ADD, and the transaction carries no sequence item.
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

function lineaExcedida(monto: number, usado: number): ConflictError {
  return new ConflictError(
    fill(t.lineaExcedida, {
      monto: formatCRC(monto),
      disponible: formatCRC(lineaDisponible(usado)),
      limite: formatCRC(CREDIT_LINE_LIMIT_CENTIMOS),
    }),
    'LINEA_EXCEDIDA',
  );
}
