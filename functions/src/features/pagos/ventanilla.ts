import { formatCRC, type PagoDetalle, type PagoVentanilla, type ReciboPago } from '@cuota/shared';
import { generalTexts } from '@cuota/shared/texts/general';
import { liquidacionTexts } from '@cuota/shared/texts/liquidacion';
import { pagoVentanillaTexts } from '@cuota/shared/texts/pagoVentanilla';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { reestructuracionTexts } from '@cuota/shared/texts/reestructuracion';
import { riesgoTexts } from '@cuota/shared/texts/riesgo';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { huella } from '#commons/idempotencia';
import { actividadPut, notificacionPut } from '#commons/registro';
import { conReintentos, type Accion, type Elemento } from '#commons/transaccion';
import { obtenerCliente } from '#features/clientes/index';
import {
  calculadoHasta,
  calendarioDe,
  cargarCredito,
  CreditoInconsistente,
  creditoUpdate,
  cuotasReprogramadas,
  fechaHoy,
  fechaInicioCalendario,
  maximoAplicable,
  pendiente,
  recalcular,
  type CreditoCargado,
} from '#features/cierre/index';
import { creditoAApi, type CreditoGuardado } from '#entities/credito';
import { numeroRecibo, pagoAApi, pagoParaCliente, type CambiosPago, type PagoGuardado } from '#entities/pago';
import { recuperacion } from './castigo';
import { unaVez } from './idempotencia';
import {
  aplicarAlCredito,
  creditoTrasPago,
  INTENTOS,
  movimientosDeAprobacion,
  reaplicacionesDelLibro,
  type Aplicacion,
} from './service';
import { leerPago, leerSecuenciaRecibo, lineaTrasPago, movimientoNuevo, pagoNuevo, pagoReversion, tomarRecibo } from './store';

/**
 * Payments at the counter and reversals (issue 15 §3, docs/lending-engine.md): staff record a
 * payment received, applied at once through the same engine path as an approval, with a
 * numbered receipt; an admin undoes an applied payment, the credit replayed without it.
 */

const t = pagosTexts;
const tv = pagoVentanillaTexts;

const accionDe = (e: Elemento): Accion => ('accion' in e ? e.accion : e);
const nombreDe = (caller: Caller) => [caller.nombre, caller.apellido].filter(Boolean).join(' ') || caller.email || caller.userId;

function exigirClave(clave: string | null): string {
  if (!clave) throw new ValidationError({ 'Idempotency-Key': tv.claveRequerida });
  return clave;
}

// ---------------------------------------------------------------- counter payment

interface Registro {
  creditoId: string;
  datos: PagoVentanilla;
  caller: Caller;
  clave: string | null;
  now?: Date;
  /**
   * Writes that must commit with the payment or not at all (e.g. the bank statement line it
   * comes from, marked applied with the payment's id, conditional on its state): appended to
   * the payment's own transaction; a failed condition there throws that operation's error.
   */
  adicionales?: (pago: PagoGuardado) => Elemento[];
}

/**
 * A payment received at the counter: validated like a report (credit not cancelado, value date
 * neither in the future nor before the disbursement, amount within what the credit can take),
 * then applied at once exactly as an approval applies one (aplicarAlCredito): in ONE transaction
 * with the idempotency record, the pago (conciliado, with its receipt number), the credit and its
 * cuotas, the ledger movement(s), the credit line, the receipt sequence and its guard, an activity
 * entry and the customer's notification. A concurrent change to the credit or to the receipt
 * sequence cancels the write and the whole round is read and built again.
 */
export async function registrarPagoVentanilla(input: Registro): Promise<{ pago: PagoDetalle; repetida: boolean }> {
  const now = input.now ?? new Date();
  const clave = exigirClave(input.clave);
  const ruta = 'registrar-pago-ventanilla';
  const { respuesta, repetida } = await conReintentos(
    () =>
      unaVez<PagoDetalle>(
        { userId: input.caller.userId, clave, ruta, huella: huella({ ruta, credito_id: input.creditoId, ...input.datos }), now },
        async () => {
          const [cargado, hoy] = await Promise.all([cargarCredito(input.creditoId), fechaHoy(now)]);
          if (!cargado) throw new NotFoundError(t.creditoNoEncontrado);
          const credito = creditoAApi(cargado.credito);
          if (credito.estado === 'cancelado') throw new ConflictError(t.creditoCancelado, 'CREDITO_CANCELADO');
          if (credito.estado === 'refinanciado')
            throw new ConflictError(reestructuracionTexts.creditoRefinanciado, 'CREDITO_REFINANCIADO');
          const castigado = credito.estado === 'castigado';
          validarRegistro(input.datos, credito, cargado, hoy, castigado);
          const anio = hoy.slice(0, 4);
          const n = (await leerSecuenciaRecibo(anio)) + 1;
          const pago = pagoDeVentanilla(input, credito, numeroRecibo(anio, n), now);
          if (castigado) {
            // a payment on a written-off credit is a recovery (pagos/castigo.ts), not applied by the engine
            const r = await recuperacion({ cargado, pago, fechaValor: pago.fecha_pago, hoy, caller: input.caller, now });
            const items = [pagoNuevo(r.pago), ...tomarRecibo(anio, n, pago.numero_recibo!, pago.id), ...r.items];
            return { items: [...items.map(accionDe), ...(input.adicionales?.(r.pago) ?? [])], respuesta: pagoAApi(r.pago) };
          }
          // more than the credit owes on the value date: the amount field's error, as the report's
          const a = aplicarAlCredito(
            cargado,
            pago,
            pago.fecha_pago,
            now,
            (maximo) => new ValidationError({ monto_centimos: t.montoExcede(maximo) }),
          );
          const aplicado: PagoGuardado = {
            ...pago,
            aplicado_mora_centimos: a.aplicado.mora,
            aplicado_interes_centimos: a.aplicado.interes,
            aplicado_capital_centimos: a.aplicado.capital,
            saldo_capital_despues_centimos: a.nuevo.r.resumen.saldo_capital_centimos,
          };
          const items = [
            pagoNuevo(aplicado),
            ...tomarRecibo(anio, n, pago.numero_recibo!, pago.id),
            ...(await efectosDelCobro({ cargado, credito, pago: aplicado, a, caller: input.caller, now })),
          ];
          return { items: [...items.map(accionDe), ...(input.adicionales?.(aplicado) ?? [])], respuesta: pagoAApi(aplicado) };
        },
      ),
    { intentos: INTENTOS, siAgota: () => new ConflictError(t.ocupado, 'CREDITO_OCUPADO') },
  );
  return { pago: respuesta, repetida };
}

/** The checks that need the credit and the business date: one 422 with every field. */
function validarRegistro(
  datos: PagoVentanilla,
  credito: CreditoGuardado,
  cargado: CreditoCargado,
  hoy: string,
  castigado = false,
): void {
  const details: Record<string, string> = {};
  if (datos.fecha_pago > hoy) details.fecha_pago = t.fechaFutura;
  else if (datos.fecha_pago < (fechaInicioCalendario(credito) ?? '')) {
    details.fecha_pago = t.fechaAntesDesembolso;
  }
  const maximo = maximoAplicable(cargado.cuotas, hoy);
  if (!castigado && datos.monto_centimos > maximo) details.monto_centimos = t.montoExcede(formatCRC(maximo));
  if (Object.keys(details).length > 0) throw new ValidationError(details);
}

/** The new pago of a counter payment, conciliado on its value date (its split is filled in once applied). */
function pagoDeVentanilla(input: Registro, credito: CreditoGuardado, recibo: string, now: Date): PagoGuardado {
  const { datos, caller } = input;
  return {
    id: ulid(now.getTime()),
    credito_id: String(credito.id),
    numero_credito: String(credito.numero_credito),
    cliente_id: String(credito.cliente_id),
    cliente_nombre: [credito.cliente_nombre, credito.cliente_apellido].filter(Boolean).join(' '),
    monto_centimos: datos.monto_centimos,
    fecha_pago: datos.fecha_pago,
    fecha_valor: datos.fecha_pago,
    referencia_pago: datos.referencia ?? recibo,
    referencia_externa: null,
    canal: datos.canal,
    estado: 'conciliado',
    moneda: 'CRC',
    aplicado_capital_centimos: 0,
    aplicado_interes_centimos: 0,
    aplicado_mora_centimos: 0,
    cuenta_destino_id: null,
    cuenta_destino: null,
    numero_recibo: recibo,
    nota: datos.nota ?? null,
    ...(datos.excedente ? { excedente: datos.excedente } : {}),
    cajero: nombreDe(caller),
    reportado_por: caller.userId,
    procesado_por: caller.userId,
    conciliado_en: now.toISOString(),
    created_at: now.toISOString(),
  };
}

/** What applying a counter payment writes beside the pago: the approval's credit, ledger and line items, activity, notice. */
async function efectosDelCobro(x: {
  cargado: CreditoCargado;
  credito: CreditoGuardado;
  pago: PagoGuardado;
  a: Aplicacion;
  caller: Caller;
  now: Date;
}): Promise<Elemento[]> {
  const { cargado, credito, pago, a, caller, now } = x;
  const [cliente, linea] = await Promise.all([
    obtenerCliente(credito.cliente_id),
    lineaTrasPago(credito.cliente_id, credito.id, a.nuevo.r.resumen.saldo_capital_centimos, a.capitalPagado, now),
  ]);
  const monto = formatCRC(pago.monto_centimos);
  const cancelado = a.nuevo.r.resumen.estado === 'cancelado';
  return [
    ...creditoTrasPago(cargado, credito, a, now),
    ...(linea ? [linea] : []),
    actividadPut({
      tipo_actividad: 'payment',
      descripcion: tv.actividad.registrado(pago.numero_recibo!, monto, credito.numero_credito, pago.cliente_nombre),
      ...actorDe(caller),
      now,
    }),
    ...movimientosDeAprobacion({ cargado, pago, a, caller, now }),
    ...(cliente?.user_id
      ? [
          notificacionPut({
            user_id: cliente.user_id,
            tipo: cancelado ? 'success' : 'payment',
            titulo: tv.registrado,
            mensaje: `${tv.notificacion.registrado(monto, credito.numero_credito, pago.numero_recibo!)}${cancelado ? ` ${t.notificacion.cancelado(credito.numero_credito)}` : ''}`,
            accion_url: '/portal',
            now,
          }),
        ]
      : []),
  ];
}

// ---------------------------------------------------------------- reversal

interface Reversion {
  id: string;
  motivo: string;
  caller: Caller;
  clave: string | null;
  now?: Date;
}

/**
 * Undo an applied payment (conciliado → reversado): the credit is replayed from its schedule and
 * its other applied payments (cierre/recalculo.ts) to the date it was computed to, as if this one
 * had never been applied, and written in ONE transaction with the idempotency record, conditional
 * on the pago still being conciliado and on the credit's version: the pago (motivo, who, when), a
 * 'reversion' movement in the ledger (the 'pago' movement stays: nothing is deleted), the credit
 * and its cuotas, the other payments' re-allocations and the mora change as audited movements,
 * the credit line (up by the capital the payment had repaid), an activity entry and the
 * customer's notification. A second reversal finds the pago reversado (409); the same key gets
 * the first answer.
 */
export async function revertirPago(input: Reversion): Promise<{ pago: PagoDetalle; repetida: boolean }> {
  const now = input.now ?? new Date();
  // the key is optional here: without one, the pago's state (conciliado, conditional) lets one reversal through
  const clave = input.clave;
  const ruta = 'revertir-pago';
  const { respuesta, repetida } = await conReintentos(
    () =>
      unaVez<PagoDetalle>(
        { userId: input.caller.userId, clave, ruta, huella: huella({ ruta, id: input.id, motivo: input.motivo }), now },
        async () => {
          const pago = await pagoReversible(input.id);
          const cargado = await cargarCredito(pago.credito_id);
          if (!cargado) throw new NotFoundError(t.creditoNoEncontrado);
          if (cargado.credito.estado === 'refinanciado')
            throw new ConflictError(reestructuracionTexts.pagoDeCreditoRefinanciado, 'CREDITO_REFINANCIADO');
          // a written-off credit is no longer replayed: its payments (before or after) stay as recorded
          if (cargado.credito.estado === 'castigado')
            throw new ConflictError(riesgoTexts.reversionCastigado, 'CREDITO_CASTIGADO');
          await comprobarEnLibro(cargado, pago.id);
          const credito = creditoAApi(cargado.credito);
          const r = sinElPago(cargado, pago.id);
          const cambios: CambiosPago = {
            estado: 'reversado',
            reversado_en: now.toISOString(),
            reversado_por: input.caller.userId,
            motivo_reversion: input.motivo,
          };
          const [cliente, linea] = await Promise.all([
            obtenerCliente(credito.cliente_id),
            lineaTrasPago(credito.cliente_id, credito.id, r.nuevo.r.resumen.saldo_capital_centimos, -r.capitalDevuelto, now),
          ]);
          const items: Elemento[] = [
            pagoReversion(pago, cambios),
            creditoUpdate(
              cargado.credito,
              {
                ...r.nuevo.r.resumen,
                calculado_hasta: r.hasta,
                total_pagado_centimos: credito.total_pagado_centimos - pago.monto_centimos,
              },
              now,
            ),
            ...r.nuevo.cuotaItems,
            ...(linea ? [linea] : []),
            ...asientosDeReversion({ cargado, pago, r, motivo: input.motivo, caller: input.caller, now }),
            ...avisosDeReversion({
              pago,
              credito,
              motivo: input.motivo,
              userId: cliente?.user_id ?? null,
              caller: input.caller,
              now,
            }),
          ];
          return { items: items.map(accionDe), respuesta: pagoAApi({ ...pago, ...cambios }) };
        },
      ),
    { intentos: INTENTOS, siAgota: () => new ConflictError(t.ocupado, 'CREDITO_OCUPADO') },
  );
  return { pago: respuesta, repetida };
}

/**
 * The payment must be among the ledger's applied payments. When it is not, most often a reversal
 * committed between the two reads (the pago is reversado now): read it again so the answer says so.
 */
async function comprobarEnLibro(cargado: CreditoCargado, pagoId: string): Promise<void> {
  if (cargado.movimientos.has(pagoId)) return;
  await pagoReversible(pagoId);
  // an applied payment outside the replay of a restructured credit paid the schedule it replaced
  if (typeof cargado.credito.reestructuracion_base === 'string') {
    throw new ConflictError(reestructuracionTexts.pagoAnteriorAReestructuracion, 'PAGO_ANTERIOR_A_REESTRUCTURACION');
  }
  throw new ConflictError(tv.noEnLibro, 'PAGO_NO_REVERSIBLE');
}

async function pagoReversible(id: string): Promise<PagoGuardado> {
  const pago = await leerPago(id);
  if (!pago) throw new NotFoundError(t.noEncontrado);
  if (pago.estado === 'reversado') throw new ConflictError(tv.yaReversado, 'PAGO_YA_REVERSADO');
  if (pago.estado !== 'conciliado') throw new ConflictError(tv.noReversible, 'PAGO_NO_REVERSIBLE');
  return pago;
}

interface SinPago {
  hasta: string;
  nuevo: ReturnType<typeof recalcular>;
  /** Σ mora of the credit with the payment, at the same date. */
  moraAntes: number;
  /** The capital the payment had repaid (what saldo_capital grows by). */
  capitalDevuelto: number;
}

/** The credit replayed with and without the payment, to the date it was computed to; inconsistent → 409. */
function sinElPago(cargado: CreditoCargado, pagoId: string): SinPago {
  const hasta = calculadoHasta(cargado.credito) ?? String(cargado.movimientos.get(pagoId)!.fecha_valor);
  try {
    const base = recalcular(cargado, cargado.pagos, hasta);
    const nuevo = recalcular(
      cargado,
      cargado.pagos.filter((p) => p.pago_id !== pagoId),
      hasta,
    );
    const saldoAntes = cargado.cuotas.reduce((s, c) => s + pendiente(c).capital, 0);
    return { hasta, nuevo, moraAntes: base.r.moraTotal, capitalDevuelto: nuevo.r.resumen.saldo_capital_centimos - saldoAntes };
  } catch (error) {
    if (error instanceof CreditoInconsistente) {
      throw new ConflictError(t.creditoInconsistente(error.numeroCredito), 'CREDITO_INCONSISTENTE');
    }
    throw error;
  }
}

interface AsientoReversion {
  cargado: CreditoCargado;
  pago: PagoGuardado;
  r: SinPago;
  motivo: string;
  caller: Caller;
  now: Date;
}

/** The ledger of a reversal: its own movement, the mora change, and the other payments re-allocated. */
function asientosDeReversion(x: AsientoReversion): Elemento[] {
  const orden = ulid(x.now.getTime());
  const mov = x.cargado.movimientos.get(x.pago.id)!;
  const fechaValor = String(mov.fecha_valor);
  const base = baseDeAsiento(x);
  const ajuste = x.r.nuevo.r.moraTotal - x.r.moraAntes;
  return [
    movimientoNuevo({
      ...base,
      id: orden,
      tipo_movimiento: 'reversion',
      pago_id: x.pago.id,
      referencia_pago: x.pago.referencia_pago,
      fecha_valor: fechaValor,
      monto_centimos: -Number(mov.monto_centimos),
      aplicado_mora_centimos: -Number(mov.aplicado_mora_centimos),
      aplicado_interes_centimos: -Number(mov.aplicado_interes_centimos),
      aplicado_capital_centimos: -Number(mov.aplicado_capital_centimos),
      detalle: tv.movimiento.reversion(x.pago.referencia_pago, x.motivo),
    }),
    ...(ajuste === 0
      ? []
      : [
          movimientoNuevo({
            ...base,
            id: `${orden}A`,
            tipo_movimiento: 'ajuste_mora',
            pago_id: x.pago.id,
            fecha_valor: fechaValor,
            monto_centimos: ajuste,
            detalle: tv.movimiento.ajusteMora(x.pago.referencia_pago),
          }),
        ]),
    ...reaplicacionesSinPago(x, orden),
    ...reprogramacionSinPago(x, `${orden}P`, fechaValor),
  ];
}

/** The cuotas whose schedule amounts the reversal restores (a reversed prepayment with a choice): one audited 'reprogramacion' movement, as the approval writes. */
function reprogramacionSinPago(x: AsientoReversion, id: string, fechaValor: string): Elemento[] {
  const cuotas = cuotasReprogramadas(x.cargado.cuotas, x.r.nuevo.r.cuotas);
  if (cuotas.length === 0) return [];
  return [
    movimientoNuevo({
      ...baseDeAsiento(x),
      id,
      tipo_movimiento: 'reprogramacion',
      pago_id: x.pago.id,
      fecha_valor: fechaValor,
      monto_centimos: 0,
      cuotas,
      detalle: liquidacionTexts.reprogramacion(x.pago.referencia_pago, cuotas.length),
    }),
  ];
}

const baseDeAsiento = (x: AsientoReversion) => ({
  credito_id: String(x.cargado.credito.id),
  created_at: x.now.toISOString(),
  registrado_por: x.caller.userId,
  calendario: calendarioDe(x.cargado.credito),
});

/** Each other applied payment whose split changes without the reversed one: its movement and pago updated, and a 'reaplicacion'. */
function reaplicacionesSinPago(x: AsientoReversion, orden: string): Elemento[] {
  const base = baseDeAsiento(x);
  return reaplicacionesDelLibro({
    cargado: x.cargado,
    aplicaciones: x.r.nuevo.r.aplicaciones,
    orden,
    omitir: x.pago.id,
    movimiento: (campos) => movimientoNuevo({ ...base, ...campos }),
    detalle: (referencia) => tv.movimiento.reaplicacion(referencia, x.pago.referencia_pago),
  });
}

/** The activity entry of a reversal and the customer's notification. */
function avisosDeReversion(x: {
  pago: PagoGuardado;
  credito: CreditoGuardado;
  motivo: string;
  userId: string | null;
  caller: Caller;
  now: Date;
}): Elemento[] {
  const monto = formatCRC(x.pago.monto_centimos);
  return [
    actividadPut({
      tipo_actividad: 'reject',
      descripcion: tv.actividad.reversado(
        x.pago.numero_recibo ?? x.pago.referencia_pago,
        monto,
        x.credito.numero_credito,
        x.pago.cliente_nombre,
      ),
      ...actorDe(x.caller),
      now: x.now,
    }),
    ...(x.userId
      ? [
          notificacionPut({
            user_id: x.userId,
            tipo: 'warning',
            titulo: tv.reversado,
            mensaje: tv.notificacion.reversado(monto, x.credito.numero_credito, x.motivo),
            accion_url: '/portal',
            now: x.now,
          }),
        ]
      : []),
  ];
}

// ---------------------------------------------------------------- receipt

/**
 * What the printable receipt of a payment shows. Staff read any pago's; a customer only their own
 * (another's is answered like a missing one). Payments reported through the portal have no receipt
 * number of their own (numero_recibo null).
 */
export async function obtenerRecibo(id: string, clienteId?: string): Promise<ReciboPago> {
  const guardado = await leerPago(id);
  if (!guardado || (clienteId !== undefined && guardado.cliente_id !== clienteId)) throw new NotFoundError(t.noEncontrado);
  const pago = clienteId !== undefined ? (pagoParaCliente(guardado) as PagoGuardado) : guardado;
  const cliente = await obtenerCliente(pago.cliente_id);
  const recibo = pago.numero_recibo ?? null;
  return {
    prestamista: generalTexts.brand,
    numero_recibo: recibo,
    pago_id: pago.id,
    estado: pago.estado,
    cliente_nombre: cliente ? `${cliente.nombre} ${cliente.apellido}` : pago.cliente_nombre,
    cliente_identificacion: cliente?.identidad_numero ?? null,
    numero_credito: pago.numero_credito,
    fecha_emision: pago.conciliado_en ?? pago.created_at,
    fecha_valor: pago.fecha_valor,
    monto_centimos: pago.monto_centimos,
    canal: pago.canal,
    referencia: pago.referencia_pago === recibo ? null : pago.referencia_pago,
    aplicado_mora_centimos: pago.aplicado_mora_centimos,
    aplicado_interes_centimos: pago.aplicado_interes_centimos,
    aplicado_capital_centimos: pago.aplicado_capital_centimos,
    saldo_capital_despues_centimos: pago.saldo_capital_despues_centimos ?? null,
    cajero: pago.cajero ?? null,
    reversado_en: pago.reversado_en ?? null,
    motivo_reversion: pago.motivo_reversion ?? null,
  };
}
