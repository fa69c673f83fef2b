/**
 * Section 12: read cost of the collections worklist (GET /api/cobranza) at 1 000 and 20 000 credits.
 *
 * A quarter of the credits are in arrears (oldest unpaid due date 1–150 days back), half of those
 * assigned to one of 5 cobradores; the credits are written with itemFor.credito, so they carry the
 * worklist's index keys exactly as the engine writes them. Each request is measured with
 * ReturnConsumedCapacity TOTAL and the items DynamoDB evaluated (ScannedCount), summed over every
 * call the handler makes. Flat means: the same at 1 000 and at 20 000.
 */
import { CreateTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { fechaNegocio, sumarDias } from '@cuota/shared';
import { itemFor } from '@cuota/functions/commons/items';
import { ENTITY, keys } from '@cuota/functions/commons/keys';
import { claveCobradoresCobranza, contribucionCobranza } from '@cuota/functions/entities/cobranza';
import { handler as listarCobranza } from '@cuota/functions/handlers/cobranza/listar-cobranza';
import { apiEvent } from '../functions/test/events';
import { createTableInput } from '../infra/local/bootstrap';
import { batchPut } from '../infra/local/seed/demo-data';
import { createRng, type Item } from '../infra/local/seed/demo-portfolio';
import { medirCinco } from './fixtures';
import { fmt, type Log } from './stats';

const ANALISTA = { sub: 'bench-analista', groups: ['analista' as const] };
const COBRADORES = ['BCOB1', 'BCOB2', 'BCOB3', 'BCOB4', 'BCOB5'];

/** Clients and credits [desde, hasta), with the per-bucket aggregates the stream consumer would hold. */
function lote(desde: number, hasta: number, hoy: string, rng: ReturnType<typeof createRng>, agg: Map<string, Item>): Item[] {
  const items: Item[] = [];
  for (let i = desde; i < hasta; i++) {
    const clienteId = `BCCLI${String(i).padStart(7, '0')}`;
    const created_at = new Date(Date.parse('2025-01-01T15:00:00Z') + i * 60_000).toISOString();
    items.push({
      ...keys.cliente(clienteId),
      tipo: ENTITY.cliente,
      id: clienteId,
      created_at,
      nombre: 'Cliente',
      apellido: `Bench ${i}`,
      telefono: '+50688887777',
      ciudad: rng.pick(['San José', 'Heredia', 'Cartago', 'Alajuela']),
    });
    const enMora = i % 4 === 0;
    const dias = enMora ? rng.int(1, 150) : 0;
    const cobrador = enMora && rng.chance(0.5) ? rng.pick(COBRADORES) : null;
    const credito = itemFor.credito({
      id: `BCCRE${String(i).padStart(7, '0')}`,
      created_at,
      numero_credito: `CR-B-${String(i).padStart(7, '0')}`,
      cliente_id: clienteId,
      producto_id: rng.pick(['BPROD1', 'BPROD2']),
      producto_nombre: 'Crédito Personal',
      saldo_capital_centimos: 600_000_00,
      estado: enMora ? 'vencido' : 'al_dia',
      proximo_vencimiento: enMora ? sumarDias(hoy, -dias) : sumarDias(hoy, 20),
      dias_mora_max: dias,
      monto_vencido_centimos: enMora ? rng.int(10_000_00, 900_000_00) : 0,
      cobrador_id: cobrador,
      cobrador_nombre: cobrador ? `Cobrador ${cobrador}` : null,
      zona: null,
      version: 1,
    });
    items.push(credito);
    for (const [clave, campos] of contribucionCobranza(credito)) {
      const k = `${clave.pk}|${clave.sk}`;
      const a = agg.get(k) ?? { ...clave, tipo: 'agregado' };
      for (const [f, v] of Object.entries(campos)) a[f] = (Number(a[f]) || 0) + v;
      agg.set(k, a);
    }
  }
  return items;
}

const CASOS: Array<[string, Record<string, string>]> = [
  ['GET /api/cobranza', {}],
  ['GET /api/cobranza?bucket=31-60', { bucket: '31-60' }],
  ['GET /api/cobranza?orden=monto_vencido', { orden: 'monto_vencido' }],
  ['GET /api/cobranza?orden=monto_vencido&bucket=90+', { orden: 'monto_vencido', bucket: '90+' }],
  ['GET /api/cobranza?cobrador=BCOB1', { cobrador: 'BCOB1' }],
  ['GET /api/cobranza?producto=BPROD1', { producto: 'BPROD1' }],
];

async function medirCasos(creditos: number, log: Log): Promise<string[]> {
  const rows: string[] = [];
  for (const [nombre, query] of CASOS) {
    const event = apiEvent('listar-cobranza', { caller: ANALISTA, query });
    const { primera, ms } = await medirCinco(listarCobranza as never, () => event).catch((e: Error) => {
      throw new Error(`${nombre}: ${e.message}`);
    });
    const r = { ...primera, n: (JSON.parse(primera.body) as { items: unknown[] }).items.length };
    rows.push(`| ${nombre} | ${fmt(creditos)} | ${r.n} | ${fmt(r.leidos)} | ${fmt(r.rcu, 1)} | ${r.llamadas} | ${fmt(ms, 1)} |`);
    log(
      `  ${nombre} @ ${fmt(creditos)} créditos: ${r.n} filas, ${r.leidos} ítems leídos, ${fmt(r.rcu, 1)} RCU, ${fmt(ms, 1)} ms`,
    );
  }
  return rows;
}

/** On a table of its own in the bench's DynamoDB Local (the suite's portfolio is not in the counts). */
export async function cobranza(log: Log): Promise<string[]> {
  const previa = process.env.TABLE_NAME;
  const tabla = 'cuota-bench-cobranza';
  await new DynamoDBClient({}).send(new CreateTableCommand(createTableInput(tabla)));
  process.env.TABLE_NAME = tabla;
  try {
    return await medirCobranza(log);
  } finally {
    process.env.TABLE_NAME = previa;
  }
}

async function medirCobranza(log: Log): Promise<string[]> {
  const hoy = fechaNegocio(new Date());
  const rng = createRng(20_261_126);
  const agg = new Map<string, Item>();
  const registro: Item = { ...claveCobradoresCobranza(), tipo: ENTITY.cobranza };
  for (const c of COBRADORES) registro[`c_${c}`] = `Cobrador ${c}`;
  await batchPut([registro]);
  const rows: string[] = [];
  let escritos = 0;
  for (const total of [1_000, 20_000]) {
    for (let i = escritos; i < total; i += 2_000) await batchPut(lote(i, Math.min(total, i + 2_000), hoy, rng, agg));
    escritos = total;
    await batchPut([...agg.values()]);
    rows.push(...(await medirCasos(total, log)));
  }
  return [
    '## 12. Collections worklist read cost (GET /api/cobranza, docs/cobranza.md)',
    '',
    'A quarter of the credits in arrears (1–150 days), half of those assigned to one of 5 cobradores; page size 25. The list',
    'merges the key ranges of the unassigned and the 5 cobradores’ partitions on gsi4/gsi5 (a bucket is a due-date range on',
    'gsi4), reads at most limit items per range and round, BatchGets the page’s clients and reads one or two aggregate items',
    'for the bucket totals: the items read and RCU must be the same at 1 000 and 20 000 credits.',
    '',
    '| Request | Credits | Rows | Items read | RCU | DynamoDB calls | Median latency (ms) |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ];
}
