/**
 * Section 12: the reports' read cost at 1 000 and 20 000 credits, and a list export of 20 000 rows.
 *
 * Credits are written as the API stores them, and the report aggregates as the stream consumer
 * would hold them (each credit's contribucionReportes, summed: the consumer's throughput is
 * section 3). Each report handler is called with ReturnConsumedCapacity TOTAL: its read units
 * depend on the range asked for, not on the credits. Then GET /api/creditos?estado=… is read
 * page by page (100 per page, as the 'Exportar CSV' button does) until the end, with the CSV
 * lines built as the browser builds them.
 */
import { fechaNegocio, sumarDias } from '@cuota/shared';
import { filaCsv } from '../shared/src/documents/csv';
import { itemFor } from '@cuota/functions/commons/items';
import { contribucionReportes } from '@cuota/functions/handlers/dashboard/contribuciones-reportes';
import { handler as listarCreditos } from '@cuota/functions/handlers/creditos/listar-creditos';
import { handler as cartera } from '@cuota/functions/handlers/reportes/reporte-cartera';
import { handler as colocacion } from '@cuota/functions/handlers/reportes/reporte-colocacion';
import { handler as cosechas } from '@cuota/functions/handlers/reportes/reporte-cosechas';
import { handler as recaudacion } from '@cuota/functions/handlers/reportes/reporte-recaudacion';
import { apiEvent } from '../functions/test/events';
import { batchPut } from '../infra/local/seed/demo-data';
import type { Item } from '../infra/local/seed/demo-portfolio';
import { type Agregados, itemsDeAgregados, medir, medirCinco, sumarContribucion } from './fixtures';
import { fmt, type Log } from './stats';

type Handler = (e: never) => Promise<{ statusCode?: number; body?: string }>;
const ADMIN = { sub: 'bench-admin', groups: ['admin' as const] };
const hoy = fechaNegocio(new Date());
const ESTADOS = ['al_dia', 'al_dia', 'vigente', 'vencido', 'cancelado'] as const;

/** Credits `desde`..`hasta`, disbursed over the last 12 months, and their report contributions added to `agg`. */
function creditos(desde: number, hasta: number, agg: Agregados): Item[] {
  const items: Item[] = [];
  for (let i = desde; i < hasta; i++) {
    const estado = ESTADOS[i % ESTADOS.length]!;
    const desembolso = sumarDias(hoy, -(i % 360) - 1);
    const credito = itemFor.credito({
      id: `BREP${String(i).padStart(8, '0')}`,
      created_at: `${desembolso}T15:00:00.000Z`,
      numero_credito: `CR-2025-R${String(i).padStart(6, '0')}`,
      cliente_id: `BREPCLI${i}`,
      cliente_nombre: 'Cliente',
      cliente_apellido: `Reporte ${i}`,
      producto_id: i % 3 === 0 ? 'BPROD-A' : 'BPROD-B',
      producto_nombre: 'Crédito Personal',
      producto_codigo: 'PERS-01',
      monto_principal_centimos: 500_000_00 + (i % 40) * 25_000_00,
      saldo_capital_centimos: estado === 'cancelado' ? 0 : 300_000_00 + (i % 17) * 10_000_00,
      saldo_mora_centimos: estado === 'vencido' ? 5_000_00 : 0,
      tasa_interes_anual: '24.00',
      plazo_meses: 24,
      estado,
      fecha_desembolso: desembolso,
      dias_mora_max: estado === 'vencido' ? 10 + (i % 150) : 0,
      proximo_vencimiento: sumarDias(hoy, 20),
      version: 1,
    });
    items.push(credito);
    sumarContribucion(agg, contribucionReportes('credito', credito, { fecha: hoy }));
  }
  return items;
}

const escribirAgregados = (agg: Agregados) => batchPut(itemsDeAgregados(agg));

const CASOS: Array<[string, Handler, () => unknown]> = [
  ['GET /api/reportes/cartera', cartera as Handler, () => apiEvent('reporte-cartera', { caller: ADMIN })],
  ['GET /api/reportes/cosechas (12 months)', cosechas as Handler, () => apiEvent('reporte-cosechas', { caller: ADMIN })],
  ['GET /api/reportes/recaudacion (30 days)', recaudacion as Handler, () => apiEvent('reporte-recaudacion', { caller: ADMIN })],
  ['GET /api/reportes/colocacion (12 months)', colocacion as Handler, () => apiEvent('reporte-colocacion', { caller: ADMIN })],
];

async function lecturas(n: number, log: Log): Promise<string[]> {
  const rows: string[] = [];
  for (const [nombre, handler, evento] of CASOS) {
    const { primera, ms } = await medirCinco(handler, evento);
    rows.push(`| ${nombre} | ${fmt(n)} | ${fmt(primera.rcu, 1)} | ${primera.llamadas} | ${fmt(ms, 1)} |`);
    log(`  ${nombre} @ ${fmt(n)} créditos: ${fmt(primera.rcu, 1)} RCU, ${primera.llamadas} llamadas, ${fmt(ms, 1)} ms`);
  }
  return rows;
}

/** The 'Exportar CSV' of GET /api/creditos?estado=…: pages of 100 until the end, CSV lines built per page. */
async function exportar(estado: string | undefined, log: Log): Promise<string> {
  let cursor: string | undefined;
  let filas = 0;
  let paginas = 0;
  let rcu = 0;
  let bytes = 0;
  const t0 = performance.now();
  do {
    const r = await medir(
      listarCreditos as Handler,
      apiEvent('listar-creditos', {
        caller: ADMIN,
        query: { ...(estado ? { estado } : {}), limit: '100', ...(cursor ? { cursor } : {}) },
      }),
    );
    const page = JSON.parse(r.body) as { items: Array<Record<string, unknown>>; nextCursor: string | null };
    for (const c of page.items) {
      const linea = filaCsv([
        { tipo: 'texto', valor: String(c.numero_credito) },
        { tipo: 'texto', valor: `${String(c.cliente_nombre)} ${String(c.cliente_apellido)}` },
        { tipo: 'monto', centimos: c.saldo_capital_centimos as number },
        { tipo: 'fecha', valor: c.fecha_desembolso as string },
      ]);
      bytes += linea.length + 2;
    }
    filas += page.items.length;
    paginas++;
    rcu += r.rcu;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  const ms = performance.now() - t0;
  const ruta = estado ? `GET /api/creditos?estado=${estado}` : 'GET /api/creditos (no filter)';
  log(`  exportar ${ruta}: ${fmt(filas)} filas en ${paginas} páginas, ${fmt(ms / 1000, 1)} s, ${fmt(rcu, 1)} RCU`);
  return `| ${ruta}, pages of 100 until the end + CSV lines | ${fmt(filas)} rows | ${paginas} | ${fmt(rcu, 1)} (${fmt(rcu / paginas, 1)} per page) | ${fmt(ms / 1000, 1)} s (${fmt(ms / paginas, 0)} ms per page) | ${fmt(bytes / 1024 / 1024, 1)} MB |`;
}

export async function benchReportes({ log }: { log: Log }): Promise<string[]> {
  log('13. reportes: lectura a 1 000 y 20 000 créditos; exportación de 20 000 filas');
  const agg: Agregados = {};
  await batchPut(creditos(0, 1_000, agg));
  await escribirAgregados(agg);
  const mil = await lecturas(1_000, log);
  for (let i = 1_000; i < 20_000; i += 2_000) await batchPut(creditos(i, Math.min(20_000, i + 2_000), agg));
  await escribirAgregados(agg);
  const veinteMil = await lecturas(20_000, log);
  // every one of the 20 000 credits (the four estado partitions merged), then one estado (8 000)
  const filasExport = [await exportar(undefined, log), await exportar('al_dia', log)];
  return [
    '## 13. Reports: read cost at 1 000 and 20 000 credits, and a list export',
    '',
    'Each report reads its aggregate items by key (one item for cartera, one per month or day of the range), so its read units depend on the range, not on the portfolio.',
    '',
    '| Route | Credits | RCU | Calls | Median ms (5 runs) |',
    '|---|---:|---:|---:|---:|',
    ...mil,
    ...veinteMil,
    '',
    "The lists' 'Exportar CSV' reads the list route page by page (the HTTP API answers buffered: no streamed response through API Gateway), as the browser does:",
    '',
    '| Export | Rows | Pages | RCU | Time | CSV size |',
    '|---|---:|---:|---:|---:|---:|',
    ...filasExport,
  ];
}
