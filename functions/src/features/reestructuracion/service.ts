import {
  centesimasDePorcentaje,
  formatCRC,
  formatPorcentaje,
  type PlanReestructuracion,
  type Reestructuracion,
  type Reestructurar,
  tasaMoratoriaMaxima,
} from '@cuota/shared';
import { enCartera } from '@cuota/shared/schemas/lending';
import { creditosTexts } from '@cuota/shared/texts/creditos';
import { reestructuracionTexts as t } from '@cuota/shared/texts/reestructuracion';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { huella } from '#commons/idempotencia';
import { actividadPut, notificacionPut } from '#commons/registro';
import { conReintentos, escribirTransaccion, MAX_ACCIONES, type Accion, type Elemento } from '#commons/transaccion';
import { obtenerCliente } from '#features/clientes/index';
import { topesUsura } from '#features/configuracion/index';
import { obtenerProducto } from '#features/productos/index';
import {
  cargarCredito,
  creditoUpdate,
  fechaHoy,
  liquidacionAl,
  normalizarCuota,
  pendiente,
  recalcular,
  type CreditoCargado,
} from '#features/cierre/index';
import { lineaTrasPago, unaVez } from '#features/pagos/index';
import { MoraSinCapitalizar, ParametrosInvalidos, planReestructuracion, type CuotaPendiente } from './domain';
import { itemsDeRefinanciamiento } from './refinanciamiento';
import {
  cuotasNuevasItems,
  guardaDelDia,
  leerReestructuracion,
  listarReestructuraciones,
  movimientoReestructuracion,
  proponerPut,
  registroConfirmadoPut,
  sinPagosPorConciliar,
} from './store';

/**
 * Restructuring a credit (docs/lending-engine.md "Reestructuración"): preview, confirm (admin),
 * propose (analista) then approve or reject (admin). A confirmation rewrites the schedule in one
 * transaction with the record that keeps the old one, a ledger movement, the credit line, an
 * activity entry and the customer's notice.
 */

const INTENTOS = 6;
const accionDe = (e: Elemento): Accion => ('accion' in e ? e.accion : e);
const nombreDe = (caller: Caller) => [caller.nombre, caller.apellido].filter(Boolean).join(' ') || caller.email || caller.userId;

function exigirClave(clave: string | null): string {
  if (!clave) throw new ValidationError({ 'Idempotency-Key': t.claveRequerida });
  return clave;
}

async function cargarReestructurable(creditoId: string): Promise<CreditoCargado> {
  const cargado = await cargarCredito(creditoId);
  if (!cargado) throw new NotFoundError(creditosTexts.notFound);
  if (!enCartera(cargado.credito.estado)) {
    throw new ConflictError(t.creditoNoReestructurable, 'CREDITO_NO_REESTRUCTURABLE');
  }
  return cargado;
}

/** A new rate may not exceed the usury cap in force for the credit's product (Ley 7472 art. 36 bis), as products may not. */
async function comprobarUsura(credito: Record<string, unknown>, tasa: string | undefined): Promise<void> {
  if (tasa === undefined) return;
  const [topes, producto] = await Promise.all([topesUsura(), obtenerProducto(String(credito.producto_id))]);
  const tope = producto?.es_microcredito ? topes.microcredito : topes.credito;
  if (centesimasDePorcentaje(tasa) > centesimasDePorcentaje(tope)) {
    throw new ValidationError({ tasa_anual: t.tasaSobreMaximo(formatPorcentaje(tope)) });
  }
}

/** The plan for a loaded credit on business date `hoy`: its payoff split into capital and arrears, then the new schedule. */
export function planDe(cargado: CreditoCargado, hoy: string, parametros: Reestructurar): PlanReestructuracion {
  const liq = liquidacionAl(cargado, hoy);
  const { r } = recalcular(cargado, cargado.pagos, hoy);
  const pendientes: CuotaPendiente[] = r.cuotas
    .filter((c) => !c.pagada)
    .map((c) => ({
      numero_cuota: c.numero_cuota,
      fecha_vencimiento: c.fecha_vencimiento,
      monto_capital_centimos: c.monto_capital_centimos,
      monto_interes_centimos: c.monto_interes_centimos,
      interes_por_pagar_centimos: pendiente(c).interes,
    }));
  const deuda = {
    capital: liq.capital_vencido_centimos + liq.capital_pendiente_centimos,
    interes_vencido: liq.interes_vencido_centimos,
    mora: liq.mora_centimos,
    interes_corriente: liq.interes_corriente_centimos,
  };
  if (deuda.capital <= 0) throw new ConflictError(t.creditoNoReestructurable, 'CREDITO_NO_REESTRUCTURABLE');
  const c = cargado.credito;
  try {
    return planReestructuracion({
      fecha: hoy,
      parametros,
      deuda,
      tasaActual: String(c.tasa_interes_anual ?? '0'),
      metodo: c.metodo_amortizacion === 'capital_constante' ? 'capital_constante' : 'cuota_nivelada',
      pendientes,
    });
  } catch (error) {
    if (error instanceof ParametrosInvalidos) throw new ValidationError(error.detalles);
    if (error instanceof MoraSinCapitalizar)
      throw new ConflictError(t.moraSinCapitalizar(formatCRC(error.arrears)), 'MORA_SIN_CAPITALIZAR');
    throw error;
  }
}

/** POST …/reestructurar/vista-previa: the plan, nothing written. */
export async function vistaPreviaReestructuracion(creditoId: string, parametros: Reestructurar): Promise<PlanReestructuracion> {
  const [cargado, hoy] = await Promise.all([cargarReestructurable(creditoId), fechaHoy()]);
  await comprobarUsura(cargado.credito, parametros.tasa_anual);
  return planDe(cargado, hoy, parametros);
}

/** The moratory rate stays within 1.3 × the ordinary one (Código de Comercio art. 498) when a readecuación lowers it. */
export function tasaMoratoriaTope(actual: string | null, nueva: string): string | null {
  if (actual === null) return null;
  const tope = tasaMoratoriaMaxima(nueva);
  return centesimasDePorcentaje(actual) > centesimasDePorcentaje(tope) ? tope : actual;
}

interface Confirmacion {
  cargado: CreditoCargado;
  hoy: string;
  registro: Reestructuracion;
  desdePropuesta: boolean;
  caller: Caller;
  now: Date;
}

/** The confirmed record and its items: a refinanciamiento opens a new credit, the other types rewrite this one's schedule. */
async function confirmar(x: Confirmacion): Promise<{ items: Accion[]; respuesta: Reestructuracion }> {
  if (x.registro.tipo !== 'refinanciamiento')
    return { items: (await itemsDeConfirmacion(x)).map(accionDe), respuesta: x.registro };
  const comunes = (registro: Reestructuracion) => [
    guardaDelDia(String(x.cargado.credito.id), x.hoy, registro.parametros, registro.id),
    registroConfirmadoPut(registro, x.desdePropuesta),
  ];
  const { registro, items } = await itemsDeRefinanciamiento({ ...x, comunes });
  return { items: items.map(accionDe), respuesta: registro };
}

/** Every item of a confirmed restructuring, in one transaction (the credit conditional on its version). */
async function itemsDeConfirmacion(x: Confirmacion): Promise<Elemento[]> {
  const { cargado, hoy, registro, now } = x;
  const { plan } = registro;
  const c = cargado.credito;
  const creditoId = String(c.id);
  const plazoAnterior = Number(c.plazo_meses);
  if (Math.max(plazoAnterior, plan.cuotas.length) + 10 > MAX_ACCIONES)
    throw new ConflictError(t.demasiadasCuotas, 'DEMASIADAS_CUOTAS');
  await sinPagosPorConciliar(creditoId);
  const base = idPosterior(cargado, ulid(now.getTime()));
  const cambios = {
    plazo_meses: plan.cuotas.length,
    tasa_interes_anual: plan.despues.tasa_interes_anual,
    tasa_moratoria_anual: tasaMoratoriaTope(
      typeof c.tasa_moratoria_anual === 'string' ? c.tasa_moratoria_anual : null,
      plan.despues.tasa_interes_anual,
    ),
    fecha_primer_vencimiento: plan.cuotas[0]!.fecha_vencimiento,
    capital_base_centimos: plan.despues.saldo_capital_centimos,
    fecha_base: hoy,
    reestructuracion_base: base,
    reestructurado: true,
    reestructuraciones: Number(c.reestructuraciones ?? 0) + 1,
    ultima_reestructuracion_id: registro.id,
  };
  // the credit as it will be, replayed on its new schedule (checks Σ capital = base, nothing paid)
  const nuevo = { ...c, ...cambios };
  const cuotas = plan.cuotas.map((q) => normalizarCuota({ ...q, monto_mora_centimos: 0, pagada: false, dias_mora: 0 }));
  const { r } = recalcular({ credito: nuevo, cuotas, pagos: [], movimientos: new Map() }, [], hoy);
  const [cliente, linea] = await Promise.all([
    obtenerCliente(String(c.cliente_id)),
    lineaTrasPago(String(c.cliente_id), creditoId, r.resumen.saldo_capital_centimos, -plan.capitalizado_centimos, now),
  ]);
  const numero = String(c.numero_credito);
  return [
    guardaDelDia(creditoId, hoy, registro.parametros, registro.id),
    registroConfirmadoPut(registro, x.desdePropuesta),
    creditoUpdate(c, { ...cambios, ...r.resumen, calculado_hasta: hoy }, now),
    ...cuotasNuevasItems(creditoId, registro.id, plan.cuotas, plan.arrastre_centimos, plazoAnterior),
    movimientoReestructuracion({ id: base, creditoId, fecha: hoy, now, registro, registradoPor: x.caller.userId }),
    ...(linea ? [linea] : []),
    actividadPut({
      tipo_actividad: 'update',
      descripcion: t.actividad(t.tipoCorto[registro.tipo] ?? registro.tipo, numero, registro.motivo),
      ...actorDe(x.caller),
      now,
    }),
    ...(cliente?.user_id
      ? [
          notificacionPut({
            user_id: cliente.user_id,
            tipo: 'credit',
            titulo: t.avisoTitulo,
            mensaje: t.avisoMensaje(numero, formatCRC(plan.despues.cuota_centimos), plan.cuotas[0]!.fecha_vencimiento),
            accion_url: '/portal',
            now,
          }),
        ]
      : []),
  ];
}

/**
 * The restructuring movement's id marks where the new schedule's ledger begins (cierre/cartera.ts
 * replays only the payments after it): a ULID of now, or, should a movement already written carry
 * a later one (same millisecond), just after it.
 */
function idPosterior(cargado: CreditoCargado, id: string): string {
  const ultimo = [...cargado.movimientos.values()].map((m) => String(m.id)).reduce((a, b) => (a > b ? a : b), '');
  return id > ultimo ? id : `${ultimo}0`;
}

function registroNuevo(x: {
  creditoId: string;
  parametros: Reestructurar;
  plan: PlanReestructuracion;
  cargado: CreditoCargado;
  caller: Caller;
  now: Date;
}): Reestructuracion {
  return {
    id: ulid(x.now.getTime()),
    credito_id: x.creditoId,
    estado: 'propuesta',
    tipo: x.parametros.tipo,
    parametros: x.parametros,
    motivo: x.parametros.motivo,
    propuesta_por: x.caller.userId,
    propuesta_por_nombre: nombreDe(x.caller),
    confirmada_por: null,
    rechazada_por: null,
    motivo_rechazo: null,
    created_at: x.now.toISOString(),
    resuelta_en: null,
    plan: x.plan,
    cuotas_anteriores: cuotasAnteriores(x.cargado),
  };
}

/** The replaced schedule as it stood: amounts, the schedule's balance after each cuota, what was paid and the mora. */
function cuotasAnteriores(cargado: CreditoCargado) {
  let saldo = cargado.cuotas.reduce((s, c) => s + c.monto_capital_centimos, 0);
  return cargado.cuotas.map((c) => {
    saldo -= c.monto_capital_centimos;
    return {
      numero_cuota: c.numero_cuota,
      fecha_vencimiento: c.fecha_vencimiento,
      monto_capital_centimos: c.monto_capital_centimos,
      monto_interes_centimos: c.monto_interes_centimos,
      monto_total_centimos: c.monto_capital_centimos + c.monto_interes_centimos,
      saldo_capital_despues_centimos: saldo,
      pagada: c.pagada,
      monto_mora_centimos: c.monto_mora_centimos,
      pagado_capital_centimos: c.pagado_capital_centimos,
      pagado_interes_centimos: c.pagado_interes_centimos,
      pagado_mora_centimos: c.pagado_mora_centimos,
      interes_condonado_centimos: c.interes_condonado_centimos,
    };
  });
}

const confirmado = (r: Reestructuracion, caller: Caller, now: Date): Reestructuracion => ({
  ...r,
  estado: 'confirmada',
  confirmada_por: caller.userId,
  resuelta_en: now.toISOString(),
});

/**
 * POST …/reestructurar: an admin's call restructures at once; an analista's records a proposal
 * (no money moves) for an admin to approve. Idempotency-Key required.
 */
export async function reestructurarCredito(input: {
  creditoId: string;
  parametros: Reestructurar;
  caller: Caller;
  clave: string | null;
  now?: Date;
}): Promise<{ reestructuracion: Reestructuracion; repetida: boolean }> {
  const now = input.now ?? new Date();
  const confirma = input.caller.roles.includes('admin');
  return unaVezPorClave(input, 'reestructurar-credito', now, { id: input.creditoId, ...input.parametros }, async () => {
    const [cargado, hoy] = await Promise.all([cargarReestructurable(input.creditoId), fechaHoy(now)]);
    await comprobarUsura(cargado.credito, input.parametros.tasa_anual);
    const plan = planDe(cargado, hoy, input.parametros);
    const propuesta = registroNuevo({ ...input, plan, cargado, now });
    if (!confirma) return { items: itemsDePropuesta(propuesta, cargado, input.caller, now).map(accionDe), respuesta: propuesta };
    const registro = confirmado(propuesta, input.caller, now);
    return confirmar({ cargado, hoy, registro, desdePropuesta: false, caller: input.caller, now });
  });
}

/**
 * A restructuring write once per Idempotency-Key (required; the same key with other data is
 * refused), retried while the credit is busy: `repetida` when the key had already answered.
 */
async function unaVezPorClave(
  input: { caller: Caller; clave: string | null },
  ruta: string,
  now: Date,
  datos: Record<string, unknown>,
  preparar: Parameters<typeof unaVez<Reestructuracion>>[1],
): Promise<{ reestructuracion: Reestructuracion; repetida: boolean }> {
  const clave = exigirClave(input.clave);
  const { respuesta, repetida } = await conReintentos(
    () =>
      unaVez<Reestructuracion>({ userId: input.caller.userId, clave, ruta, huella: huella({ ruta, ...datos }), now }, preparar),
    { intentos: INTENTOS, siAgota: () => new ConflictError(t.ocupado, 'CREDITO_OCUPADO') },
  );
  return { reestructuracion: respuesta, repetida };
}

/** A proposal moves no money: its record and an activity entry. */
function itemsDePropuesta(r: Reestructuracion, cargado: CreditoCargado, caller: Caller, now: Date): Elemento[] {
  return [
    proponerPut(r),
    actividadPut({
      tipo_actividad: 'create',
      descripcion: t.actividadPropuesta(t.tipoCorto[r.tipo] ?? r.tipo, String(cargado.credito.numero_credito)),
      ...actorDe(caller),
      now,
    }),
  ];
}

async function propuestaPendiente(creditoId: string, id: string): Promise<Reestructuracion> {
  const r = await leerReestructuracion(creditoId, id);
  if (!r) throw new NotFoundError(t.propuestaNoPendiente);
  if (r.estado !== 'propuesta') throw new ConflictError(t.propuestaNoPendiente, 'PROPUESTA_NO_PENDIENTE');
  return r;
}

/**
 * POST …/reestructuraciones/{rid}/aprobar: an admin confirms a proposal, recomputed on today's
 * debt with the proposal's parameters. Who proposed cannot approve (maker-checker).
 */
export async function aprobarReestructuracion(input: {
  creditoId: string;
  id: string;
  caller: Caller;
  clave: string | null;
  now?: Date;
}): Promise<{ reestructuracion: Reestructuracion; repetida: boolean }> {
  const now = input.now ?? new Date();
  return unaVezPorClave(input, 'aprobar-reestructuracion', now, { id: input.creditoId, rid: input.id }, async () => {
    const propuesta = await propuestaPendiente(input.creditoId, input.id);
    if (propuesta.propuesta_por === input.caller.userId) throw new ConflictError(t.mismaPersona, 'MAKER_CHECKER');
    const [cargado, hoy] = await Promise.all([cargarReestructurable(input.creditoId), fechaHoy(now)]);
    await comprobarUsura(cargado.credito, propuesta.parametros.tasa_anual);
    const plan = planDe(cargado, hoy, propuesta.parametros);
    const registro = confirmado({ ...propuesta, plan, cuotas_anteriores: cuotasAnteriores(cargado) }, input.caller, now);
    return confirmar({ cargado, hoy, registro, desdePropuesta: true, caller: input.caller, now });
  });
}

/** POST …/reestructuraciones/{rid}/rechazar: an admin rejects a proposal, with a motivo. */
export async function rechazarReestructuracion(input: {
  creditoId: string;
  id: string;
  motivo: string;
  caller: Caller;
  now?: Date;
}): Promise<Reestructuracion> {
  const now = input.now ?? new Date();
  const propuesta = await propuestaPendiente(input.creditoId, input.id);
  const cargado = await cargarCredito(input.creditoId);
  const registro: Reestructuracion = {
    ...propuesta,
    estado: 'rechazada',
    rechazada_por: input.caller.userId,
    motivo_rechazo: input.motivo,
    resuelta_en: now.toISOString(),
  };
  await escribirTransaccion([
    registroConfirmadoPut(registro, true),
    actividadPut({
      tipo_actividad: 'reject',
      descripcion: t.actividadRechazo(String(cargado?.credito.numero_credito ?? input.creditoId), input.motivo),
      ...actorDe(input.caller),
      now,
    }),
  ]);
  return registro;
}

/** GET …/reestructuraciones: the credit's restructurings and proposals, newest first. */
export async function listarReestructuracionesCredito(creditoId: string): Promise<Reestructuracion[]> {
  const cargado = await cargarCredito(creditoId);
  if (!cargado) throw new NotFoundError(creditosTexts.notFound);
  return listarReestructuraciones(creditoId);
}
