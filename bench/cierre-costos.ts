/**
 * Where the daily close's time goes on DynamoDB Local: `npx tsx bench/cierre-costos.ts` (Linux; not
 * part of `npm run bench`). docs/lending-engine.md "What bounds the close on DynamoDB Local" quotes it.
 *
 * DynamoDB Local does its work on about one core (one SQLite database), so what bounds a close is the
 * CPU time DynamoDB Local spends per credit, read here from its process (/proc/<pid>/stat), and that
 * figure is steady on a loaded machine where wall times are not. On a table of N credits as the
 * bench's section 2 writes them (6 cuotas, the first one overdue and unpaid) it measures, per credit:
 * 1. raw BatchWriteItem of the credits and their cuotas (the bench's reference);
 * 2. real closes of several dates (the first ones warm up the JVM);
 * 3. a close whose TransactWrites are recorded instead of sent: the close's reads and computing alone;
 * 4. those recorded TransactWrites sent as they are: the close's writes alone;
 * 5. the same items (as those writes left them) written again with BatchWriteItem, unconditionally.
 * COSTOS_CREDITOS sets N (3 000).
 */
import '../infra/local/quiet';
import { readFileSync } from 'node:fs';
import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { sumarDias } from '@cuota/shared';
import { startInMemoryDynamo } from '../infra/local/dynamo-memory';
import { fmt } from './stats';

const TABLE = 'cuota-costos-cierre';
const N = Number(process.env.COSTOS_CREDITOS ?? 3_000);
const HOY = '2026-11-26';
type Clave = { pk: string; sk: string };
/** Requests in flight, as the close keeps them (8 batches). */
const EN_VUELO = 8;

async function enParalelo<T>(xs: readonly T[], fn: (x: T) => Promise<unknown>): Promise<void> {
  let k = 0;
  await Promise.all(
    Array.from({ length: EN_VUELO }, async () => {
      while (k < xs.length) await fn(xs[k++]!);
    }),
  );
}

async function main(): Promise<void> {
  const { child, endpoint } = await startInMemoryDynamo(TABLE);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
    TABLE_NAME: TABLE,
    LOG_LEVEL: 'SILENT',
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  // CPU milliseconds DynamoDB Local's process has used (utime + stime, in clock ticks of 10 ms)
  const cpuDynamo = () => {
    const campos = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(campos[11]) + Number(campos[12])) * 10;
  };
  const medir = async (nombre: string, por: number, fn: () => Promise<unknown>) => {
    const cpu0 = cpuDynamo();
    const nodo0 = process.cpuUsage();
    const t0 = performance.now();
    await fn();
    const nodo = process.cpuUsage(nodo0);
    const us = (ms: number) => fmt((ms * 1000) / por).padStart(6);
    const dynamo = cpuDynamo() - cpu0;
    process.stdout.write(
      `${nombre.padEnd(58)} µs por crédito: DynamoDB Local ${us(dynamo)}, Node ${us((nodo.user + nodo.system) / 1000)}, reloj ${us(performance.now() - t0)}\n`,
    );
    return (dynamo * 1000) / por;
  };
  try {
    const { carteraEnMora } = await import('./suite');
    const { batchPut } = await import('../infra/local/seed/demo-data');
    const { batchGetAll, ddb } = await import('@cuota/functions/commons/db');
    const { cerrarFecha } = await import('@cuota/functions/handlers/cierre/store');
    const items = carteraEnMora(N, HOY);
    await medir(`BatchWriteItem crudo (crédito + 6 cuotas), 1.ª vez`, N, () => batchPut(items));
    const crudo = (await medir(`BatchWriteItem crudo (crédito + 6 cuotas), 2.ª vez`, N, () => batchPut(items))) / 7;

    // TransactWrites recorded instead of sent while `grabando`
    let grabando = false;
    const grabadas: Array<{ TransactItems: Array<{ Update?: { Key: Clave } }> }> = [];
    ddb.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as (typeof grabadas)[number];
        if (!grabando || !input.TransactItems) return next(args);
        grabadas.push(input);
        return { output: {}, response: {} } as Awaited<ReturnType<typeof next>>;
      },
      { step: 'initialize', name: 'grabarTransacciones' },
    );
    let fecha = HOY;
    let cierre = 0;
    for (let k = 1; k <= 3; k++, fecha = sumarDias(fecha, 1))
      cierre = await medir(`cierre real del día ${k} (${fecha})`, N, () => cerrarFecha(fecha));
    const partes = { lecturas: 0, transacciones: 0, lotes: 0, soloCredito: 0 };
    for (let ronda = 1; ronda <= 3; ronda++, fecha = sumarDias(fecha, 1)) {
      grabadas.length = 0;
      grabando = true;
      partes.lecturas = await medir(`cierre sin escribir (lecturas y cálculo), ronda ${ronda}`, N, () => cerrarFecha(fecha));
      grabando = false;
      if (ronda === 3) {
        // the credits' conditional updates alone, without their cuotas (what one conditional write per credit would cost)
        const soloCreditos = grabadas.map((t) => ({
          TransactItems: t.TransactItems.filter((a) => a.Update?.Key.sk === 'CREDITO'),
        }));
        partes.soloCredito = await medir(`  solo la actualización condicional de cada crédito`, N, () =>
          enParalelo(soloCreditos, (t) => ddb.send(new TransactWriteCommand(t as never))),
        );
        continue;
      }
      partes.transacciones = await medir(`  sus TransactWrite enviadas tal cual, ronda ${ronda}`, N, () =>
        enParalelo(grabadas, (t) => ddb.send(new TransactWriteCommand(t as never))),
      );
      const claves = grabadas.flatMap((t) => t.TransactItems.flatMap((a) => (a.Update ? [a.Update.Key] : [])));
      const escritos = (await batchGetAll(claves)).filter((i) => i !== undefined);
      const lotes = Array.from({ length: Math.ceil(escritos.length / 25) }, (_, i) => escritos.slice(i * 25, i * 25 + 25));
      partes.lotes = await medir(`  los mismos ítems con BatchWriteItem, ronda ${ronda}`, N, () =>
        enParalelo(lotes, (lote) =>
          ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: lote.map((Item) => ({ PutRequest: { Item } })) } })),
        ),
      );
    }
    // the bench's ratio: 2 items per credit closed ÷ raw items, both per unit of DynamoDB Local's time
    const razon = (usPorCredito: number) => ((2 * crudo) / usPorCredito).toFixed(2);
    process.stdout.write(
      [
        `razón del cierre (día 3, JVM caliente): ${razon(cierre)}×`,
        `  con lecturas y TransactWrite medidas por separado: ${razon(partes.lecturas + partes.transacciones)}×`,
        `  si no leyera nada: ${razon(partes.transacciones)}×`,
        `  si escribiera sus ítems con BatchWriteItem, sin condición: ${razon(partes.lecturas + partes.lotes)}×`,
        `  si escribiera solo el crédito (la mora de la cuota derivada al leer): ${razon(partes.lecturas + partes.soloCredito)}×`,
        `  …y además no leyera nada: ${razon(partes.soloCredito)}×`,
        '',
      ].join('\n'),
    );
  } finally {
    child.kill('SIGKILL');
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
