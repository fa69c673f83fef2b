import { formatCRC, type Reestructuracion } from '@cuota/shared';
import { reestructuracionTexts as t } from '@cuota/shared/texts/reestructuracion';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ConflictError } from '#commons/errors';
import { actividadPut, notificacionPut } from '#commons/registro';
import { actualizar, MAX_ACCIONES, put, type Elemento } from '#commons/transaccion';
import { itemFor } from '#commons/items';
import { claveCuota, itemCuotaNueva } from '#entities/cuota';
import { itemMovimiento, nuevoAsiento } from '#entities/movimiento';
import { obtenerCliente } from '#features/clientes/index';
import { creditoIndexItems } from '#features/creditos/index';
import { creditoUpdate, normalizarCuota, recalcular, type CreditoCargado } from '#features/cierre/index';
import { lineaTrasPago } from '#features/pagos/index';
import { numeroCredito, reservarNumeroCredito } from '#features/solicitudes/index';

/**
 * Refinanciamiento (docs/lending-engine.md "Refinanciamiento"): a NEW credit whose principal is
 * the old credit's whole payoff on the business date (plan.despues.saldo_capital = capital +
 * arrears + current interest), written in the same transaction that closes the old one
 * (estado refinanciado, its unpaid cuotas settled by the refinancing, a ledger movement for what
 * was cancelled). No cash moves: the new credit's opening movement has canal 'refinanciamiento'.
 */

export interface Refinanciamiento {
  cargado: CreditoCargado;
  hoy: string;
  registro: Reestructuracion;
  caller: Caller;
  now: Date;
  /** The guard and record items the restructuring flow writes with every confirmation (of the record naming the new credit). */
  comunes: (registro: Reestructuracion) => Elemento[];
}

/** The new credit's number: a reserved one (a refused refinancing leaves a gap, never a repeat). */
async function numeroNuevo(hoy: string): Promise<string> {
  return numeroCredito(hoy.slice(0, 4), await reservarNumeroCredito());
}

/** The record as confirmed, naming the new credit; and every item of the one transaction. */
export async function itemsDeRefinanciamiento(x: Refinanciamiento): Promise<{ registro: Reestructuracion; items: Elemento[] }> {
  const { cargado, hoy, now } = x;
  const viejo = cargado.credito;
  const viejoId = String(viejo.id);
  const nuevoId = ulid(now.getTime());
  const numero = await numeroNuevo(hoy);
  const registro: Reestructuracion = { ...x.registro, credito_nuevo_id: nuevoId, credito_nuevo_numero: numero };
  const { plan } = registro;
  const principal = plan.despues.saldo_capital_centimos;
  const { credito, cuotas } = creditoNuevo(x, nuevoId, numero, principal);
  const pendientes = cargado.cuotas.filter((c) => !c.pagada);
  const [cliente, linea] = await Promise.all([
    obtenerCliente(String(viejo.cliente_id)),
    // the line's usage moves from the old capital to the new principal (+ what was capitalised)
    lineaTrasPago(String(viejo.cliente_id), viejoId, principal, -plan.capitalizado_centimos, now),
  ]);
  const items: Elemento[] = [
    ...x.comunes(registro),
    creditoUpdate(viejo, cierreDelViejo(nuevoId, numero, hoy), now),
    ...pendientes.map((c) =>
      actualizar(claveCuota(viejoId, c.numero_cuota), 'SET pagada = :t, pagada_en = :hoy, refinanciada_por_id = :n', {
        valores: { ':t': true, ':hoy': hoy, ':n': nuevoId },
      }),
    ),
    movimientoCancelacion(x, registro, viejoId, nuevoId),
    put(itemFor.credito({ ...credito, zona: viejo.zona ?? null } as Parameters<typeof itemFor.credito>[0]), {
      condicion: 'attribute_not_exists(pk)',
    }),
    ...creditoIndexItems({
      id: nuevoId,
      numero_credito: numero,
      cliente_nombre: String(viejo.cliente_nombre ?? ''),
      cliente_apellido: String(viejo.cliente_apellido ?? ''),
    }).map((i) => put(i, { condicion: 'attribute_not_exists(pk)' })),
    ...cuotas.map((c) => put(itemCuotaNueva(c, nuevoId, ulid(now.getTime())))),
    movimientoApertura(x, registro, nuevoId, viejoId, principal),
    ...(linea ? [linea] : []),
    ...avisos(x, registro, cliente?.user_id ?? null),
  ];
  if (items.length > MAX_ACCIONES)
    throw new ConflictError(t.demasiadosElementosRefinanciamiento(items.length, MAX_ACCIONES), 'DEMASIADAS_CUOTAS');
  return { registro, items };
}

/** The old credit, closed: out of the collections (no proxima_revision, no arrears) and of the active portfolio. */
const cierreDelViejo = (nuevoId: string, numero: string, hoy: string) => ({
  estado: 'refinanciado',
  refinanciado_por_id: nuevoId,
  refinanciado_por_numero: numero,
  fecha_refinanciamiento: hoy,
  saldo_capital_centimos: 0,
  saldo_mora_centimos: 0,
  monto_vencido_centimos: 0,
  dias_mora_max: 0,
  proximo_vencimiento: null,
  proxima_revision: null,
  calculado_hasta: hoy,
});

/** The new credit from the plan's schedule, replayed once (Σ capital = principal, nothing paid). */
function creditoNuevo(x: Refinanciamiento, id: string, numero: string, principal: number) {
  const viejo = x.cargado.credito;
  const { plan } = x.registro;
  const base = {
    id,
    numero_credito: numero,
    cliente_id: String(viejo.cliente_id),
    cliente_nombre: viejo.cliente_nombre,
    cliente_apellido: viejo.cliente_apellido,
    producto_id: viejo.producto_id,
    producto_nombre: viejo.producto_nombre ?? null,
    producto_codigo: viejo.producto_codigo ?? null,
    monto_principal_centimos: principal,
    saldo_capital_centimos: principal,
    saldo_mora_centimos: 0,
    total_pagado_centimos: 0,
    tasa_interes_anual: plan.despues.tasa_interes_anual,
    plazo_meses: plan.cuotas.length,
    estado: 'vigente',
    fecha_desembolso: x.hoy,
    fecha_primer_vencimiento: plan.cuotas[0]!.fecha_vencimiento,
    proximo_vencimiento: plan.cuotas[0]!.fecha_vencimiento,
    metodo_amortizacion: viejo.metodo_amortizacion ?? 'cuota_nivelada',
    tasa_moratoria_anual: viejo.tasa_moratoria_anual ?? null,
    dias_tolerancia: viejo.dias_tolerancia ?? 0,
    solicitud_id: viejo.solicitud_id ?? null,
    comision_formalizacion_centimos: 0,
    neto_desembolsado_centimos: 0,
    canal_desembolso: 'refinanciamiento',
    cuenta_destino: null,
    desembolsado_por: x.caller.userId,
    credito_origen_id: String(viejo.id),
    credito_origen_numero: String(viejo.numero_credito),
    reestructurado: true,
    reestructuraciones: 1,
    ultima_reestructuracion_id: x.registro.id,
    version: 1,
    created_at: x.now.toISOString(),
  };
  const cuotas = plan.cuotas.map((q) => normalizarCuota({ ...q, monto_mora_centimos: 0, pagada: false, dias_mora: 0 }));
  const { r } = recalcular({ credito: base, cuotas, pagos: [], movimientos: new Map() }, [], x.hoy);
  return { credito: { ...base, ...r.resumen, calculado_hasta: x.hoy }, cuotas: plan.cuotas };
}

/** What both ledger entries of a refinancing carry, on the credit `creditoId`. */
function asientoDeRefinanciamiento(x: Refinanciamiento, registro: Reestructuracion, creditoId: string) {
  return {
    ...nuevoAsiento(creditoId, x.hoy, x.now),
    tipo_movimiento: 'refinanciamiento' as const,
    pago_id: registro.id,
    registrado_por: x.caller.userId,
    detalle: registro.motivo,
    reestructuracion_id: registro.id,
  };
}

/** MOV# on the old credit: what the refinancing cancelled (capital, interest, mora); its balance is then zero. */
function movimientoCancelacion(x: Refinanciamiento, registro: Reestructuracion, viejoId: string, nuevoId: string): Elemento {
  const d = registro.plan.deuda;
  const interes = d.interes_vencido_centimos + d.interes_corriente_centimos;
  return put(
    itemMovimiento({
      ...asientoDeRefinanciamiento(x, registro, viejoId),
      monto_centimos: d.capital_centimos + interes + d.mora_centimos,
      aplicado_capital_centimos: d.capital_centimos,
      aplicado_interes_centimos: interes,
      aplicado_mora_centimos: d.mora_centimos,
      credito_nuevo_id: nuevoId,
      antes_saldos: { ...d },
      despues_saldos: { capital_centimos: 0, interes_centimos: 0, mora_centimos: 0 },
    }),
    { condicion: 'attribute_not_exists(pk)' },
  );
}

/** MOV# on the new credit: its opening, as a disbursement with no cash out (canal 'refinanciamiento'). */
function movimientoApertura(
  x: Refinanciamiento,
  registro: Reestructuracion,
  nuevoId: string,
  viejoId: string,
  principal: number,
): Elemento {
  return put(
    itemMovimiento({
      ...asientoDeRefinanciamiento(x, registro, nuevoId),
      monto_centimos: principal,
      canal_desembolso: 'refinanciamiento',
      credito_origen_id: viejoId,
    }),
    { condicion: 'attribute_not_exists(pk)' },
  );
}

/** The activity entry and the customer's notice (when the customer has a portal user). */
function avisos(x: Refinanciamiento, registro: Reestructuracion, userId: string | null): Elemento[] {
  const { plan } = registro;
  const numeroViejo = String(x.cargado.credito.numero_credito);
  const numero = String(registro.credito_nuevo_numero);
  const now = x.now;
  return [
    actividadPut({
      tipo_actividad: 'update',
      descripcion: t.actividad(t.tipoCorto.refinanciamiento!, `${numeroViejo} → ${numero}`, registro.motivo),
      ...actorDe(x.caller),
      now,
    }),
    ...(userId
      ? [
          notificacionPut({
            user_id: userId,
            tipo: 'credit',
            titulo: t.avisoRefinanciamientoTitulo,
            mensaje: t.avisoRefinanciamiento(
              numeroViejo,
              numero,
              formatCRC(plan.despues.cuota_centimos),
              plan.cuotas[0]!.fecha_vencimiento,
            ),
            accion_url: '/portal',
            now,
          }),
        ]
      : []),
  ];
}
