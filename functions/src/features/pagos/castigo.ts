import {
  aplicarRecuperacion,
  formatCRC,
  saldoACastigar,
  totalComponentes,
  type Castigo,
  type CastigoVista,
  type Componentes,
} from '@cuota/shared';
import { riesgoTexts } from '@cuota/shared/texts/riesgo';
import { actorDe, type Caller } from '#commons/auth';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { huella } from '#commons/idempotencia';
import { actividadPut } from '#commons/registro';
import { conReintentos, put, type Accion, type Elemento } from '#commons/transaccion';
import { cargarCredito, creditoUpdate, fechaHoy, promesaFueraDeCartera, type CreditoCargado } from '#features/cierre/index';
import { diasCastigoMinimos, categoriaDeCredito } from '#features/riesgo/index';
import { itemMovimientoCastigo, nuevoAsiento } from '#entities/movimiento';
import type { PagoGuardado } from '#entities/pago';
import { unaVez } from './idempotencia';
import { lineaTrasPago } from './store';

/**
 * Write-off (castigo) and recoveries (docs/riesgo.md, docs/lending-engine.md "Castigo"). An admin
 * writes off a credit in arrears beyond the setting castigo_dias_mora_minimos: its unpaid capital,
 * due interest and mora are recorded as a 'castigo' ledger movement, the credit becomes castigado
 * and leaves the daily close (no more mora), the active portfolio and PAR. A later payment is a
 * recovery: it reduces what is pending of the write-off (mora → interés → capital) and is recorded
 * as a 'recuperacion' movement; the engine's replay never sees either movement.
 */

const t = riesgoTexts;
type Item = Record<string, unknown>;
const n = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
const accionDe = (e: Elemento): Accion => ('accion' in e ? e.accion : e);
const api = (c: Componentes) => ({
  capital_centimos: c.capital,
  interes_centimos: c.interes,
  mora_centimos: c.mora,
  total_centimos: totalComponentes(c),
});

/** What is still pending of a castigado credit's write-off. */
export const pendienteCastigo = (credito: Item): Componentes => ({
  capital: n(credito.castigo_pendiente_capital_centimos),
  interes: n(credito.castigo_pendiente_interes_centimos),
  mora: n(credito.castigo_pendiente_mora_centimos),
});

function castigoDe(credito: Item): Castigo {
  return {
    credito_id: String(credito.id),
    numero_credito: String(credito.numero_credito),
    fecha: String(credito.castigado_en),
    motivo: String(credito.castigo_motivo),
    castigado_por: String(credito.castigado_por),
    dias_mora: n(credito.castigo_dias_mora),
    castigado: api({
      capital: n(credito.castigo_capital_centimos),
      interes: n(credito.castigo_interes_centimos),
      mora: n(credito.castigo_mora_centimos),
    }),
    pendiente: api(pendienteCastigo(credito)),
    recuperado_centimos: n(credito.recuperado_centimos),
  };
}

/** Why a credit cannot be written off today, or null. */
function motivoNoCastigable(credito: Item, dias: number, minimos: number): string | null {
  if (credito.estado === 'castigado') return t.yaCastigado;
  if (credito.estado !== 'vencido') return t.noCastigable;
  if (dias <= minimos) return t.moraInsuficiente(dias, minimos);
  return null;
}

const diasMora = (credito: Item): number => Math.max(0, n(credito.dias_mora_max));

/** GET /api/creditos/{id}/riesgo: its category and the write-off it has or would have today. */
export async function obtenerRiesgoCredito(id: string, now = new Date()): Promise<CastigoVista> {
  const [cargado, hoy, minimos] = await Promise.all([cargarCredito(id), fechaHoy(now), diasCastigoMinimos()]);
  if (!cargado) throw new NotFoundError(t.noEncontrado);
  const { credito } = cargado;
  const dias = diasMora(credito);
  const castigado = credito.estado === 'castigado';
  const motivo = motivoNoCastigable(credito, dias, minimos);
  return {
    estado: castigado ? 'castigado' : motivo ? 'no_castigable' : 'castigable',
    motivo_no_castigable: castigado ? null : motivo,
    dias_mora: dias,
    dias_minimos: minimos,
    categoria: await categoriaDeCredito(dias, credito.reestructurado === true),
    saldo: api(castigado ? pendienteCastigo(credito) : saldoACastigar(cargado.cuotas, hoy)),
    castigo: castigado ? castigoDe(credito) : null,
  };
}

/** POST /api/creditos/{id}/castigar (admin, Idempotency-Key required). */
export async function castigarCredito(input: {
  creditoId: string;
  motivo: string;
  caller: Caller;
  clave: string | null;
  now?: Date;
}): Promise<{ castigo: Castigo; repetida: boolean }> {
  const now = input.now ?? new Date();
  if (!input.clave) throw new ValidationError({ 'Idempotency-Key': t.claveRequerida });
  const ruta = 'castigar-credito';
  const { respuesta, repetida } = await conReintentos(
    () =>
      unaVez<Castigo>(
        {
          userId: input.caller.userId,
          clave: input.clave,
          ruta,
          huella: huella({ ruta, credito_id: input.creditoId, motivo: input.motivo }),
          now,
        },
        async () => {
          const [cargado, hoy, minimos] = await Promise.all([
            cargarCredito(input.creditoId),
            fechaHoy(now),
            diasCastigoMinimos(),
          ]);
          if (!cargado) throw new NotFoundError(t.noEncontrado);
          const dias = diasMora(cargado.credito);
          const motivo = motivoNoCastigable(cargado.credito, dias, minimos);
          if (motivo)
            throw new ConflictError(
              motivo,
              cargado.credito.estado === 'castigado' ? 'CREDITO_CASTIGADO' : 'CREDITO_NO_CASTIGABLE',
            );
          const { items, castigo } = escriturasCastigo(cargado, { hoy, dias, motivo: input.motivo, caller: input.caller, now });
          return { items: items.map(accionDe), respuesta: castigo };
        },
      ),
    { intentos: 8, siAgota: () => new ConflictError(t.ocupado, 'CREDITO_OCUPADO') },
  );
  return { castigo: respuesta, repetida };
}

/** The write-off's items: the credit (conditional on its version), the 'castigo' movement, the activity entry. */
function escriturasCastigo(
  cargado: CreditoCargado,
  x: { hoy: string; dias: number; motivo: string; caller: Caller; now: Date },
): { items: Elemento[]; castigo: Castigo } {
  const { credito } = cargado;
  const saldo = saldoACastigar(cargado.cuotas, x.hoy);
  const cambios = {
    estado: 'castigado',
    castigado_en: x.hoy,
    castigo_motivo: x.motivo,
    castigado_por: actorDe(x.caller).user_nombre,
    castigo_dias_mora: x.dias,
    castigo_capital_centimos: saldo.capital,
    castigo_interes_centimos: saldo.interes,
    castigo_mora_centimos: saldo.mora,
    castigo_pendiente_capital_centimos: saldo.capital,
    castigo_pendiente_interes_centimos: saldo.interes,
    castigo_pendiente_mora_centimos: saldo.mora,
    recuperado_centimos: 0,
  };
  const total = totalComponentes(saldo);
  const movimiento = itemMovimientoCastigo({
    ...nuevoAsiento(String(credito.id), x.hoy, x.now),
    tipo_movimiento: 'castigo',
    monto_centimos: total,
    capital_centimos: saldo.capital,
    interes_centimos: saldo.interes,
    mora_centimos: saldo.mora,
    registrado_por: x.caller.userId,
    detalle: x.motivo,
  });
  // the write-off ends an open promise (anulada) in the same transaction (cierre/promesas.ts)
  const promesa = promesaFueraDeCartera(credito, 'castigado', [], x.now);
  return {
    items: [
      creditoUpdate(credito, { ...cambios, ...promesa.cambios }, x.now),
      ...promesa.items,
      put(movimiento, { condicion: 'attribute_not_exists(pk)' }),
      actividadPut({
        tipo_actividad: 'update',
        descripcion: t.actividadCastigo(String(credito.numero_credito), formatCRC(total), x.motivo),
        ...actorDe(x.caller),
        now: x.now,
      }),
    ],
    castigo: castigoDe({ ...credito, ...cambios }),
  };
}

/**
 * A payment on a castigado credit (counter or approved report): checks the value date and that it
 * is not more than what is pending, splits it mora → interés → capital and returns the pago as
 * applied with the items beside it: the credit (version-conditional), the 'recuperacion'
 * movement, the credit line (released by the capital recovered) and an activity entry.
 */
export async function recuperacion(x: {
  cargado: CreditoCargado;
  pago: PagoGuardado;
  fechaValor: string;
  hoy: string;
  caller: Caller;
  now: Date;
}): Promise<{ pago: PagoGuardado; items: Elemento[] }> {
  const { credito } = x.cargado;
  const pendiente = pendienteCastigo(credito);
  if (x.pago.monto_centimos > totalComponentes(pendiente)) {
    throw new ValidationError({ monto_centimos: t.recuperacionExcede(formatCRC(totalComponentes(pendiente))) });
  }
  const { aplicado, resto } = aplicarRecuperacion(pendiente, x.pago.monto_centimos);
  const pago: PagoGuardado = {
    ...x.pago,
    fecha_valor: x.fechaValor,
    recuperacion: true,
    aplicado_capital_centimos: aplicado.capital,
    aplicado_interes_centimos: aplicado.interes,
    aplicado_mora_centimos: aplicado.mora,
    saldo_capital_despues_centimos: resto.capital,
  };
  const linea = await lineaTrasPago(String(credito.cliente_id), String(credito.id), resto.capital, aplicado.capital, x.now);
  const movimiento = itemMovimientoCastigo({
    ...nuevoAsiento(String(credito.id), x.fechaValor, x.now),
    tipo_movimiento: 'recuperacion',
    monto_centimos: pago.monto_centimos,
    capital_centimos: aplicado.capital,
    interes_centimos: aplicado.interes,
    mora_centimos: aplicado.mora,
    registrado_por: x.caller.userId,
    detalle: pago.referencia_pago,
    pago_id: pago.id,
  });
  const items: Elemento[] = [
    creditoUpdate(
      credito,
      {
        castigo_pendiente_capital_centimos: resto.capital,
        castigo_pendiente_interes_centimos: resto.interes,
        castigo_pendiente_mora_centimos: resto.mora,
        saldo_capital_centimos: resto.capital,
        saldo_mora_centimos: resto.mora,
        recuperado_centimos: n(credito.recuperado_centimos) + pago.monto_centimos,
        total_pagado_centimos: n(credito.total_pagado_centimos) + pago.monto_centimos,
      },
      x.now,
    ),
    put(movimiento, { condicion: 'attribute_not_exists(pk)' }),
    ...(linea ? [linea] : []),
    actividadPut({
      tipo_actividad: 'payment',
      descripcion: t.actividadRecuperacion(String(credito.numero_credito), formatCRC(pago.monto_centimos)),
      ...actorDe(x.caller),
      now: x.now,
    }),
  ];
  return { pago, items };
}
