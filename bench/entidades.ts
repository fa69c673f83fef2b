/**
 * Bench part `entidades` (BENCH_ONLY=entidades): one entity, the product, written with today's
 * key builders + item mapper + DocumentClient and with ElectroDB 3 over the same table layout
 * (bench/entidades-repos.ts). Measured side by side:
 * - latency of create (product + unique-code guard in one TransactWrite), consistent get, one gsi1
 *   page of 20 and a versioned rename, on one in-memory DynamoDB Local, each implementation on its
 *   own table of the same definition, the two interleaved (alternating which goes first);
 * - the library's own cost per operation: building the request without sending it;
 * - the minified bundle of a handler-like entry using the four operations (esbuild, @aws-sdk/*
 *   external as on Lambda, ESM, platform node).
 * BENCH_ENTIDADES_N sets the measured iterations (default 300, after 30 not measured).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { gzipSync } from 'node:zlib';
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { build, version as esbuildVersion } from 'esbuild';
import { ulid } from 'ulid';
import { itemFor } from '../functions/src/commons/items';
import { keys, normalizeTerm } from '../functions/src/commons/keys';
import { createTableInput } from '../infra/local/bootstrap';
import { startInMemoryDynamo } from '../infra/local/dynamo-memory';
import { entidadesElectro, repoElectro } from './entidades-electro';
import { consultaProductos, repoPropio, type Producto, type RepoProductos } from './entidades-repos';
import { fmt, kb, latencias, ms, type Log } from './stats';

const HERE = import.meta.dirname;
const N = Number(process.env.BENCH_ENTIDADES_N ?? 300);
const WARMUP = 30;
const OPS = ['crear', 'obtener', 'listar', 'renombrar'] as const;
type Op = (typeof OPS)[number];
type Impl = 'propio' | 'electro';

function productoDe(i: number, now: Date): Producto {
  return {
    id: ulid(now.getTime()),
    codigo: `B-${i}-${now.getTime().toString(36)}`,
    nombre: `Crédito de prueba ${i}`,
    descripcion: i % 2 ? 'Para capital de trabajo' : null,
    monto_minimo_centimos: 10_000_00,
    monto_maximo_centimos: 5_000_000_00,
    plazo_minimo_meses: 3,
    plazo_maximo_meses: 36,
    tasa_interes_anual: '24.00',
    metodo_amortizacion: 'cuota_nivelada',
    tasa_moratoria_anual: '30.00',
    dias_tolerancia: 3,
    es_microcredito: false,
    activo: i % 3 !== 0,
    created_at: now.toISOString(),
    updated_at: null,
    version: 1,
  };
}

async function latencia(repos: Record<Impl, RepoProductos>, log: Log) {
  const t: Record<Impl, Record<Op, number[]>> = {
    propio: { crear: [], obtener: [], listar: [], renombrar: [] },
    electro: { crear: [], obtener: [], listar: [], renombrar: [] },
  };
  const creados: Record<Impl, Producto[]> = { propio: [], electro: [] };
  const medir = async <T>(impl: Impl, op: Op, i: number, f: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const r = await f();
    if (i >= WARMUP) t[impl][op].push(performance.now() - t0);
    return r;
  };
  const cursores: Record<Impl, string | null> = { propio: null, electro: null };
  for (let i = 0; i < WARMUP + N; i++) {
    // same product data for both; the order alternates so neither always runs on a warmer JVM
    const p = productoDe(i, new Date(Date.UTC(2026, 0, 1) + i * 60_000));
    const orden: Impl[] = i % 2 ? ['electro', 'propio'] : ['propio', 'electro'];
    for (const impl of orden) {
      const repo = repos[impl];
      await medir(impl, 'crear', i, () => repo.crear(p));
      creados[impl].push(p);
      const elegido = creados[impl][(i * 7919) % creados[impl].length]!;
      const leido = await medir(impl, 'obtener', i, () => repo.obtener(elegido.id));
      if (!leido) throw new Error(`${impl}: ${elegido.id} no se leyó`);
      // walk the list page by page, starting over at the end: every page is a full page of 20 once seeded
      const pagina = await medir(impl, 'listar', i, () => repo.listar(cursores[impl]));
      cursores[impl] = pagina.items.length === 20 ? pagina.cursor : null;
      await medir(impl, 'renombrar', i, () => repo.renombrar(leido, `${leido.nombre} v${leido.version + 1}`, p.created_at));
    }
    if (i % 100 === 99) log(`  entidades: ${i + 1}/${WARMUP + N}`);
  }
  // both wrote the same thing: each product reads back identical through either implementation
  for (const k of [0, Math.floor(N / 2), N - 1]) {
    const [a, b] = [await repos.propio.obtener(creados.propio[k]!.id), await repos.electro.obtener(creados.electro[k]!.id)];
    if (!isDeepStrictEqual(a, b))
      throw new Error(`entidades: las dos implementaciones difieren:\n${JSON.stringify(a)}\n${JSON.stringify(b)}`);
  }
  return t;
}

/** The library's own work per operation: the request built, not sent (µs, median of many). */
function costoLocal(table: string) {
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' }));
  const { producto, service } = entidadesElectro(ddb, table);
  const p = productoDe(1, new Date(Date.UTC(2026, 0, 1)));
  const { descripcion: _d, updated_at: _u, ...resto } = p;
  const propio: Record<Op, () => unknown> = {
    crear: () =>
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table, Item: itemFor.producto({ ...p }), ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: table, Item: itemFor.productoCodigo(p), ConditionExpression: 'attribute_not_exists(pk)' } },
        ],
      }),
    obtener: () => new GetCommand({ TableName: table, Key: keys.producto(p.id), ConsistentRead: true }),
    listar: () => consultaProductos(table),
    renombrar: () =>
      new UpdateCommand({
        TableName: table,
        Key: keys.producto(p.id),
        UpdateExpression: 'SET nombre = :n, updated_at = :u, version = :v1, gsi2sk = :g',
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':n': 'Otro', ':u': 'u', ':v': 1, ':v1': 2, ':g': `${normalizeTerm('Otro')}#${p.id}` },
        ReturnValues: 'ALL_NEW',
      }),
  };
  const electro: Record<Op, () => unknown> = {
    crear: () =>
      service.transaction
        .write(({ producto: prod, productoCodigo: codigo }) => [
          prod.create(resto).commit(),
          codigo.create({ codigo: p.codigo, producto_id: p.id }).commit(),
        ])
        .params(),
    obtener: () => producto.get({ id: p.id }).params({ consistent: true }),
    listar: () => producto.query.todos({}).params({ limit: 20, order: 'desc' }),
    renombrar: () =>
      producto
        .patch({ id: p.id })
        .set({ nombre: 'Otro', activo: true, updated_at: 'u', version: 2 })
        .where((attr, { eq }) => eq(attr.version, 1))
        .params({ response: 'all_new' }),
  };
  const us = (f: () => unknown) => {
    const reps = 2_000;
    const rondas: number[] = [];
    for (let r = 0; r < 7; r++) {
      const t0 = performance.now();
      for (let i = 0; i < reps; i++) f();
      rondas.push(((performance.now() - t0) * 1000) / reps);
    }
    return rondas.sort((a, b) => a - b)[3]!;
  };
  return Object.fromEntries(OPS.map((op) => [op, { propio: us(propio[op]), electro: us(electro[op]) }])) as Record<
    Op,
    Record<Impl, number>
  >;
}

/** A handler-like entry per implementation (and a bare DocumentClient one), bundled as a Lambda would be. */
async function bundles() {
  const entrada = (cuerpo: string) => `
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
${cuerpo}
const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({}), { marshallOptions: { removeUndefinedValues: true } });
export const handler = async (event) => {
  const repo = crearRepo(ddb, process.env.TABLE_NAME);
  if (event.op === 'crear') return repo.crear(event.producto);
  if (event.op === 'obtener') return repo.obtener(event.id);
  if (event.op === 'listar') return repo.listar(event.cursor);
  return repo.renombrar(event.actual, event.nombre, new Date().toISOString());
};`;
  const entradas = {
    base: entrada(
      'const crearRepo = (ddb, table) => ({ crear: (p) => ddb.send({ input: { table, p } }), obtener: () => null, listar: () => null, renombrar: () => null });',
    ),
    propio: entrada(`import { repoPropio as crearRepo } from './entidades-repos';`),
    electro: entrada(`import { repoElectro as crearRepo } from './entidades-electro';`),
  };
  const out: Record<string, { bytes: number; gzip: number }> = {};
  for (const [nombre, contents] of Object.entries(entradas)) {
    const r = await build({
      stdin: { contents, resolveDir: HERE, sourcefile: `handler-${nombre}.ts`, loader: 'ts' },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'node',
      target: 'node24',
      external: ['@aws-sdk/*'],
      write: false,
      logLevel: 'silent',
    });
    const code = r.outputFiles[0]!.contents;
    out[nombre] = { bytes: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
  }
  return out;
}

export async function entidades(log: Log): Promise<string[]> {
  const propioTable = 'cuota-entidades-propio';
  const electroTable = 'cuota-entidades-electro';
  const { child, endpoint } = await startInMemoryDynamo(propioTable);
  try {
    const raw = new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'bench', secretAccessKey: 'bench' },
    });
    await raw.send(new CreateTableCommand(createTableInput(electroTable)));
    const ddb = DynamoDBDocumentClient.from(raw, { marshallOptions: { removeUndefinedValues: true } });
    log(`  entidades: ${N} iteraciones (más ${WARMUP} de calentamiento), las dos implementaciones intercaladas`);
    const t = await latencia({ propio: repoPropio(ddb, propioTable), electro: repoElectro(ddb, electroTable) }, log);
    const local = costoLocal(propioTable);
    const b = await bundles();
    const electroVersion = (
      JSON.parse(readFileSync(join(HERE, '..', 'node_modules/electrodb/package.json'), 'utf8')) as { version: string }
    ).version;
    const fila = (op: Op, etiqueta: string) => {
      const [p, e] = [latencias(t.propio[op]), latencias(t.electro[op])];
      return `| ${etiqueta} | ${ms(p.p50)} / ${ms(p.p95)} | ${ms(e.p50)} / ${ms(e.p95)} | ${fmt(e.p50 / p.p50, 2)}× | ${fmt(local[op].propio, 1)} | ${fmt(local[op].electro, 1)} |`;
    };
    const delta = (x: number) => kb(x - b.base!.bytes);
    return [
      '## 11. Entity layer: ElectroDB against our key builders, on the product',
      '',
      `One entity (producto) written twice over the same table definition (shared/src/table.ts): today's way (commons/keys.ts`,
      `key builders, the \`itemFor.producto\` mapper, DocumentClient commands) and ElectroDB ${electroVersion} entities whose key`,
      'templates produce the same pk/sk/gsi1/gsi2 values (bench/entidades-repos.ts, bench/entidades-electro.ts). One in-memory DynamoDB Local, one table per',
      `implementation, ${N} measured iterations after ${WARMUP} of warm-up, the two interleaved and alternating which runs first. Each`,
      'iteration: create (product + unique-code guard in one TransactWrite), a consistent get, the next gsi1 page of 20',
      '(newest first) and a rename under a version condition (the sparse gsi2 key follows the name). After the run the same',
      'products read back identical through both. "Build" is the library\'s own CPU per operation: the request built, not sent',
      '(median of 7 rounds of 2 000).',
      '',
      '| Operation | Key builders p50 / p95 (ms) | ElectroDB p50 / p95 (ms) | ElectroDB ÷ ours (p50) | Build, ours (µs) | Build, ElectroDB (µs) |',
      '|---|---|---|---|---|---|',
      fila('crear', 'create + code guard (TransactWrite)'),
      fila('obtener', 'get (consistent)'),
      fila('listar', 'list page of 20 (gsi1)'),
      fila('renombrar', 'rename (versioned UpdateItem)'),
      '',
      `A handler-like entry calling the four operations, bundled with esbuild ${esbuildVersion} (minify, ESM, platform node, target`,
      'node24, `@aws-sdk/*` external as on Lambda). "Base" is the same entry with no entity code: the difference is what each',
      'approach adds to a Lambda.',
      '',
      '| Entry | Minified (kB) | gzip -9 (kB) | Added over base (kB) |',
      '|---|---|---|---|',
      `| base (DocumentClient only) | ${kb(b.base!.bytes)} | ${kb(b.base!.gzip)} | — |`,
      `| key builders + itemFor | ${kb(b.propio!.bytes)} | ${kb(b.propio!.gzip)} | ${delta(b.propio!.bytes)} |`,
      `| ElectroDB | ${kb(b.electro!.bytes)} | ${kb(b.electro!.gzip)} | ${delta(b.electro!.bytes)} |`,
      '',
      'Decision and what it weighs: docs/entity-layer.md.',
    ];
  } finally {
    child.kill('SIGKILL');
  }
}
