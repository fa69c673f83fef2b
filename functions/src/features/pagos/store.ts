import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { formatCRC, type Page, type PagoDetalle, type PagosResumen } from '@cuota/shared';
import { pagosTexts } from '@cuota/shared/texts/pagos';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ddb, queryAll, tableName } from '#commons/db';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { huella } from '#commons/idempotencia';
import { itemFor } from '#commons/items';
import { aggKeys, keys, stripKeys } from '#commons/keys';
import { mergedNewestFirst } from '#commons/merged-page';
import { actividadPut, notificacionPut } from '#commons/registro';
import { conError, conReintentos, escribirTransaccion, type Accion as TransactItem } from '#commons/transaccion';
import { getCliente, listChildren } from '#features/clientes/index';
import {
  calculadoHasta,
  cargarCredito,
  CreditoInconsistente,
  creditoUpdate,
  fechaHoy,
  maximoAplicable,
  PagoExcedeDeuda,
  pendiente,
  recalcular,
  type Aplicado,
  type CreditoCargado,
  type CreditoRecalculado,
  type PagoValorado,
} from '#features/cierre/index';
import { getCuentasBancarias, getMetodoPago } from '#features/configuracion/index';
import { unaVez } from './idempotencia';
import { PREFIJO_HIJO } from '#entities/cliente';
import { particionPagosEstado } from '#entities/pago';

const t = pagosTexts;
type Item = Record<string, unknown>;

const autor = actorDe;

function toPago(item: Item): PagoDetalle {
  const p = stripKeys(item) as Item;
  return {
    ...(p as unknown as PagoDetalle),
    cuenta_destino_id: (p.cuenta_destino_id as string | null | undefined) ?? null,
    cuenta_destino: (p.cuenta_destino as PagoDetalle['cuenta_destino'] | undefined) ?? null,
  };
}

async function getPagoItem(id: string): Promise<Item | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.pago(id), ConsistentRead: true }));
  return out.Item ?? null;
}

// ---------------------------------------------------------------- report (portal)

export interface DatosReporte {
  credito_id: string;
  monto_centimos: number;
  fecha_pago: string;
  canal: string;
  referencia_pago: string | null;
  referencia_externa: string | null;
}

/**
 * A customer reports a payment (or pays by card) for one of their own credits. It is only
 * recorded (estado registrado): money moves when staff approve it. Checks that need the data:
 * the credit is the caller's own (else 404) and not cancelado (409), the payment date is
 * neither in the future (business date) nor before the disbursement, the amount is not more
 * than the credit can take (maximoAplicable), and a reported channel is an active payment method.
 */
export async function reportarPago(input: {
  caller: Caller;
  clienteId: string;
  datos: DatosReporte;
  /** 'tarjeta': channel tarjeta_credito, reference CARD-…, external reference the masked last 4 digits. */
  tipo: 'reporte' | 'tarjeta';
  clave: string | null;
  now?: Date;
}): Promise<{ pago: PagoDetalle; repetida: boolean }> {
  const now = input.now ?? new Date();
  const { datos } = input;
  const ruta = input.tipo === 'tarjeta' ? 'reportar-pago-tarjeta' : 'reportar-pago';
  const firma = huella({ ruta, ...datos });

  const { respuesta, repetida } = await unaVez<PagoDetalle>(
    { userId: input.caller.userId, clave: input.clave, ruta, huella: firma, now },
    async () => {
      const [cargado, hoy, metodo] = await Promise.all([
        cargarCredito(datos.credito_id),
        fechaHoy(now),
        input.tipo === 'reporte' ? getMetodoPago(datos.canal) : Promise.resolve(null),
      ]);
      if (!cargado || cargado.credito.cliente_id !== input.clienteId) throw new NotFoundError(t.creditoNoEncontrado);
      const { credito, cuotas } = cargado;
      if (credito.estado === 'cancelado') throw new ConflictError(t.creditoCancelado, 'CREDITO_CANCELADO');

      // a card payment is made now; a reported one on the day the customer says
      const fechaPago = input.tipo === 'tarjeta' ? hoy : datos.fecha_pago;
      const details: Record<string, string> = {};
      if (fechaPago > hoy) details.fecha_pago = t.fechaFutura;
      else if (typeof credito.fecha_desembolso === 'string' && fechaPago < credito.fecha_desembolso) {
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

      const id = ulid(now.getTime());
      const created_at = now.toISOString();
      const pago = {
        id,
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
        estado: 'registrado' as const,
        moneda: 'CRC' as const,
        aplicado_capital_centimos: 0,
        aplicado_interes_centimos: 0,
        aplicado_mora_centimos: 0,
        cuenta_destino_id: null,
        cuenta_destino: null,
        reportado_por: input.caller.userId,
        created_at,
      };
      const items: TransactItem[] = [
        { Put: { TableName: tableName(), Item: itemFor.pago(pago), ConditionExpression: 'attribute_not_exists(pk)' } },
        actividadPut({
          tipo_actividad: 'payment',
          descripcion: t.actividad.reportado(
            pago.referencia_pago,
            formatCRC(pago.monto_centimos),
            pago.numero_credito,
            pago.cliente_nombre,
          ),
          ...autor(input.caller),
          now,
        }),
      ];
      return { items, respuesta: pago };
    },
  );
  return { pago: respuesta, repetida };
}

/** The caller's own payments, newest first (gsi1 CLIENTE#id PAGO#…). */
export async function listarPagosCliente(
  clienteId: string,
  opts: { limit: number; cursor?: string },
): Promise<Page<PagoDetalle>> {
  const page = await listChildren<Item>(clienteId, PREFIJO_HIJO.pago, opts);
  // which staff member processed it is internal
  return { items: page.items.map(({ procesado_por: _p, ...p }) => toPago(p)), nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------- reconciliation (staff)

/**
 * Pending (registrado) or processed (conciliado + revertido) payments, newest first, from the
 * gsi3 PAGOS#estado partitions; each page joins the destination accounts it names (one BatchGet).
 */
export async function listarPagos(opts: {
  estado: 'registrado' | 'procesados';
  limit?: number;
  cursor?: string;
}): Promise<Page<PagoDetalle>> {
  const pendientes = opts.estado === 'registrado';
  const page = await mergedNewestFirst({
    index: 'gsi3',
    partitions: (pendientes ? ['registrado'] : ['conciliado', 'revertido']).map(particionPagosEstado),
    limit: opts.limit ?? (pendientes ? 25 : 50),
    cursor: opts.cursor,
  });
  const pagos = page.items.map(toPago);
  const faltan = pagos.filter((p) => p.cuenta_destino_id && !p.cuenta_destino).map((p) => p.cuenta_destino_id!);
  const cuentas = await getCuentasBancarias(faltan);
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
export async function resumenPagos(now = new Date()): Promise<PagosResumen> {
  const fecha = await fechaHoy(now);
  const [total, dia] = await Promise.all(
    [aggKeys.pagos(), aggKeys.pagosDia(fecha)].map(
      async (Key) => (await ddb.send(new GetCommand({ TableName: tableName(), Key }))).Item ?? {},
    ),
  );
  const n = (item: Item, campo: string) => (typeof item[campo] === 'number' ? (item[campo] as number) : 0);
  return {
    fecha,
    pendientes: n(total!, 'pendientes'),
    pendientes_centimos: n(total!, 'pendientes_centimos'),
    conciliados_hoy: n(dia!, 'conciliados'),
    conciliados_hoy_centimos: n(dia!, 'conciliados_centimos'),
  };
}

/**
 * Re-reads of a credit another approval changed first. Each round one contender wins; with the
 * jittered pauses (≤ 400 ms) 12 rounds let a dozen payments of one credit approved at once all
 * apply (functions/test/races/pagos.test.ts) within about 3 s, well inside the API's 10 s.
 */
const INTENTOS = 12;

/** Update of a pago leaving registrado: new estado (and its gsi3 partition), only if still registrado. */
function pagoTransicion(pago: Item, cambios: Item): TransactItem {
  const next = itemFor.pago({ ...(stripKeys(pago) as Parameters<typeof itemFor.pago>[0]), ...cambios });
  const campos = { ...cambios, gsi3pk: next.gsi3pk, gsi3sk: next.gsi3sk };
  const names: Record<string, string> = { '#estado': 'estado' };
  const values: Record<string, unknown> = { ':registrado': 'registrado' };
  const sets = Object.entries(campos).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: keys.pago(String(pago.id)),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: '#estado = :registrado',
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

async function pagoPendiente(id: string): Promise<Item> {
  const pago = await getPagoItem(id);
  if (!pago) throw new NotFoundError(t.noEncontrado);
  if (pago.estado !== 'registrado') throw new ConflictError(t.yaProcesado, 'PAGO_YA_PROCESADO');
  return pago;
}

/**
 * The client's credit-line usage goes down by the capital repaid, in the same transaction. A
 * client without a line item yet gets one holding Σ saldo_capital of its credits after this
 * payment (what the disbursement would compute), put only if still absent.
 */
async function lineaUpdate(
  clienteId: string,
  creditoId: string,
  saldoNuevo: number,
  capital: number,
  now: Date,
): Promise<TransactItem | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.lineaCredito(clienteId), ConsistentRead: true }));
  if (out.Item) {
    if (capital === 0) return null;
    return {
      Update: {
        TableName: tableName(),
        Key: keys.lineaCredito(clienteId),
        UpdateExpression: 'ADD usado_centimos :menos SET updated_at = :now',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':menos': -capital, ':now': now.toISOString() },
      },
    };
  }
  const { items } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.clienteChildren(clienteId), ':p': PREFIJO_HIJO.credito },
    ProjectionExpression: 'id, saldo_capital_centimos',
  });
  const usado = items.reduce((s, c) => s + (c.id === creditoId ? saldoNuevo : Number(c.saldo_capital_centimos ?? 0)), 0);
  return {
    Put: {
      TableName: tableName(),
      Item: itemFor.lineaCredito({ cliente_id: clienteId, usado_centimos: usado, updated_at: now.toISOString() }),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

const ddmmaaaa = (fecha: string) => fecha.split('-').reverse().join('/');

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
      const [cargado, hoy] = await Promise.all([cargarCredito(String(pago.credito_id)), fechaHoy(now)]);
      if (!cargado) throw new NotFoundError(t.creditoNoEncontrado);
      const { credito, cuotas } = cargado;
      const fechaValor = opts.fechaValor ?? String(pago.fecha_pago);
      if (fechaValor > hoy) throw new ValidationError({ fecha_valor: t.fechaValorFutura });
      if (typeof credito.fecha_desembolso === 'string' && fechaValor < credito.fecha_desembolso) {
        throw new ValidationError({ fecha_valor: t.fechaValorAntesDesembolso });
      }
      const monto = Number(pago.monto_centimos);
      const calculado = calculadoHasta(credito);
      const hasta = calculado && calculado > fechaValor ? calculado : fechaValor;
      const orden = ulid(now.getTime());
      const esteValorado = { pago_id: String(pago.id), fecha_valor: fechaValor, monto_centimos: monto, orden };

      let base;
      let nuevo;
      try {
        base = recalcular(cargado, cargado.pagos, hasta);
        nuevo = recalcular(cargado, [...cargado.pagos, esteValorado], hasta);
      } catch (error) {
        if (error instanceof CreditoInconsistente) {
          throw new ConflictError(t.creditoInconsistente(error.numeroCredito), 'CREDITO_INCONSISTENTE');
        }
        if (error instanceof PagoExcedeDeuda) {
          if (error.pagoId === esteValorado.pago_id) {
            throw new ConflictError(t.excedeAlAprobar(formatCRC(error.maximoCentimos)), 'PAGO_EXCEDE_DEUDA');
          }
          throw new ConflictError(t.excedeOtroPago(ddmmaaaa(fechaValor)), 'PAGO_EXCEDE_DEUDA');
        }
        throw error;
      }
      const { r } = nuevo;
      const aplicado = r.aplicaciones.get(esteValorado.pago_id)!.aplicado;
      const resumen = r.resumen;
      const saldoAntes = cuotas.reduce((s, c) => s + pendiente(c).capital, 0);
      const cliente = await getCliente(String(credito.cliente_id));
      const linea = await lineaUpdate(
        String(credito.cliente_id),
        String(credito.id),
        resumen.saldo_capital_centimos,
        saldoAntes - resumen.saldo_capital_centimos,
        now,
      );
      const conciliado = {
        estado: 'conciliado',
        aplicado_mora_centimos: aplicado.mora,
        aplicado_interes_centimos: aplicado.interes,
        aplicado_capital_centimos: aplicado.capital,
        fecha_valor: fechaValor,
        conciliado_en: now.toISOString(),
        procesado_por: caller.userId,
      };
      const numero = String(credito.numero_credito);
      const referencia = String(pago.referencia_pago);
      const montoTexto = formatCRC(monto);
      const items: TransactItem[] = [
        pagoTransicion(pago, conciliado),
        creditoUpdate(
          credito,
          {
            ...resumen,
            calculado_hasta: hasta,
            total_pagado_centimos: Number(credito.total_pagado_centimos ?? 0) + monto,
            ultimo_pago_en: now.toISOString(),
          },
          now,
        ),
        ...nuevo.cuotaItems,
        ...(linea ? [linea] : []),
        actividadPut({
          tipo_actividad: 'payment',
          descripcion: t.actividad.conciliado(referencia, montoTexto, numero, String(pago.cliente_nombre)),
          ...autor(caller),
          now,
        }),
        ...movimientosDeAprobacion({
          cargado,
          pago: esteValorado,
          referencia,
          aplicado,
          moraAntes: base.r.moraTotal,
          r,
          caller,
          now,
        }),
      ];
      if (cliente?.user_id) {
        items.push(
          notificacionPut({
            user_id: cliente.user_id,
            tipo: resumen.estado === 'cancelado' ? 'success' : 'payment',
            titulo: t.aprobado,
            mensaje: `${t.notificacion.aprobado(montoTexto, numero)}${resumen.estado === 'cancelado' ? ` ${t.notificacion.cancelado(numero)}` : ''}`,
            accion_url: '/portal',
            now,
          }),
        );
      }
      // item 0 is the pago's estado condition; any other cancellation (the credit, a cuota or the
      // line changed underneath, or a conflicting transaction) re-reads and retries
      const [primero, ...resto] = items as [TransactItem, ...TransactItem[]];
      await escribirTransaccion([conError(primero, new ConflictError(t.yaProcesado, 'PAGO_YA_PROCESADO')), ...resto], {
        intentos: 1,
      });
      return toPago({ ...pago, ...conciliado });
    },
    { intentos: INTENTOS, siAgota: () => new ConflictError(t.ocupado, 'CREDITO_OCUPADO') },
  );
}

/**
 * The ledger entries of an approval: the payment's own movement; the mora taken back when closes
 * had charged it past the value date (an 'ajuste_mora' movement and an activity entry); and, for
 * each payment approved before whose split this one changes (an earlier value date), a
 * 'reaplicacion' movement with before and after, its movement and its pago updated.
 */
function movimientosDeAprobacion(input: {
  cargado: CreditoCargado;
  pago: PagoValorado;
  referencia: string;
  aplicado: Aplicado;
  /** Σ mora of the credit recomputed to the same date without this payment. */
  moraAntes: number;
  r: CreditoRecalculado;
  caller: Caller;
  now: Date;
}): TransactItem[] {
  const { cargado, pago, referencia, aplicado, r, caller, now } = input;
  const credito = cargado.credito;
  const fechaTexto = ddmmaaaa(pago.fecha_valor);
  const put = (campos: Item & { id: string; fecha_valor: string }): TransactItem => ({
    Put: {
      TableName: tableName(),
      Item: itemFor.movimiento({
        credito_id: String(credito.id),
        created_at: now.toISOString(),
        registrado_por: caller.userId,
        ...campos,
      }),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  });
  const items: TransactItem[] = [
    put({
      id: pago.orden,
      tipo_movimiento: 'pago',
      pago_id: pago.pago_id,
      referencia_pago: referencia,
      fecha_valor: pago.fecha_valor,
      monto_centimos: pago.monto_centimos,
      aplicado_mora_centimos: aplicado.mora,
      aplicado_interes_centimos: aplicado.interes,
      aplicado_capital_centimos: aplicado.capital,
    }),
  ];
  const ajusteMora = r.moraTotal - input.moraAntes;
  if (ajusteMora !== 0) {
    items.push(
      put({
        id: `${pago.orden}A`,
        tipo_movimiento: 'ajuste_mora',
        pago_id: pago.pago_id,
        fecha_valor: pago.fecha_valor,
        monto_centimos: ajusteMora,
        detalle: t.movimiento.ajusteMora(referencia, fechaTexto),
      }),
      actividadPut({
        tipo_actividad: 'payment',
        descripcion: t.actividad.ajusteMora(formatCRC(ajusteMora), String(credito.numero_credito), referencia, fechaTexto),
        ...autor(caller),
        now,
      }),
    );
  }
  for (const [pagoId, mov] of cargado.movimientos) {
    const despues = r.aplicaciones.get(pagoId)!.aplicado;
    const antes = {
      mora: Number(mov.aplicado_mora_centimos),
      interes: Number(mov.aplicado_interes_centimos),
      capital: Number(mov.aplicado_capital_centimos),
    };
    if (despues.mora === antes.mora && despues.interes === antes.interes && despues.capital === antes.capital) continue;
    items.push(
      actualizarAplicado(keys.movimiento(String(credito.id), String(mov.fecha_valor), String(mov.id)), despues),
      actualizarAplicado(keys.pago(pagoId), despues),
      put({
        id: `${pago.orden}R${pagoId}`,
        tipo_movimiento: 'reaplicacion',
        pago_id: pagoId,
        fecha_valor: String(mov.fecha_valor),
        monto_centimos: 0,
        antes,
        despues,
        detalle: t.movimiento.reaplicacion(String(mov.referencia_pago ?? pagoId), referencia),
      }),
    );
  }
  return items;
}

/** A re-allocated payment's aplicado_* (on its pago and its ledger movement), only if the item exists. */
function actualizarAplicado(Key: Record<string, string>, a: Aplicado): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key,
      UpdateExpression: 'SET aplicado_mora_centimos = :m, aplicado_interes_centimos = :i, aplicado_capital_centimos = :c',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':m': a.mora, ':i': a.interes, ':c': a.capital },
    },
  };
}

/** Reject (registrado → revertido): moves no money; the client is notified. */
export async function rechazarPago(id: string, motivo: string | null, caller: Caller, now = new Date()): Promise<PagoDetalle> {
  return conReintentos(
    async () => {
      const pago = await pagoPendiente(id);
      const cliente = await getCliente(String(pago.cliente_id));
      const revertido = {
        estado: 'revertido',
        revertido_en: now.toISOString(),
        procesado_por: caller.userId,
        motivo_rechazo: motivo,
      };
      const numero = String(pago.numero_credito);
      const items: TransactItem[] = [
        pagoTransicion(pago, revertido),
        actividadPut({
          tipo_actividad: 'reject',
          descripcion: t.actividad.rechazado(
            String(pago.referencia_pago),
            formatCRC(Number(pago.monto_centimos)),
            numero,
            String(pago.cliente_nombre),
          ),
          ...autor(caller),
          now,
        }),
      ];
      if (cliente?.user_id) {
        items.push(
          notificacionPut({
            user_id: cliente.user_id,
            tipo: 'warning',
            titulo: t.rechazado,
            mensaje: t.notificacion.rechazado(String(pago.referencia_pago), numero, motivo),
            accion_url: '/portal',
            now,
          }),
        );
      }
      const [primero, ...resto] = items as [TransactItem, ...TransactItem[]];
      await escribirTransaccion([conError(primero, new ConflictError(t.yaProcesado, 'PAGO_YA_PROCESADO')), ...resto], {
        intentos: 1,
      });
      return toPago({ ...pago, ...revertido });
    },
    { intentos: INTENTOS, siAgota: () => new ConflictError(t.ocupado, 'PAGO_OCUPADO') },
  );
}
