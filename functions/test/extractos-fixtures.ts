import { DEFAULT_TIMEZONE, fechaNegocio, sumarDias } from '@cuota/shared';
import { randomInt, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { queryAll, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { handler as subir } from '../src/features/conciliacion/subir-extracto';
import type { RouteId } from '../src/manifest';
import { ADMIN, apiEvent, call, COBRADOR, type TestCaller } from './events';
import { clienteConUsuario, creditoEnCartera } from './pagos-fixtures';
import { reportarPagoDelCliente } from './rutas';

/** Bank statements in handler tests (conciliacion): a BN file, a credit with a reported payment, the ledger's payments. */

export const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);
export const ev = (
  id: RouteId,
  opts: { caller?: TestCaller; body?: unknown; params?: Record<string, string>; query?: Record<string, string> },
) => apiEvent(id, { caller: ADMIN, ...opts });
export const ddmm = (iso: string) => iso.split('-').reverse().join('/');
/** An amount no other test's pending payment has, in céntimos. */
export const montoUnico = () => randomInt(10_000_00, 90_000_00);
export const esCR = (c: number) => `${Math.floor(c / 100).toLocaleString('de-DE')},${String(c % 100).padStart(2, '0')}`;

/** A BN statement (es-CR amounts, ';'): each line [fecha, referencia, descripcion, credito céntimos]. */
export function csvBN(lineas: Array<[string, string, string, number]>, saldoInicial = randomInt(1, 1e9)) {
  let saldo = saldoInicial;
  const filas = lineas.map(([f, r, d, c]) => {
    saldo += c;
    return `${ddmm(f)};${r};${d};;${esCR(c)};${esCR(saldo)}`;
  });
  return ['Fecha;Referencia;Descripción;Débito;Crédito;Saldo', ...filas].join('\r\n');
}

export async function escenario() {
  const { cliente, caller } = await clienteConUsuario();
  const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -40), principal: 1_000_000_00, plazo: 12 });
  return { cliente, caller, credito };
}

export async function reportado(caller: TestCaller, creditoId: string, monto: number, referencia: string, fecha = hoy) {
  const res = await reportarPagoDelCliente(caller, creditoId, monto, fecha, { extra: { referencia_externa: referencia } });
  expect(res.status).toBe(201);
  return res.body as { id: string; referencia_pago: string };
}

export const subirCsv = (contenido: string, caller: TestCaller = COBRADOR, banco = 'bn') =>
  call(subir, ev('subir-extracto', { caller, body: { banco, nombre_archivo: `extracto-${randomUUID()}.csv`, contenido } }));

export async function movimientosPago(creditoId: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :m)',
    ExpressionAttributeValues: { ':pk': keys.credito(creditoId).pk, ':m': 'MOV#' },
    ConsistentRead: true,
  });
  return items.filter((m) => m.tipo_movimiento === 'pago');
}
