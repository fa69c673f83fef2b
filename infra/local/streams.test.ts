import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteItemCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { _Record } from '@aws-sdk/client-dynamodb-streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAM_CONSUMERS, type StreamConsumerDef } from '@cuota/functions/manifest';
import { startInMemoryDynamo } from './dynamo-memory';
import { asLambdaRecord, matchesFilter, PAGINA_MAXIMA, StreamPoller } from './streams';

describe('asLambdaRecord', () => {
  it('devuelve los mapas vacíos como { M: {} }, también anidados, como los entrega el origen de eventos', () => {
    const record = asLambdaRecord({
      eventName: 'INSERT',
      dynamodb: {
        Keys: { pk: { S: 'A' } },
        NewImage: {
          pk: { S: 'A' },
          vacio: {} as never,
          lista: { L: [{} as never, { S: 'x' }] },
          mapa: { M: { dentro: {} as never } },
        },
      },
    });
    expect(record.dynamodb?.NewImage).toEqual({
      pk: { S: 'A' },
      vacio: { M: {} },
      lista: { L: [{ M: {} }, { S: 'x' }] },
      mapa: { M: { dentro: { M: {} } } },
    });
  });
});

describe('matchesFilter (filtros de los consumidores, como el origen de eventos en AWS)', () => {
  const filtro = (id: string) => STREAM_CONSUMERS.find((c) => c.id === id)!.filtro!;
  const campana = (o: Record<string, unknown>) => ({
    eventName: 'MODIFY',
    dynamodb: { NewImage: { tipo: { S: 'campana' }, estado: { S: 'enviando' }, ...o } },
  });

  it('el remitente recibe solo campañas en enviando con un despacho', () => {
    expect(matchesFilter(filtro('despachar-campanas'), campana({ despacho: { S: 'D1' } }))).toBe(true);
    expect(matchesFilter(filtro('despachar-campanas'), campana({}))).toBe(false);
    expect(matchesFilter(filtro('despachar-campanas'), campana({ despacho: { S: 'D1' }, estado: { S: 'completado' } }))).toBe(
      false,
    );
    expect(matchesFilter(filtro('despachar-campanas'), { ...campana({ despacho: { S: 'D1' } }), eventName: 'REMOVE' })).toBe(
      false,
    );
  });

  it('los segmentos reciben solo los agregados por cliente (prefijo de la clave)', () => {
    expect(matchesFilter(filtro('segmentos'), { dynamodb: { Keys: { pk: { S: 'AGG#SEGCLI#C1' }, sk: { S: 'RESUMEN' } } } })).toBe(
      true,
    );
    expect(matchesFilter(filtro('segmentos'), { dynamodb: { Keys: { pk: { S: 'AGG#CARTERA' }, sk: { S: 'RESUMEN' } } } })).toBe(
      false,
    );
  });
});

// ---------------------------------------------------------------- the poller against DynamoDB Local

describe('StreamPoller: un atraso de miles de registros', () => {
  const TABLA = 'cuota-streams';
  let dynamo: ChildProcess;
  let endpoint: string;
  let streamArn: string;
  let client: DynamoDBClient;
  let dir: string;
  let lote = 0;

  beforeAll(async () => {
    ({ child: dynamo, endpoint } = await startInMemoryDynamo(TABLA));
    client = new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    streamArn = (await client.send(new DescribeTableCommand({ TableName: TABLA }))).Table!.LatestStreamArn!;
    dir = mkdtempSync(join(tmpdir(), 'cuota-streams-'));
  }, 60_000);
  afterAll(() => {
    dynamo?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  /**
   * `n` changes over `claves` (≥ 100) items, each item written again and again as a catch-up close
   * does, 4 BatchWrites of 25 in flight: 100 consecutive changes touch 100 different items, so each
   * item's changes reach the table (and the stream) in the order of `v`.
   */
  async function escribir(n: number, claves: number): Promise<void> {
    const prefijo = `L${++lote}`;
    const cambios = Array.from({ length: n }, (_, i) => ({ pk: `${prefijo}#${i % claves}`, v: i }));
    for (let i = 0; i < n; i += 100) {
      await Promise.all(
        [0, 25, 50, 75].map((d) => {
          const parte = cambios.slice(i + d, Math.min(n, i + d + 25));
          if (parte.length === 0) return Promise.resolve();
          return client.send(
            new BatchWriteItemCommand({
              RequestItems: {
                [TABLA]: parte.map((c) => ({ PutRequest: { Item: { pk: { S: c.pk }, sk: { S: 'X' }, v: { N: String(c.v) } } } })),
              },
            }),
          );
        }),
      );
    }
  }

  /** Consumers that record what they get; one takes batches of 1000, another sees only part of the stream. */
  function consumidores() {
    const recibidos = new Map<string, _Record[][]>();
    const consumers: StreamConsumerDef[] = [
      { id: 'todo', handler: 'x', table: 'none', websocket: false, batchSize: PAGINA_MAXIMA },
      {
        id: 'pares',
        handler: 'x',
        table: 'none',
        websocket: false,
        filtro: { dynamodb: { Keys: { pk: { S: [{ prefix: `L${lote + 1}#2` }] } } } },
      },
    ];
    const invoke = async (consumer: StreamConsumerDef, records: _Record[]) => {
      recibidos.set(consumer.id, [...(recibidos.get(consumer.id) ?? []), records]);
      await new Promise((r) => setTimeout(r, 5));
    };
    return { consumers, invoke, recibidos };
  }

  /** Each item's changes arrive to a consumer in the order they were written (v grows), once each. */
  function enOrden(lotes: _Record[][]): { total: number; ordenado: boolean } {
    const ultimo = new Map<string, number>();
    let total = 0;
    let ordenado = true;
    for (const r of lotes.flat()) {
      total++;
      const pk = r.dynamodb!.Keys!.pk!.S!;
      const v = Number(r.dynamodb!.NewImage!.v!.N);
      if ((ultimo.get(pk) ?? -1) >= v) ordenado = false;
      ultimo.set(pk, v);
    }
    return { total, ordenado };
  }

  it('entrega 6 000 registros en unas 6 lecturas de 1 000, en orden por ítem y una sola vez', async () => {
    const N = 6_000;
    const { consumers, invoke, recibidos } = consumidores();
    await escribir(N, 300);
    const poller = new StreamPoller(endpoint, streamArn, { consumers, invoke, checkpointFile: join(dir, 'a.json') });
    expect(await poller.catchUp()).toBe(N);
    // one GetRecords per 1000 records, plus the empty reads that find the tip (one per pass)
    expect(poller.stats.getRecords).toBeLessThanOrEqual(Math.ceil(N / PAGINA_MAXIMA) + 3);
    expect(poller.stats.pages).toBeLessThanOrEqual(Math.ceil(N / PAGINA_MAXIMA) + 1);
    expect(enOrden(recibidos.get('todo')!)).toEqual({ total: N, ordenado: true });
    expect(recibidos.get('todo')!.every((l) => l.length <= PAGINA_MAXIMA)).toBe(true);
    const pares = enOrden(recibidos.get('pares')!);
    expect(pares.ordenado).toBe(true);
    // items 2, 20–29 and 200–299 of the 300, each changed N / 300 times
    expect(pares.total).toBe(111 * (N / 300));
    // a new poller on the same checkpoint has nothing left to deliver
    const otra = new StreamPoller(endpoint, streamArn, { consumers, invoke, checkpointFile: join(dir, 'a.json') });
    expect(await otra.catchUp()).toBe(0);
  }, 120_000);

  it('en marcha, vacía un atraso sin esperar el intervalo entre páginas', async () => {
    const N = 4_000;
    const { consumers, invoke, recibidos } = consumidores();
    // an idle wait of a minute: with a wait between pages the 4 pages would take minutes
    const poller = new StreamPoller(endpoint, streamArn, {
      consumers,
      invoke,
      checkpointFile: join(dir, 'b.json'),
      intervalMs: 60_000,
    });
    await poller.catchUp(); // what earlier tests wrote
    const antes = poller.stats.getRecords;
    await escribir(N, 200);
    const t0 = Date.now();
    recibidos.clear();
    poller.start();
    try {
      while (enOrden(recibidos.get('todo') ?? []).total < N && Date.now() - t0 < 50_000)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      poller.stop();
    }
    expect(enOrden(recibidos.get('todo') ?? [])).toEqual({ total: N, ordenado: true });
    expect(poller.stats.getRecords - antes).toBeLessThanOrEqual(Math.ceil(N / PAGINA_MAXIMA) + 2);
  }, 120_000);
});
