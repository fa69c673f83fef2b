import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Section 10: the long run of the lending simulation (functions/test/simulacion): the same test
 * `npm test` runs for 30 days, here for BENCH_SIMULACION_DIAS (default 365) business days with
 * its own seed, through Vitest (its DynamoDB Local and its faked clock). Reports days × credits,
 * the steps and invariant checks, and what happened on the way.
 */
export async function simulacionLarga(log: (line: string) => void): Promise<string[]> {
  const dias = Number(process.env.BENCH_SIMULACION_DIAS ?? 365);
  const semilla = Number(process.env.BENCH_SIMULACION_SEMILLA ?? 20261125);
  const informe = join(mkdtempSync(join(tmpdir(), 'cuota-simulacion-')), 'informe.json');
  log(`   ${dias} días, semilla ${semilla}`);
  const r = spawnSync('npx', ['vitest', 'run', 'functions/test/simulacion', '--reporter=dot'], {
    env: { ...process.env, SIMULACION_DIAS: String(dias), SIMULACION_SEMILLA: String(semilla), SIMULACION_INFORME: informe },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 3 * 3_600_000,
  });
  let datos: Record<string, unknown>;
  try {
    datos = JSON.parse(readFileSync(informe, 'utf8')) as Record<string, unknown>;
  } catch {
    throw new Error(`la simulación no dejó su informe (código ${r.status}):\n${r.stdout}\n${r.stderr}`);
  }
  const violaciones = (datos.violaciones as unknown[]).length;
  const n = (k: string) => Number(datos[k]).toLocaleString('en-US');
  return [
    `The lending simulation (\`functions/test/simulacion\`) for ${n('dias')} business days with seed ${String(datos.semilla)} ` +
      '(replay: `SIMULACION_SEMILLA=… SIMULACION_DIAS=… npx vitest run functions/test/simulacion`): the real handlers on DynamoDB Local ' +
      'from the demo portfolio, the clock moved a day at a time; every invariant of every credit checked after every step.',
    '',
    '| figure | value |',
    '| --- | ---: |',
    `| business days × credits (at most) | ${n('dias')} × ${n('creditos_max')} |`,
    `| steps checked / invariant checks | ${n('pasos')} / ${n('comprobaciones')} |`,
    `| **invariant violations** | **${violaciones}** |`,
    `| payments reported (refused at report) | ${n('pagos_reportados')} (${n('reportes_refusados')}) |`,
    `| approved / of them after their value date | ${n('pagos_aprobados')} / ${n('pagos_aprobados_tarde')} |`,
    `| rejected (of them refused at approval: more than owed) | ${n('pagos_rechazados')} (${n('aprobaciones_refusadas')}) |`,
    `| credits disbursed during the run | ${n('creditos_nuevos')} |`,
    `| closes / catch-up gaps / scheduled-vs-manual races | ${n('cierres')} / ${n('brechas')} / ${n('carreras')} |`,
    `| wall time | ${n('segundos')} s |`,
  ];
}
