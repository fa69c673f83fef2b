import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { LectorStream, tablaPropia } from '../../../test/stream';
import { ddb, tableName } from '#commons/db';
import { itemFor } from '#commons/items';
import { aggKeys } from '#commons/keys';
import { cambioDe, handler as consumidor } from './agregados-stream';

let lector: LectorStream;
beforeAll(async () => {
  lector = new LectorStream((await tablaPropia('cuota-agregados')).streamArn);
});

const entregar = (registros: _Record[]) => consumidor({ Records: registros } as never);

async function leer(key: { pk: string; sk: string }): Promise<Record<string, unknown>> {
  return (await ddb.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item ?? {};
}

const CAMPOS = [
  'creditos_vigente',
  'creditos_vencido',
  'creditos_al_dia',
  'creditos_cancelado',
  'capital_vigente_centimos',
  'capital_vencido_centimos',
  'capital_al_dia_centimos',
  'mora_centimos',
  'creditos_con_mora',
  'aging_31_60_creditos',
  'aging_31_60_capital_centimos',
] as const;
async function cartera(): Promise<Record<string, number>> {
  const item = await leer(aggKeys.cartera());
  return Object.fromEntries(CAMPOS.map((c) => [c, Number(item[c] ?? 0)]));
}
const menos = (a: Record<string, number>, b: Record<string, number>) =>
  Object.fromEntries(Object.keys(a).map((k) => [k, a[k]! - b[k]!]));

let secuencia = 0;
function credito(id: string, over: Record<string, unknown>) {
  return itemFor.credito({
    id,
    created_at: '2026-01-05T15:00:00.000Z',
    cliente_id: 'CLI-1',
    numero_credito: `CR-2026-${++secuencia}`,
    estado: 'vigente',
    monto_principal_centimos: 1_000_000_00,
    saldo_capital_centimos: 1_000_000_00,
    saldo_mora_centimos: 0,
    fecha_desembolso: '2026-01-05',
    proximo_vencimiento: '2099-02-05',
    version: 1,
    ...over,
  });
}
const put = (item: Record<string, unknown>) => ddb.send(new PutCommand({ TableName: tableName(), Item: item }));

/** vigente → vencido (with mora, 40 days late) → al_dia → vencido again: four changes of one credit. */
async function historiaDeUnCredito(id: string) {
  await put(credito(id, {}));
  await put(credito(id, { estado: 'vencido', saldo_mora_centimos: 5_000_00, dias_mora_max: 40, version: 2 }));
  await put(credito(id, { estado: 'al_dia', saldo_capital_centimos: 900_000_00, dias_mora_max: 0, version: 3 }));
  await put(
    credito(id, {
      estado: 'vencido',
      saldo_capital_centimos: 900_000_00,
      saldo_mora_centimos: 7_000_00,
      dias_mora_max: 45,
      version: 4,
    }),
  );
  return (await lector.nuevos()).filter((r) => r.dynamodb?.Keys?.pk?.S === `CREDITO#${id}`);
}

const FINAL = {
  creditos_vigente: 0,
  creditos_vencido: 1,
  creditos_al_dia: 0,
  creditos_cancelado: 0,
  capital_vigente_centimos: 0,
  capital_vencido_centimos: 900_000_00,
  capital_al_dia_centimos: 0,
  mora_centimos: 7_000_00,
  creditos_con_mora: 1,
  aging_31_60_creditos: 1,
  aging_31_60_capital_centimos: 900_000_00,
};

describe('consumidor de agregados: idempotente ante reentregas y desorden', () => {
  it('en orden, cada cambio mueve solo su diferencia y el agregado queda con el último estado', async () => {
    const registros = await historiaDeUnCredito('ORDEN');
    expect(registros).toHaveLength(4);
    const antes = await cartera();
    await entregar(registros);
    expect(menos(await cartera(), antes)).toEqual(FINAL);
    const aggc = await leer(aggKeys.contribucion('credito', 'ORDEN'));
    expect(aggc.secuencia).toBe(registros.at(-1)!.dynamodb!.SequenceNumber);
  });

  it('un lote entregado al revés y con repetidos termina igual que en orden', async () => {
    const registros = await historiaDeUnCredito('DESORDEN');
    const antes = await cartera();
    await entregar([...registros].reverse());
    await entregar([registros[1]!, registros[3]!, registros[0]!, registros[2]!, registros[1]!]);
    expect(menos(await cartera(), antes)).toEqual(FINAL);
  });

  it('registros entregados uno por invocación y al revés: los más viejos que llegan después no cuentan', async () => {
    const registros = await historiaDeUnCredito('UNOAUNO');
    const antes = await cartera();
    for (const r of [...registros].reverse()) await entregar([r]);
    expect(menos(await cartera(), antes)).toEqual(FINAL);
  });

  it('el mismo lote reentregado (reintento de Lambda) no aplica nada dos veces', async () => {
    const registros = await historiaDeUnCredito('REINTENTO');
    const antes = await cartera();
    await entregar(registros.slice(0, 2));
    await entregar(registros);
    await entregar(registros);
    expect(menos(await cartera(), antes)).toEqual(FINAL);
  });

  it('dos invocaciones simultáneas con el mismo lote aplican cada cambio una vez', async () => {
    const registros = await historiaDeUnCredito('CONCURRENTE');
    const antes = await cartera();
    await Promise.all([entregar(registros), entregar([...registros].reverse()), entregar(registros)]);
    expect(menos(await cartera(), antes)).toEqual(FINAL);
  });

  it('borrar la entidad retira su contribución, y un registro viejo que llega después no la devuelve', async () => {
    const registros = await historiaDeUnCredito('BORRADO');
    await ddb.send(new DeleteCommand({ TableName: tableName(), Key: { pk: 'CREDITO#BORRADO', sk: 'CREDITO' } }));
    const borrado = (await lector.nuevos()).filter((r) => r.dynamodb?.Keys?.pk?.S === 'CREDITO#BORRADO');
    expect(borrado.map((r) => r.eventName)).toEqual(['REMOVE']);
    const antes = await cartera();
    await entregar([...registros, ...borrado]);
    await entregar([registros[2]!]);
    expect(menos(await cartera(), antes)).toEqual(Object.fromEntries(CAMPOS.map((c) => [c, 0])));
  });

  it('ignora ítems que no alimentan agregados (cuotas, sus propios agregados) y los suyos se leen del stream sin error', async () => {
    await put({ pk: 'CREDITO#X', sk: 'CUOTA#001', tipo: 'cuota', id: 'q1', credito_id: 'X', numero_cuota: 1 });
    const registros = await lector.nuevos();
    expect(registros.some((r) => r.dynamodb?.NewImage?.tipo?.S === 'agregado-contribucion')).toBe(true);
    expect(registros.map(cambioDe).filter(Boolean)).toEqual([]);
    // other consumers (push-notificaciones) unmarshall every image: nothing written here may break that
    for (const r of registros) if (r.dynamodb?.NewImage) expect(() => unmarshall(r.dynamodb!.NewImage as never)).not.toThrow();
  });
});

describe('consumidor de agregados: lotes grandes y contribuciones recordadas', () => {
  /** DynamoDB calls by command while `fn` runs. */
  async function contarLlamadas(fn: () => Promise<void>): Promise<Record<string, number>> {
    const llamadas: Record<string, number> = {};
    const nombre = `contar-${Math.random()}`;
    ddb.middlewareStack.add(
      (next, context) => (args) => {
        const k = String((context as { commandName?: string }).commandName);
        llamadas[k] = (llamadas[k] ?? 0) + 1;
        return next(args);
      },
      { step: 'initialize', name: nombre },
    );
    try {
      await fn();
    } finally {
      ddb.middlewareStack.remove(nombre);
    }
    return llamadas;
  }

  it('un segundo lote con las mismas entidades (un cierre de recuperación, fecha tras fecha) no vuelve a leer sus contribuciones', async () => {
    const ids = Array.from({ length: 120 }, (_, i) => `LOTE${i}`);
    for (const id of ids) await put(credito(id, {}));
    const primero = (await lector.nuevos()).filter((r) => r.dynamodb?.Keys?.pk?.S?.startsWith('CREDITO#LOTE'));
    for (const id of ids) await put(credito(id, { estado: 'vencido', saldo_mora_centimos: 1_00, dias_mora_max: 35, version: 2 }));
    const segundo = (await lector.nuevos()).filter((r) => r.dynamodb?.Keys?.pk?.S?.startsWith('CREDITO#LOTE'));
    const antes = await cartera();
    const uno = await contarLlamadas(() => entregar(primero));
    const dos = await contarLlamadas(() => entregar(segundo));
    expect(uno.BatchGetItemCommand).toBe(2); // 120 keys: two parallel requests of 100
    expect(dos.BatchGetItemCommand ?? 0).toBe(0);
    expect(dos.TransactWriteItemsCommand).toBeLessThanOrEqual(2);
    expect(menos(await cartera(), antes)).toMatchObject({ creditos_vencido: 120, creditos_vigente: 0, mora_centimos: 120_00 });
    // redelivered in full: nothing applied twice, still without reads
    const tres = await contarLlamadas(() => entregar([...primero, ...segundo]));
    expect(tres).toEqual({});
    expect(menos(await cartera(), antes)).toMatchObject({ creditos_vencido: 120, creditos_vigente: 0, mora_centimos: 120_00 });
  });

  it('otro contenedor movió la entidad después de que este la recordó: nada se aplica dos veces ni se pierde', async () => {
    const registros = await historiaDeUnCredito('DOSCONTENEDORES');
    const antes = await cartera();
    await entregar([registros[0]!]); // this container remembers sequence 1
    vi.resetModules();
    const otro = (await import('./agregados-stream')).handler; // a second container, nothing remembered
    await otro({ Records: [registros[1]!, registros[2]!] } as never);
    await entregar([registros[2]!, registros[3]!]); // a stale memory: the put fails its condition and is redone
    await entregar([registros[1]!]);
    await otro({ Records: registros } as never);
    expect(menos(await cartera(), antes)).toEqual(FINAL);
  });
});

describe('lectura de registros del stream', () => {
  it('entiende el evento de Lambda (fecha en segundos) y el del SDK (Date)', () => {
    const NewImage = marshall({
      pk: 'PAGO#P1',
      sk: 'PAGO',
      tipo: 'pago',
      id: 'P1',
      estado: 'registrado',
      monto_centimos: 100,
    }) as never;
    const lambda = cambioDe({
      eventName: 'INSERT',
      dynamodb: { NewImage, SequenceNumber: '42', ApproximateCreationDateTime: 1_773_561_600 },
    });
    expect(lambda).toMatchObject({ entidad: 'pago', id: 'P1', secuencia: '42', instante: new Date(1_773_561_600_000) });
    const sdk = cambioDe({
      eventName: 'MODIFY',
      dynamodb: { NewImage, SequenceNumber: '43', ApproximateCreationDateTime: new Date('2026-03-15T12:00:00Z') },
    });
    expect(sdk?.instante.toISOString()).toBe('2026-03-15T12:00:00.000Z');
    const removed = cambioDe({ eventName: 'REMOVE', dynamodb: { OldImage: NewImage, SequenceNumber: '44' } });
    expect(removed).toMatchObject({ entidad: 'pago', id: 'P1', item: null });
  });
});
