import { PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_TIMEZONE, fechaNegocio, generarCuotas, sumarDias, type Cliente, type MetodoAmortizacion } from '@cuota/shared';
import { ulid } from 'ulid';
import { expect } from 'vitest';
import { ddb, queryAll, tableName } from '../src/commons/db';
import { itemFor } from '../src/commons/items';
import { itemCuotaNueva } from '../src/entities/cuota';
import { PREFIJO_MOVIMIENTO } from '../src/entities/movimiento';
import { keys } from '../src/commons/keys';
import { cerrarCreditoEnFecha } from '../src/features/cierre/store';
import { crearCliente } from '../src/features/clientes/service';
import { uniqueEmail, type TestCaller } from './events';

/**
 * Payment and close-of-business fixtures: credits disbursed on any date (the approval handler
 * always disburses today), written through the same item builders the API uses, with the shape
 * the disbursement gives them (version 1, total_pagado 0, proximo_vencimiento on gsi3).
 */

const worker = String(process.pid % 10_000).padStart(4, '0');
let n = 0;

export async function clienteConUsuario(over: Partial<Cliente> = {}): Promise<{ cliente: Cliente; caller: TestCaller }> {
  const caller: TestCaller = { sub: `pagos-${worker}-${Date.now().toString(36)}-${++n}`, email: uniqueEmail('pagos') };
  const cliente = await crearCliente({
    user_id: caller.sub,
    nombre: 'Rebeca',
    apellido: 'Solano Ulate',
    email: caller.email!,
    telefono: '+50670112233',
    identidad_tipo: 'cedula',
    identidad_numero: `8${worker}${String(++n).padStart(4, '0')}`,
    fecha_nacimiento: '1990-08-02',
    direccion: 'Heredia, Mercedes Norte, 100 m sur de la iglesia',
    ciudad: 'Heredia',
    pais: 'Costa Rica',
    kyc_completado: true,
    ...over,
  });
  return { cliente, caller };
}

/** The schedule creditoEnCartera writes with its defaults (₡1 000 000, 12 months, 24 %, cuota nivelada) for `desembolso`. */
export const calendarioDePrueba = (desembolso: string) =>
  generarCuotas({
    principalCentimos: 1_000_000_00,
    tasaAnual: '24.00',
    plazoMeses: 12,
    fechaDesembolso: desembolso,
    metodo: 'cuota_nivelada',
  });

export interface CreditoFixture {
  id: string;
  numero_credito: string;
  cliente_id: string;
  monto_principal_centimos: number;
}

export async function creditoEnCartera(opts: {
  cliente: Cliente;
  desembolso: string;
  principal?: number;
  plazo?: number;
  tasa?: string;
  tasaMoratoria?: string;
  diasTolerancia?: number;
  metodo?: MetodoAmortizacion;
}): Promise<CreditoFixture> {
  const principal = opts.principal ?? 1_000_000_00;
  const plazo = opts.plazo ?? 12;
  const tasa = opts.tasa ?? '24.00';
  const metodo = opts.metodo ?? 'cuota_nivelada';
  const plan = generarCuotas({
    principalCentimos: principal,
    tasaAnual: tasa,
    plazoMeses: plazo,
    fechaDesembolso: opts.desembolso,
    metodo,
  });
  const id = ulid();
  const created_at = `${opts.desembolso}T15:00:00.000Z`;
  const credito = {
    id,
    numero_credito: `CR-T${worker}-${String(++n).padStart(5, '0')}`,
    cliente_id: opts.cliente.id,
    cliente_nombre: opts.cliente.nombre,
    cliente_apellido: opts.cliente.apellido,
    producto_id: 'PRODUCTO-PRUEBA',
    producto_nombre: 'Microcrédito de prueba',
    producto_codigo: 'PRUEBA-01',
    monto_principal_centimos: principal,
    saldo_capital_centimos: principal,
    saldo_mora_centimos: 0,
    total_pagado_centimos: 0,
    tasa_interes_anual: tasa,
    plazo_meses: plazo,
    estado: 'vigente',
    fecha_desembolso: opts.desembolso,
    fecha_primer_vencimiento: plan[0]!.fecha_vencimiento,
    proximo_vencimiento: plan[0]!.fecha_vencimiento,
    metodo_amortizacion: metodo,
    tasa_moratoria_anual: opts.tasaMoratoria ?? '31.20',
    dias_tolerancia: opts.diasTolerancia ?? 3,
    solicitud_id: 'SOLICITUD-PRUEBA',
    version: 1,
    created_at,
  };
  const items = [itemFor.credito(credito), ...plan.map((c) => itemCuotaNueva(c, id, ulid()))];
  for (let i = 0; i < items.length; i += 25) {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: items.slice(i, i + 25).map((Item) => ({ Put: { TableName: tableName(), Item } })),
      }),
    );
  }
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.lineaCredito(opts.cliente.id),
      UpdateExpression: 'ADD usado_centimos :m SET tipo = :t, cliente_id = :c',
      ExpressionAttributeValues: { ':m': principal, ':t': 'linea-credito', ':c': opts.cliente.id },
    }),
  );
  return { id, numero_credito: credito.numero_credito, cliente_id: opts.cliente.id, monto_principal_centimos: principal };
}

/**
 * A credit disbursed `diasAtras` days before today and never paid, closed to today by the real
 * daily close (so in arrears once its first cuota is past the grace days).
 */
export async function creditoEnMora(diasAtras = 75, principal = 1_000_000_00) {
  const hoy = fechaNegocio(new Date(), DEFAULT_TIMEZONE);
  const { cliente, caller } = await clienteConUsuario();
  const credito = await creditoEnCartera({ cliente, desembolso: sumarDias(hoy, -diasAtras), principal, plazo: 12 });
  await cerrarCreditoEnFecha(credito.id, hoy);
  return { cliente, caller, credito };
}

/** Sets fields of one stored cuota as they are (for read-side tests that need a given state of a schedule). */
export async function cambiarCuota(creditoId: string, numero: number, cambios: Record<string, unknown>) {
  const sets = Object.keys(cambios).map((k, i) => `#k${i} = :v${i}`);
  await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.cuota(creditoId, numero),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(cambios).map((k, i) => [`#k${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(Object.values(cambios).map((v, i) => [`:v${i}`, v])),
    }),
  );
}

/** Closing `hoy` once more leaves the credit's balances as stored (a replay of its ledger gives them). */
export async function otroCierreNoCambiaSaldos(id: string, hoy: string) {
  const antes = await leerCredito(id);
  await cerrarCreditoEnFecha(id, hoy);
  const despues = await leerCredito(id);
  expect(despues.credito.saldo_capital_centimos).toBe(antes.credito.saldo_capital_centimos);
  expect(despues.credito.saldo_mora_centimos).toBe(antes.credito.saldo_mora_centimos);
}

/** The credit item and its cuotas as stored. */
export async function leerCredito(id: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.credito(id).pk },
    ConsistentRead: true,
  });
  const credito = items.find((i) => i.tipo === 'credito')!;
  const cuotas = items.filter((i) => i.tipo === 'cuota').sort((a, b) => Number(a.numero_cuota) - Number(b.numero_cuota));
  return { credito, cuotas };
}

/** A credit's ledger: its MOV# items, strongly consistent. */
export async function ledger(creditoId: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :mov)',
    ExpressionAttributeValues: { ':pk': keys.credito(creditoId).pk, ':mov': PREFIJO_MOVIMIENTO },
    ConsistentRead: true,
  });
  return items;
}

/** Every pago of a credit (gsi2 CREDITO#id#PAGOS). */
export async function pagosDeCredito(creditoId: string) {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': `CREDITO#${creditoId}#PAGOS` },
    }),
  );
  return out.Items ?? [];
}

/** Payment methods only these tests use (other tests may switch the seeded ones on and off). */
export const METODOS_PRUEBA = {
  conReferencia: `sinpe_c${worker}`,
  sinReferencia: `transf_c${worker}`,
  inactivo: `efectivo_c${worker}`,
};

export async function metodosDePrueba(): Promise<void> {
  const put = (codigo: string, nombre: string, requiere_referencia: boolean, activo: boolean, orden: number) =>
    ddb.send(
      new PutCommand({
        TableName: tableName(),
        Item: itemFor.metodoPago({ id: codigo, codigo, nombre, requiere_referencia, activo, orden }),
      }),
    );
  await put(METODOS_PRUEBA.conReferencia, 'SINPE Móvil (prueba)', true, true, 90);
  await put(METODOS_PRUEBA.sinReferencia, 'Transferencia (prueba)', false, true, 91);
  await put(METODOS_PRUEBA.inactivo, 'Efectivo (prueba)', false, false, 92);
}
