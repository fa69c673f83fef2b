import { formatCRC, type Page, type PagoDetalle, type PagosResumen } from '@cuota/shared';
import { liquidacionTexts } from '@cuota/shared/texts/liquidacion';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { reestructuracionTexts } from '@cuota/shared/texts/reestructuracion';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { huella } from '#commons/idempotencia';
import { keys } from '#commons/keys';
import { actividadPut, notificacionPut } from '#commons/registro';
import { conError, conReintentos, escribirTransaccion, type Elemento } from '#commons/transaccion';
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
  PagoExcedeDeuda,
  pendiente,
  promesaFueraDeCartera,
  recalcular,
  type Aplicado,
  type CreditoCargado,
  type CuotaSaldo,
  type PagoValorado,
} from '#features/cierre/index';
import { obtenerCuentasBancarias, obtenerMetodoPago } from '#features/configuracion/index';
import { creditoAApi, type CreditoGuardado } from '#entities/credito';
import type { MovimientoGuardado } from '#entities/movimiento';
import { pagoAApi, pagoParaCliente, type CambiosPago, type PagoGuardado } from '#entities/pago';
import { recuperacion } from './castigo';
import { unaVez } from './idempotencia';
import {
  actualizarAplicado,
  leerAgregadosPagos,
  leerPago,
  leerPagosCliente,
  leerPagosPorEstado,
  lineaTrasPago,
  movimientoNuevo,
  pagoNuevo,
  pagoTransicion,
} from './store';

/**
 * The pago use cases (spec §2 /conciliacion and the portal): report, list, summarize, approve,
 * reject. Each reads through store.ts and the credit engine (cierre), decides, and writes ONE
 * transaction through commons/transaccion.
 */

const t = pagosTexts;

/**
 * Re-reads of a credit another approval changed first. Each round one contender wins; with the
 * jittered pauses (≤ 400 ms) 12 rounds let a dozen payments of one credit approved at once all
 * apply (functions/test/races/pagos.test.ts) within about 3 s, well inside the API's 10 s.
 */
export const INTENTOS = 12;

export const ddmmaaaa = (fecha: string) => fecha.split('-').reverse().join('/');

// ---------------------------------------------------------------- report (portal)

export interface DatosReporte {
  credito_id: string;
  monto_centimos: number;
  fecha_pago: string;
  canal: string;
  referencia_pago: string | null;
  referencia_externa: string | null;
  excedente?: 'reducir_plazo' | 'reducir_cuota';
}

interface Reporte {
  caller: Caller;
  clienteId: string;
  datos: DatosReporte;
  /** 'tarjeta': channel tarjeta_credito, reference CARD-…, external reference the masked last 4 digits. */
  tipo: 'reporte' | 'tarjeta';
  clave: string | null;
  now?: Date;
}

/**
 * A customer reports a payment (or pays by card) for one of their own credits. It is only
 * recorded (estado registrado): money moves when staff approve it. Checks that need the data:
 * the credit is the caller's own (else 404) and not cancelado (409), the payment date is
 * neither in the future (business date) nor before the disbursement, the amount is not more
 * than the credit can take (maximoAplicable), and a reported channel is an active payment method.
 */
export async function reportarPago(input: Reporte): Promise<{ pago: PagoDetalle; repetida: boolean }> {
  const now = input.now ?? new Date();
  const ruta = input.tipo === 'tarjeta' ? 'reportar-pago-tarjeta' : 'reportar-pago';
  const { respuesta, repetida } = await unaVez<PagoDetalle>(
    { userId: input.caller.userId, clave: input.clave, ruta, huella: huella({ ruta, ...input.datos }), now },
    async () => {
      const [cargado, hoy, metodo] = await Promise.all([
        cargarCredito(input.datos.credito_id),
        fechaHoy(now),
        input.tipo === 'reporte' ? obtenerMetodoPago(input.datos.canal) : Promise.resolve(null),
      ]);
      if (!cargado || cargado.credito.cliente_id !== input.clienteId) throw new NotFoundError(t.creditoNoEncontrado);
      const credito = creditoAApi(cargado.credito);
      if (credito.estado === 'cancelado') throw new ConflictError(t.creditoCancelado, 'CREDITO_CANCELADO');
      if (credito.estado === 'refinanciado')
        throw new ConflictError(reestructuracionTexts.creditoRefinanciado, 'CREDITO_REFINANCIADO');
      // a card payment is made now; a reported one on the day the customer says
      const fechaPago = input.tipo === 'tarjeta' ? hoy : input.datos.fecha_pago;
      validarReporte(input, credito, cargado.cuotas, { fechaPago, hoy, metodo });
      const pago = pagoReportado(input, credito, fechaPago, now);
      const actividad = actividadPut({
        tipo_actividad: 'payment',
        descripcion: t.actividad.reportado(
          pago.referencia_pago,
          formatCRC(pago.monto_centimos),
          pago.numero_credito,
          pago.cliente_nombre,
        ),
        ...actorDe(input.caller),
        now,
      });
      return { items: [pagoNuevo(pago).accion, actividad], respuesta: pago };
    },
  );
  return { pago: respuesta, repetida };
}

/** The report's checks that need the credit, the business date and the payment method (one 422 with every field). */
function validarReporte(
  input: Reporte,
  credito: CreditoGuardado,
  cuotas: CuotaSaldo[],
  ctx: { fechaPago: string; hoy: string; metodo: Awaited<ReturnType<typeof obtenerMetodoPago>> },
): void {
  const { datos } = input;
  const { fechaPago, hoy, metodo } = ctx;
  const details: Record<string, string> = {};
  if (fechaPago > hoy) details.fecha_pago = t.fechaFutura;
  else if (fechaPago < (fechaInicioCalendario(credito) ?? '')) {
    details.fecha_pago = t.fechaAntesDesembolso;
  }
  const maximo = maximoAplicable(cuotas, hoy);
  if (datos.monto_centimos > maximo) details.monto_centimos = t.montoExcede(formatCRC(maximo));
  if (input.tipo === 'reporte') {
    if (!metodo || !metodo.activo) details.canal = t.canalNoDisponible;
    else if (metodo.requiere_referencia && !datos.referencia_pago && !datos.referencia_externa) {
      details.referencia_pago = t.referenciaRequerida(metodo.nombre);
    }
  }
  if (Object.keys(details).length > 0) throw new ValidationError(details);
}

/** The new pago of a report, registrado, nothing applied yet. */
function pagoReportado(input: Reporte, credito: CreditoGuardado, fechaPago: string, now: Date): PagoGuardado {
  const { datos } = input;
  return {
    id: ulid(now.getTime()),
    credito_id: String(credito.id),
    numero_credito: String(credito.numero_credito),
    cliente_id: input.clienteId,
    cliente_nombre: [credito.cliente_nombre, credito.cliente_apellido].filter(Boolean).join(' '),
    monto_centimos: datos.monto_centimos,
    fecha_pago: fechaPago,
    // set to the business date on which the payment is approved (value date)
    fecha_valor: null,
    referencia_pago: datos.referencia_pago ?? `${input.tipo === 'tarjeta' ? 'CARD' : 'PAGO'}-${now.getTime()}`,
    referencia_externa: datos.referencia_externa,
    canal: datos.canal,
    ...(datos.excedente ? { excedente: datos.excedente } : {}),
    estado: 'registrado',
    moneda: 'CRC',
    aplicado_capital_centimos: 0,
    aplicado_interes_centimos: 0,
    aplicado_mora_centimos: 0,
    cuenta_destino_id: null,
    cuenta_destino: null,
    reportado_por: input.caller.userId,
    created_at: now.toISOString(),
  };
}

/** The caller's own payments, newest first (gsi1 CLIENTE#id PAGO#…). */
export async function listarPagosCliente(
  clienteId: string,
  opts: { limit: number; cursor?: string },
): Promise<Page<PagoDetalle>> {
  const page = await leerPagosCliente(clienteId, opts);
  return { items: page.items.map(pagoParaCliente), nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------- reconciliation (staff)

/**
 * Pending (registrado) or processed (conciliado + revertido + reversado) payments, newest first, from the
 * gsi3 PAGOS#estado partitions; each page joins the destination accounts it names (one BatchGet).
 */
export async function listarPagos(opts: {
  estado: 'registrado' | 'procesados';
  limit?: number;
  cursor?: string;
}): Promise<Page<PagoDetalle>> {
  const pendientes = opts.estado === 'registrado';
  const page = await leerPagosPorEstado(pendientes ? ['registrado'] : ['conciliado', 'revertido', 'reversado'], {
    limit: opts.limit ?? (pendientes ? 25 : 50),
    cursor: opts.cursor,
  });
  const pagos = page.items.map(pagoAApi);
  const faltan = pagos.filter((p) => p.cuenta_destino_id && !p.cuenta_destino).map((p) => p.cuenta_destino_id!);
  const cuentas = await obtenerCuentasBancarias(faltan);
  return {
    items: pagos.map((p) => {
      const c = p.cuenta_destino_id ? cuentas.get(p.cuenta_destino_id) : undefined;
      return c && !p.cuenta_destino ? { ...p, cuenta_destino: { banco: c.banco, numero_cuenta: c.numero_cuenta } } : p;
    }),
    nextCursor: page.nextCursor,
  };
}

/**
 * The reconciliation summary from the aggregates the dashboard's stream consumer maintains
 * (AGG#PAGOS: registrado count and total; AGG#PAGOS_DIA#fecha: conciliated on that business
 * date): two GetItems, whatever the number of payments. Eventually consistent (stream lag).
 */
export async function obtenerResumenPagos(now = new Date()): Promise<PagosResumen> {
  const fecha = await fechaHoy(now);
  const agg = await leerAgregadosPagos(fecha);
  return {
    fecha,
    pendientes: agg.pendientes,
    pendientes_centimos: agg.pendientes_centimos,
    conciliados_hoy: agg.conciliados,
    conciliados_hoy_centimos: agg.conciliados_centimos,
  };
}

async function pagoPendiente(id: string): Promise<PagoGuardado> {
  const pago = await leerPago(id);
  if (!pago) throw new NotFoundError(t.noEncontrado);
  if (pago.estado !== 'registrado') throw new ConflictError(t.yaProcesado, 'PAGO_YA_PROCESADO');
  return pago;
}

/** Item 0 is the pago's estado condition (409 when another processed it first); the rest as built. */
async function escribirProcesado(items: Elemento[]): Promise<void> {
  const [primero, ...resto] = items as [Elemento, ...Elemento[]];
  const pago = 'accion' in primero ? primero.accion : primero;
  await escribirTransaccion([conError(pago, new ConflictError(t.yaProcesado, 'PAGO_YA_PROCESADO')), ...resto], { intentos: 1 });
}

// ---------------------------------------------------------------- approve

/** What approving one pago does to its credit, computed in one round. */
export interface Aplicacion {
  /** The date the credit is recomputed to: the later of where it was and the value date. */
  hasta: string;
  valorado: PagoValorado;
  nuevo: ReturnType<typeof recalcular>;
  /** Σ mora of the credit recomputed to the same date without this payment. */
  moraAntes: number;
  aplicado: Aplicado;
  /** The capital this payment repays (the change in the credit's saldo_capital). */
  capitalPagado: number;
}

/**
 * Approve (registrado → conciliado): the payment takes effect on its value date (the fecha_pago
 * reported, or the bank's date staff give), never on the approval date. The credit is recomputed
 * from its schedule and ledger with this payment in value-date order (cierre/recalculo.ts), as of
 * the later of the date it was already computed to and the value date, and in ONE TransactWrite
 * conditional on the pago still being registrado and the credit's version:
 * - the pago (aplicado_*, fecha_valor) and its ledger movement in the credit's partition;
 * - the credit (balances, total_pagado, estado, días de mora, indexes) and every cuota that changed;
 * - where closes already ran past the value date, the mora they charged on capital this payment
 *   covered is taken back: an 'ajuste_mora' movement and an activity entry record it, never a
 *   silent overwrite; an earlier-dated payment also re-allocates later ones, each recorded as a
 *   'reaplicacion' movement and its pago updated;
 * - the client's credit line (by the change in saldo_capital), activity and notification.
 * A concurrent approval of the same pago loses on the estado condition (409); a concurrent change
 * to the credit (another payment, the daily close) makes it re-read and retry.
 */
export async function aprobarPago(
  id: string,
  caller: Caller,
  opts: { fechaValor?: string } = {},
  now = new Date(),
): Promise<PagoDetalle> {
  return conReintentos(
    async () => {
      const pago = await pagoPendiente(id);
      const [cargado, hoy] = await Promise.all([creditoDePagoPendiente(pago), fechaHoy(now)]);
      if (cargado.credito.estado === 'refinanciado')
        throw new ConflictError(reestructuracionTexts.creditoRefinanciado, 'CREDITO_REFINANCIADO');
      const credito = creditoAApi(cargado.credito);
      const fechaValor = fechaValorValida(opts.fechaValor ?? pago.fecha_pago, hoy, credito);
      if (credito.estado === 'castigado') return aprobarRecuperacion({ pago, cargado, fechaValor, hoy, caller, now });
      const a = aplicarAlCredito(cargado, pago, fechaValor, now);
      const conciliado: CambiosPago = {
        estado: 'conciliado',
        aplicado_mora_centimos: a.aplicado.mora,
        aplicado_interes_centimos: a.aplicado.interes,
        aplicado_capital_centimos: a.aplicado.capital,
        fecha_valor: fechaValor,
        conciliado_en: now.toISOString(),
        procesado_por: caller.userId,
      };
      const cliente = await obtenerCliente(credito.cliente_id);
      const linea = await lineaTrasPago(
        credito.cliente_id,
        credito.id,
        a.nuevo.r.resumen.saldo_capital_centimos,
        a.capitalPagado,
        now,
      );
      // item 0 is the pago's estado condition; any other cancellation (the credit, a cuota or the
      // line changed underneath, or a conflicting transaction) re-reads and retries
      await escribirProcesado([
        pagoTransicion(pago, conciliado),
        ...creditoTrasPago(cargado, credito, a, now),
        ...(linea ? [linea] : []),
        actividadPut({
          tipo_actividad: 'payment',
          descripcion: t.actividad.conciliado(
            pago.referencia_pago,
            formatCRC(pago.monto_centimos),
            credito.numero_credito,
            pago.cliente_nombre,
          ),
          ...actorDe(caller),
          now,
        }),
        ...movimientosDeAprobacion({ cargado, pago, a, caller, now }),
        ...(cliente?.user_id ? [avisoDeAprobacion(cliente.user_id, pago, credito, a, now)] : []),
      ]);
      return pagoAApi({ ...pago, ...conciliado });
    },
    { intentos: INTENTOS, siAgota: () => new ConflictError(t.ocupado, 'CREDITO_OCUPADO') },
  );
}

/**
 * The credit of a pago just read as registrado. The two reads are not one snapshot: a concurrent
 * approval of the same pago may commit between them, and its movement is then in the ledger read
 * here. That pago was processed (409, as if it had been read conciliado); replaying it a second time
 * would apply it twice and the recompute's check would wrongly call the credit inconsistent.
 */
async function creditoDePagoPendiente(pago: PagoGuardado): Promise<CreditoCargado> {
  const cargado = await cargarCredito(pago.credito_id);
  if (!cargado) throw new NotFoundError(t.creditoNoEncontrado);
  if (cargado.movimientos.has(pago.id)) throw new ConflictError(t.yaProcesado, 'PAGO_YA_PROCESADO');
  // A recovery on a castigado credit is a `recuperacion` movement, not in `movimientos`: reading the
  // pago again (strongly consistent) AFTER the credit tells a winner that committed before that read.
  await pagoPendiente(pago.id);
  return cargado;
}

/** Approving a reported payment on a castigado credit: a recovery (pagos/castigo.ts), one transaction. */
async function aprobarRecuperacion(x: {
  pago: PagoGuardado;
  cargado: CreditoCargado;
  fechaValor: string;
  hoy: string;
  caller: Caller;
  now: Date;
}): Promise<PagoDetalle> {
  const r = await recuperacion({ ...x, pago: x.pago });
  const conciliado: CambiosPago = {
    estado: 'conciliado',
    recuperacion: true,
    aplicado_mora_centimos: r.pago.aplicado_mora_centimos,
    aplicado_interes_centimos: r.pago.aplicado_interes_centimos,
    aplicado_capital_centimos: r.pago.aplicado_capital_centimos,
    fecha_valor: x.fechaValor,
    conciliado_en: x.now.toISOString(),
    procesado_por: x.caller.userId,
  };
  await escribirProcesado([pagoTransicion(x.pago, conciliado), ...r.items]);
  return pagoAApi({ ...x.pago, ...conciliado });
}

/** The value date of an approval: not after the business date, not before the disbursement. */
function fechaValorValida(fechaValor: string, hoy: string, credito: CreditoGuardado): string {
  if (fechaValor > hoy) throw new ValidationError({ fecha_valor: t.fechaValorFutura });
  if (fechaValor < (fechaInicioCalendario(credito) ?? '')) {
    throw new ValidationError({ fecha_valor: t.fechaValorAntesDesembolso });
  }
  return fechaValor;
}

/** The credit recomputed without and with this payment; an inconsistent credit or an excess is a 409. */
export function aplicarAlCredito(
  cargado: CreditoCargado,
  pago: PagoGuardado,
  fechaValor: string,
  now: Date,
  /** The error when this payment is more than the credit owes on its value date (default: approval's 409). */
  excede: (maximo: string) => Error = (maximo) => new ConflictError(t.excedeAlAprobar(maximo), 'PAGO_EXCEDE_DEUDA'),
): Aplicacion {
  const calculado = calculadoHasta(cargado.credito);
  const hasta = calculado && calculado > fechaValor ? calculado : fechaValor;
  const valorado: PagoValorado = {
    pago_id: pago.id,
    fecha_valor: fechaValor,
    monto_centimos: pago.monto_centimos,
    orden: ulid(now.getTime()),
    ...(pago.excedente ? { excedente: pago.excedente } : {}),
  };
  let base;
  let nuevo;
  try {
    base = recalcular(cargado, cargado.pagos, hasta);
    nuevo = recalcular(cargado, [...cargado.pagos, valorado], hasta);
  } catch (error) {
    if (error instanceof CreditoInconsistente) {
      throw new ConflictError(t.creditoInconsistente(error.numeroCredito), 'CREDITO_INCONSISTENTE');
    }
    if (error instanceof PagoExcedeDeuda) {
      if (error.pagoId === valorado.pago_id) {
        throw excede(formatCRC(error.maximoCentimos));
      }
      throw new ConflictError(t.excedeOtroPago(ddmmaaaa(fechaValor)), 'PAGO_EXCEDE_DEUDA');
    }
    throw error;
  }
  const saldoAntes = cargado.cuotas.reduce((s, c) => s + pendiente(c).capital, 0);
  return {
    hasta,
    valorado,
    nuevo,
    moraAntes: base.r.moraTotal,
    aplicado: nuevo.r.aplicaciones.get(valorado.pago_id)!.aplicado,
    capitalPagado: saldoAntes - nuevo.r.resumen.saldo_capital_centimos,
  };
}

/** The credit's update (conditional on its version) and every cuota that changed. */
export function creditoTrasPago(cargado: CreditoCargado, credito: CreditoGuardado, a: Aplicacion, now: Date): Elemento[] {
  const cambios = {
    ...a.nuevo.r.resumen,
    calculado_hasta: a.hasta,
    total_pagado_centimos: credito.total_pagado_centimos + a.valorado.monto_centimos,
    ultimo_pago_en: now.toISOString(),
  };
  // a payment that cancels the credit resolves its open promise (cierre/promesas.ts)
  const pagos = [...cargado.pagos, a.valorado];
  const promesa = promesaFueraDeCartera(cargado.credito, a.nuevo.r.resumen.estado, pagos, now);
  return [creditoUpdate(cargado.credito, { ...cambios, ...promesa.cambios }, now), ...a.nuevo.cuotaItems, ...promesa.items];
}

/** The client's notification of an approval (and of the credit paid off, when it is). */
function avisoDeAprobacion(userId: string, pago: PagoGuardado, credito: CreditoGuardado, a: Aplicacion, now: Date): Elemento {
  const numero = credito.numero_credito;
  const cancelado = a.nuevo.r.resumen.estado === 'cancelado';
  return notificacionPut({
    user_id: userId,
    tipo: cancelado ? 'success' : 'payment',
    titulo: t.aprobado,
    mensaje: `${t.notificacion.aprobado(formatCRC(pago.monto_centimos), numero)}${cancelado ? ` ${t.notificacion.cancelado(numero)}` : ''}`,
    accion_url: '/portal',
    now,
  });
}

export interface Asiento {
  cargado: CreditoCargado;
  pago: PagoGuardado;
  a: Aplicacion;
  caller: Caller;
  now: Date;
}

/** A new ledger movement of the approval's credit, by the approving caller. */
const movimiento = (x: Asiento, campos: Omit<MovimientoGuardado, 'credito_id' | 'created_at' | 'registrado_por'>) =>
  movimientoNuevo({
    credito_id: String(x.cargado.credito.id),
    created_at: x.now.toISOString(),
    registrado_por: x.caller.userId,
    calendario: calendarioDe(x.cargado.credito),
    ...campos,
  });

/**
 * The ledger entries of an approval: the payment's own movement; the mora taken back when closes
 * had charged it past the value date; and the re-allocation of payments approved before.
 */
export function movimientosDeAprobacion(x: Asiento): Elemento[] {
  const { valorado, aplicado } = x.a;
  return [
    movimiento(x, {
      id: valorado.orden,
      tipo_movimiento: 'pago',
      pago_id: valorado.pago_id,
      referencia_pago: x.pago.referencia_pago,
      fecha_valor: valorado.fecha_valor,
      monto_centimos: valorado.monto_centimos,
      aplicado_mora_centimos: aplicado.mora,
      aplicado_interes_centimos: aplicado.interes,
      aplicado_capital_centimos: aplicado.capital,
      ...(valorado.excedente ? { excedente: valorado.excedente } : {}),
    }),
    ...ajusteDeMora(x),
    ...reaplicaciones(x),
    ...reprogramacion(x),
  ];
}

/** The cuotas a prepayment with a choice re-amortised (lending-engine.md "Prepayment choice"): one audited movement. */
function reprogramacion(x: Asiento): Elemento[] {
  const cuotas = cuotasReprogramadas(x.cargado.cuotas, x.a.nuevo.r.cuotas);
  if (cuotas.length === 0) return [];
  return [
    movimiento(x, {
      id: `${x.a.valorado.orden}P`,
      tipo_movimiento: 'reprogramacion',
      pago_id: x.a.valorado.pago_id,
      fecha_valor: x.a.valorado.fecha_valor,
      monto_centimos: 0,
      cuotas,
      detalle: liquidacionTexts.reprogramacion(x.pago.referencia_pago, cuotas.length),
    }),
  ];
}

/** Mora that closes charged past the value date on capital this payment covered, taken back: a movement and an activity entry. */
function ajusteDeMora(x: Asiento): Elemento[] {
  const { valorado } = x.a;
  const ajusteMora = x.a.nuevo.r.moraTotal - x.a.moraAntes;
  if (ajusteMora === 0) return [];
  const referencia = x.pago.referencia_pago;
  const fechaTexto = ddmmaaaa(valorado.fecha_valor);
  return [
    movimiento(x, {
      id: `${valorado.orden}A`,
      tipo_movimiento: 'ajuste_mora',
      pago_id: valorado.pago_id,
      fecha_valor: valorado.fecha_valor,
      monto_centimos: ajusteMora,
      detalle: t.movimiento.ajusteMora(referencia, fechaTexto),
    }),
    actividadPut({
      tipo_actividad: 'payment',
      descripcion: t.actividad.ajusteMora(
        formatCRC(ajusteMora),
        String(x.cargado.credito.numero_credito),
        referencia,
        fechaTexto,
      ),
      ...actorDe(x.caller),
      now: x.now,
    }),
  ];
}

/**
 * For each payment approved before whose split this one changes (an earlier value date): its
 * movement and its pago updated, and a 'reaplicacion' movement with before and after.
 */
function reaplicaciones(x: Asiento): Elemento[] {
  return reaplicacionesDelLibro({
    cargado: x.cargado,
    aplicaciones: x.a.nuevo.r.aplicaciones,
    orden: x.a.valorado.orden,
    movimiento: (campos) => movimiento(x, campos),
    detalle: (referencia) => t.movimiento.reaplicacion(referencia, x.pago.referencia_pago),
  });
}

/**
 * The ledger's applied payments (all but `omitir`) whose split differs in a replay: each one's
 * movement and pago updated to the new split, and a 'reaplicacion' movement with before and
 * after. Approval (a payment with an earlier value date) and reversal (a payment taken out) both
 * re-allocate this way.
 */
export function reaplicacionesDelLibro(x: {
  cargado: CreditoCargado;
  aplicaciones: ReturnType<typeof recalcular>['r']['aplicaciones'];
  orden: string;
  omitir?: string;
  movimiento: (campos: Omit<MovimientoGuardado, 'credito_id' | 'created_at' | 'registrado_por'>) => Elemento;
  detalle: (referencia: string) => string;
}): Elemento[] {
  const creditoId = String(x.cargado.credito.id);
  return [...x.cargado.movimientos].flatMap(([pagoId, m]) => {
    if (pagoId === x.omitir) return [];
    const despues = x.aplicaciones.get(pagoId)!.aplicado;
    const antes = {
      mora: Number(m.aplicado_mora_centimos),
      interes: Number(m.aplicado_interes_centimos),
      capital: Number(m.aplicado_capital_centimos),
    };
    if (despues.mora === antes.mora && despues.interes === antes.interes && despues.capital === antes.capital) return [];
    return [
      actualizarAplicado(keys.movimiento(creditoId, String(m.fecha_valor), String(m.id)), despues),
      actualizarAplicado(keys.pago(pagoId), despues),
      x.movimiento({
        id: `${x.orden}R${pagoId}`,
        tipo_movimiento: 'reaplicacion',
        pago_id: pagoId,
        fecha_valor: String(m.fecha_valor),
        monto_centimos: 0,
        antes,
        despues,
        detalle: x.detalle(String(m.referencia_pago ?? pagoId)),
      }),
    ];
  });
}

// ---------------------------------------------------------------- reject

/** Reject (registrado → revertido): moves no money; the client is notified. */
export async function rechazarPago(id: string, motivo: string | null, caller: Caller, now = new Date()): Promise<PagoDetalle> {
  return conReintentos(
    async () => {
      const pago = await pagoPendiente(id);
      const cliente = await obtenerCliente(pago.cliente_id);
      const revertido: CambiosPago = {
        estado: 'revertido',
        revertido_en: now.toISOString(),
        procesado_por: caller.userId,
        motivo_rechazo: motivo,
      };
      const monto = formatCRC(pago.monto_centimos);
      const items: Elemento[] = [
        pagoTransicion(pago, revertido),
        actividadPut({
          tipo_actividad: 'reject',
          descripcion: t.actividad.rechazado(pago.referencia_pago, monto, pago.numero_credito, pago.cliente_nombre),
          ...actorDe(caller),
          now,
        }),
      ];
      if (cliente?.user_id) {
        items.push(
          notificacionPut({
            user_id: cliente.user_id,
            tipo: 'warning',
            titulo: t.rechazado,
            mensaje: t.notificacion.rechazado(pago.referencia_pago, pago.numero_credito, motivo),
            accion_url: '/portal',
            now,
          }),
        );
      }
      await escribirProcesado(items);
      return pagoAApi({ ...pago, ...revertido });
    },
    { intentos: INTENTOS, siAgota: () => new ConflictError(t.ocupado, 'PAGO_OCUPADO') },
  );
}
