import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIMEZONE, fechaNegocio } from '@cuota/shared';
import { ddb, queryAll, tableName } from '#commons/db';
import { ENTITY, keys, stripKeys } from '#commons/keys';
import { itemFor } from '#commons/items';
import { logger } from '#commons/logger';
import { getSetting } from '../configuracion/store';
import { normalizarCuota, type CuotaSaldo, type TerminosCredito } from './domain';

/**
 * DynamoDB adapter for a credit and its cuotas, shared by payment approval and the daily close.
 * Every change to a credit is conditional on its `version` and bumps it; its cuotas are only
 * written in the same transaction, so the credit's version guards them too.
 */

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
type Item = Record<string, unknown>;

export interface CreditoCargado {
  credito: Item;
  cuotas: CuotaSaldo[];
}

/** The credit and all its cuotas: one strongly consistent query of its partition. */
export async function cargarCredito(id: string): Promise<CreditoCargado | null> {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.credito(id).pk },
    ConsistentRead: true,
  });
  const credito = items.find((i) => i.tipo === ENTITY.credito);
  if (!credito) return null;
  const cuotas = items
    .filter((i) => i.tipo === ENTITY.cuota)
    .map(normalizarCuota)
    .sort((a, b) => a.numero_cuota - b.numero_cuota);
  return { credito, cuotas };
}

/**
 * The credit's lending terms. Credits disbursed from a product carry them (copied at approval);
 * without a tasa moratoria the ordinary rate applies to overdue capital, without tolerance days
 * there is no grace period.
 */
export function terminosDe(credito: Item): TerminosCredito {
  const tasa = typeof credito.tasa_moratoria_anual === 'string' ? credito.tasa_moratoria_anual : String(credito.tasa_interes_anual ?? '0');
  return {
    fecha_primer_vencimiento: typeof credito.fecha_primer_vencimiento === 'string' ? credito.fecha_primer_vencimiento : null,
    dias_tolerancia: typeof credito.dias_tolerancia === 'number' ? credito.dias_tolerancia : 0,
    tasa_moratoria_anual: tasa,
  };
}

const INDEX_ATTRS = ['gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'] as const;

/**
 * Update of a credit: the changed fields plus every index attribute as itemFor.credito derives
 * them from the new state (gsi2 by estado, gsi3 by next due date, gone once cancelado),
 * conditional on the version that was read.
 */
export function creditoUpdate(
  prev: Item,
  cambios: Item,
  now: Date,
  /** An extra condition ANDed with the version's, e.g. the daily close's `ultimo_cierre < :fecha`. */
  extra?: { expresion: string; nombres?: Record<string, string>; valores?: Record<string, unknown> },
): TransactItem {
  const version = typeof prev.version === 'number' ? prev.version : 0;
  const next = itemFor.credito({ ...(stripKeys(prev) as Parameters<typeof itemFor.credito>[0]), ...cambios });
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets: string[] = [];
  const removes: string[] = [];
  const set = (k: string, v: unknown) => {
    const i = sets.length;
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    sets.push(`#s${i} = :s${i}`);
  };
  for (const [k, v] of Object.entries(cambios)) set(k, v);
  for (const k of INDEX_ATTRS) {
    if (next[k] !== undefined) {
      if (next[k] !== prev[k]) set(k, next[k]);
    } else if (prev[k] !== undefined) {
      names[`#r${removes.length}`] = k;
      removes.push(`#r${removes.length}`);
    }
  }
  set('version', version + 1);
  set('updated_at', now.toISOString());
  const conVersion = typeof prev.version === 'number';
  names['#v'] = 'version';
  if (conVersion) values[':v'] = version;
  return {
    Update: {
      TableName: tableName(),
      Key: keys.credito(String(prev.id)),
      UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ConditionExpression: `${conVersion ? '#v = :v' : 'attribute_exists(pk) AND attribute_not_exists(#v)'}${extra ? ` AND (${extra.expresion})` : ''}`,
      ExpressionAttributeNames: { ...names, ...extra?.nombres },
      ExpressionAttributeValues: { ...values, ...extra?.valores },
    },
  };
}

/** The tracked fields of a cuota (its schedule amounts never change). */
export function cuotaUpdate(creditoId: string, c: CuotaSaldo): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.cuota(creditoId, c.numero_cuota),
      UpdateExpression:
        'SET pagado_capital_centimos = :pc, pagado_interes_centimos = :pi, pagado_mora_centimos = :pm, ' +
        'interes_condonado_centimos = :ic, monto_mora_centimos = :mm, dias_mora = :dm, pagada = :p, pagada_en = :pe',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: {
        ':pc': c.pagado_capital_centimos,
        ':pi': c.pagado_interes_centimos,
        ':pm': c.pagado_mora_centimos,
        ':ic': c.interes_condonado_centimos,
        ':mm': c.monto_mora_centimos,
        ':dm': c.dias_mora,
        ':p': c.pagada,
        ':pe': c.pagada_en,
      },
    },
  };
}

/** Why each item of a cancelled transaction failed ('ConditionalCheckFailed', 'TransactionConflict', 'None'…), or null. */
export function motivosCancelacion(error: unknown): string[] | null {
  if (error instanceof TransactionCanceledException || (error as Error | null)?.name === 'TransactionCanceledException') {
    return ((error as TransactionCanceledException).CancellationReasons ?? []).map((r) => r.Code ?? 'None');
  }
  return null;
}

export async function transact(items: TransactItem[]): Promise<void> {
  await ddb.send(new TransactWriteCommand({ TransactItems: items }));
}

/** Exponential back-off with jitter between retries of a contended transaction. */
export const pausa = (intento: number) => new Promise((r) => setTimeout(r, Math.random() * Math.min(400, 15 * 2 ** intento)));

/** The lender's business date (setting `timezone`, default America/Costa_Rica). */
export async function fechaHoy(now: Date = new Date()): Promise<string> {
  let zona = DEFAULT_TIMEZONE;
  try {
    zona = (await getSetting('timezone')) || DEFAULT_TIMEZONE;
    return fechaNegocio(now, zona);
  } catch (error) {
    logger.warn('zona horaria inválida; se usa la predeterminada', { zona, error: (error as Error).message });
    return fechaNegocio(now, DEFAULT_TIMEZONE);
  }
}
