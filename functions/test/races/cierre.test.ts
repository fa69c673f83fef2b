import { AsyncLocalStorage } from 'node:async_hooks';
import { CreateTableCommand } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { sumarDias, type CierreFecha } from '@cuota/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTableInput } from '../../../infra/local/bootstrap';
import { ddb } from '../../src/commons/db';
import { keys } from '../../src/commons/keys';
import { cerrarCreditoEnFecha, cerrarFecha } from '../../src/features/cierre/store';
import { clienteConUsuario, creditoEnCartera } from '../pagos-fixtures';

/*
 * Race: two daily closes of the same business date at once. The close reads every credit due up
 * to its date in the whole table, so this file works in two tables of its own: the portfolio
 * (where the closes race) and an exact copy of it (where the same date is closed once). After
 * each race both tables must hold the same credits, cuotas, notifications and guards: mora
 * accrued once per credit, to the céntimo.
 */

const SUFIJO = `${process.pid}-${Date.now().toString(36)}`;
const CARRERA = `cuota-carrera-cierre-${SUFIJO}`;
const COPIA = `cuota-copia-cierre-${SUFIJO}`;
const F = '2015-06-15';
const N = 60;

const usar = (tabla: string) => {
  process.env.TABLE_NAME = tabla;
};

async function todo(tabla: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new ScanCommand({ TableName: tabla, ConsistentRead: true, ExclusiveStartKey: start }));
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

async function copiar(de: string, a: string): Promise<void> {
  const items = await todo(de);
  for (let i = 0; i < items.length; i += 25) {
    let pendientes: unknown = { [a]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (pendientes && Object.keys(pendientes).length > 0) {
      const out = await ddb.send(new BatchWriteCommand({ RequestItems: pendientes as never }));
      pendientes = out.UnprocessedItems;
    }
  }
}

/**
 * The table's state as the close leaves it, without what depends on the clock or on random ids:
 * credits and cuotas whole (but updated_at), notifications by user and text, guard items by key.
 * The date markers differ by design (each run records its own counts) and are checked apart.
 */
async function estado(tabla: string): Promise<string[]> {
  const filas = (await todo(tabla)).flatMap((item) => {
    const { updated_at: _u, ...resto } = item;
    switch (item.tipo) {
      case 'cierre':
        return [];
      case 'notificacion':
        return [
          {
            pk: item.pk,
            tipo: item.tipo,
            titulo: item.titulo,
            mensaje: item.mensaje,
            tipo_notificacion: item.tipo_notificacion,
            leida: item.leida,
          },
        ];
      case 'aviso':
        return [{ pk: item.pk, sk: item.sk, fecha: item.fecha }];
      default:
        return [resto];
    }
  });
  return filas.map((f) => JSON.stringify(f, Object.keys(f).sort())).sort();
}

async function marcador(tabla: string, fecha: string) {
  return (await ddb.send(new GetCommand({ TableName: tabla, Key: keys.cierre(fecha), ConsistentRead: true }))).Item;
}

const suma = (rs: CierreFecha[], campo: 'creditos_actualizados' | 'mora_devengada_centimos' | 'avisos_vencimiento') =>
  rs.reduce((s, r) => s + r[campo], 0);

beforeAll(async () => {
  for (const tabla of [CARRERA, COPIA]) {
    const input = createTableInput(tabla);
    await ddb.send(new CreateTableCommand({ ...input, StreamSpecification: undefined }));
  }
  usar(CARRERA);
  // 60 credits disbursed 20 to 551 days before F: not yet due, due on F, days or many cuotas late;
  // three terms, tolerances and moratory rates; half of them already closed 4 days before F
  const pool = Array.from({ length: N }, (_, k) => k);
  await Promise.all(
    Array.from({ length: 6 }, async () => {
      for (let k = pool.shift(); k !== undefined; k = pool.shift()) {
        const { cliente } = await clienteConUsuario();
        const credito = await creditoEnCartera({
          cliente,
          desembolso: sumarDias(F, -(20 + 9 * k)),
          principal: 300_000_00 + k * 37_123_45,
          plazo: [6, 12, 24][k % 3],
          diasTolerancia: [0, 3, 10][k % 3],
          tasaMoratoria: k % 4 < 2 ? '31.20' : '28.00',
        });
        if (k % 2 === 0) await cerrarCreditoEnFecha(credito.id, sumarDias(F, -4));
      }
    }),
  );
  await copiar(CARRERA, COPIA);
  expect(await estado(COPIA)).toEqual(await estado(CARRERA));
}, 120_000);

const FRENO = 'carrera-freno';
const lenta = new AsyncLocalStorage<boolean>();

afterEach(() => {
  ddb.middlewareStack.remove(FRENO);
  delete process.env.CIERRE_LEASE_MS;
  usar(CARRERA);
});

describe('carrera: dos cierres diarios de la misma fecha a la vez', () => {
  it('con el bloqueo vencido a mitad de camino (las dos ejecuciones trabajan): cada crédito devenga una sola vez, igual que un solo cierre de la copia', async () => {
    usar(COPIA);
    const unico = await cerrarFecha(F);
    expect(unico).toMatchObject({ estado: 'cerrado' });
    expect(unico.creditos_actualizados).toBeGreaterThan(40);
    expect(unico.mora_devengada_centimos).toBeGreaterThan(0);
    expect(unico.avisos_vencimiento).toBeGreaterThan(0);

    usar(CARRERA);
    // A lease of 1 ms: the second run takes the date over while the first is closing credits.
    // The first run's writes wait until the second has taken the date, then trickle in (0–30 ms
    // each): both runs load and write the same credits at the same time.
    process.env.CIERRE_LEASE_MS = '1';
    let primeraTomo!: () => void;
    let segundaTomo!: () => void;
    const tomoPrimera = new Promise<void>((r) => (primeraTomo = r));
    const tomoSegunda = new Promise<void>((r) => (segundaTomo = r));
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        const esPrimera = lenta.getStore() === true;
        if (esPrimera && context.commandName === 'TransactWriteItemsCommand') {
          await tomoSegunda;
          await new Promise((r) => setTimeout(r, Math.random() * 30));
        }
        try {
          return await next(args);
        } finally {
          // the only PutItem of a close is the date's marker
          if (context.commandName === 'PutItemCommand') (esPrimera ? primeraTomo : segundaTomo)();
        }
      },
      { step: 'initialize', name: FRENO },
    );
    const primera = lenta.run(true, () => cerrarFecha(F));
    await tomoPrimera;
    const segunda = cerrarFecha(F);
    const rs = await Promise.all([primera, segunda]);
    ddb.middlewareStack.remove(FRENO);

    expect(rs.map((r) => r.estado).sort()).toEqual(['cerrado', 'en_curso']);
    // both runs closed credits; between them each credit was closed exactly once
    expect(rs.every((r) => r.creditos_actualizados > 0)).toBe(true);
    expect(suma(rs, 'creditos_actualizados')).toBe(unico.creditos_actualizados);
    expect(suma(rs, 'mora_devengada_centimos')).toBe(unico.mora_devengada_centimos);
    expect(suma(rs, 'avisos_vencimiento')).toBe(unico.avisos_vencimiento);
    expect(await estado(CARRERA)).toEqual(await estado(COPIA));
    expect(await marcador(CARRERA, F)).toMatchObject({ estado: 'completado' });
  }, 60_000);

  it('con el bloqueo normal: una ejecución cierra, la otra responde en_curso; el resultado es el de un solo cierre de la copia', async () => {
    const G = sumarDias(F, 1);
    usar(COPIA);
    const unico = await cerrarFecha(G);
    expect(unico.estado).toBe('cerrado');
    expect(unico.mora_devengada_centimos).toBeGreaterThan(0);

    usar(CARRERA);
    const rs = await Promise.all([cerrarFecha(G), cerrarFecha(G)]);
    expect(rs.map((r) => r.estado).sort()).toEqual(['cerrado', 'en_curso']);
    const cerrado = rs.find((r) => r.estado === 'cerrado')!;
    expect(cerrado).toMatchObject({
      creditos_actualizados: unico.creditos_actualizados,
      mora_devengada_centimos: unico.mora_devengada_centimos,
      avisos_vencimiento: unico.avisos_vencimiento,
    });
    expect(await estado(CARRERA)).toEqual(await estado(COPIA));
    // and closing the date again afterwards adds nothing
    expect((await cerrarFecha(G)).estado).toBe('ya_cerrado');
    expect(await estado(CARRERA)).toEqual(await estado(COPIA));
  }, 60_000);
});
