import { sumarDias, type Credito } from '@cuota/shared';
import { enCartera } from '@cuota/shared/schemas/lending';
import { byDate, ENTITY, stripKeys, type Entity, type TableItem } from './comun';
import { hijosDeCliente, PREFIJO_HIJO } from './cliente';
import { promesaAbiertaDe } from './gestion';
import { indicesCobranza, type CamposCobranza } from './cobranza';

/** A stored credit as the API returns it; older items read with the defaults of newer fields. */
export type CreditoGuardado = Credito & {
  solicitud_id: string | null;
  metodo_amortizacion: string;
  tasa_moratoria_anual: string | null;
  dias_tolerancia: number;
  proximo_vencimiento: string | null;
  total_pagado_centimos: number;
  version: number;
};

/** The sort-key prefix of a client's credits among its children (gsi1 CLIENTE#id). */
export const creditosDeCliente = () => PREFIJO_HIJO.credito;

export const claveCredito = (id: string) => ({ pk: `CREDITO#${id}`, sk: 'CREDITO' });
/** The credit's own partition: the credit, its cuotas and its ledger (read together in one query). */
export const particionCredito = (id: string) => `CREDITO#${id}`;
/** Credits listed newest first, one gsi2 partition per estado (so `?estado=` reads only its own). */
export const particionCreditosEstado = (estado: string) => `CREDITOS#${estado}`;

/**
 * Credits still being collected are on gsi3 by the next business date their close can change them
 * (proxima_revision: the oldest unpaid due date, or the day after the first due date while vigente;
 * older items without it use proximo_vencimiento). Sparse: present only while the credit is in the
 * active portfolio (enCartera): absent once cancelado, refinanciado or castigado (a written-off
 * credit accrues no more mora and leaves the close, docs/riesgo.md).
 */
export const AL_COBRO = 'CREDITOS#AL_COBRO';

/**
 * The version of the engine's processing rules a credit is disbursed under, kept on the credit
 * (`reglas_motor`) as Fineract keeps a loan's transaction processing strategy: from 2, a payment
 * covering the payoff cancels the credit and a prepayment with a choice re-amortises
 * (docs/lending-engine.md "Processing rules version"). A credit without it (disbursed before)
 * replays with the rules it was paid under.
 */
export const REGLAS_MOTOR = 2;

/**
 * gsi2 is partitioned by estado (CREDITOS#vigente…): whoever changes a credit's estado writes
 * the item through here (or sets gsi2pk = particionCreditosEstado(estado) in the same update).
 */
export function itemCredito(
  c: Entity & {
    cliente_id: string;
    estado: string;
    proximo_vencimiento?: string | null;
    proxima_revision?: string | null;
    reglas_motor?: number;
  },
): TableItem {
  const item: TableItem = {
    ...stripKeys(c),
    // a new credit is disbursed under the current rules; updates (cierre/cartera.ts creditoUpdate) write only what changes
    reglas_motor: c.reglas_motor ?? REGLAS_MOTOR,
    ...claveCredito(c.id),
    tipo: ENTITY.credito,
    gsi1pk: hijosDeCliente(c.cliente_id),
    gsi1sk: `${PREFIJO_HIJO.credito}${byDate(c.created_at, c.id)}`,
    gsi2pk: particionCreditosEstado(c.estado),
    gsi2sk: byDate(c.created_at, c.id),
  };
  const base = c.proxima_revision === undefined ? c.proximo_vencimiento : c.proxima_revision;
  // an open payment promise is revisited the day after its date (its close marks it kept or broken)
  const promesa = promesaAbiertaDe(c);
  const tras = promesa ? sumarDias(promesa.fecha, 1) : null;
  const revision = base && tras ? (tras < base ? tras : base) : (base ?? tras);
  if (enCartera(c.estado) && revision) {
    item.gsi3pk = AL_COBRO;
    item.gsi3sk = `${revision}#${c.id}`;
  }
  // the collections worklist (gsi4/gsi5, sparse: only while in arrears)
  Object.assign(item, indicesCobranza(c as unknown as CamposCobranza));
  return item;
}

/** A credit's item (or record) as the API shape, with the defaults of fields older items lack. */
export function creditoAApi(item: Record<string, unknown>): CreditoGuardado {
  const c = stripKeys(item) as unknown as CreditoGuardado;
  return {
    ...c,
    producto_nombre: c.producto_nombre ?? null,
    producto_codigo: c.producto_codigo ?? null,
    solicitud_id: c.solicitud_id ?? null,
    metodo_amortizacion: c.metodo_amortizacion ?? 'cuota_nivelada',
    tasa_moratoria_anual: c.tasa_moratoria_anual ?? null,
    dias_tolerancia: c.dias_tolerancia ?? 0,
    proximo_vencimiento: c.proximo_vencimiento ?? null,
    total_pagado_centimos: c.total_pagado_centimos ?? 0,
    version: c.version ?? 1,
  };
}
