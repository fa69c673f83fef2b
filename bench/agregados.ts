/**
 * Section 9: how long the dashboard aggregates lag behind the credits after a catch-up daily close.
 *
 * On the whole local stack (`npm start`): M credits whose cuotas fall due during the last N business
 * dates are written as the close left them N dates ago, the close's marker is put back N dates,
 * and the scheduled close job is run through the control port until every date is closed (a run
 * that leaves dates pending is called again, as the hourly schedule would). From the moment
 * the last run answers, GET /api/dashboard is read every 100 ms until its figures per estado and
 * its arrears equal the credits as a scan of the table finds them: that wait is the lag.
 */
import { request } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DeleteCommand, DynamoDBDocumentClient, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { CREDITO_ESTADOS, fechaNegocio, sumarDias, sumarMeses } from '@cuota/shared';
import { ENTITY, keys } from '@cuota/functions/commons/keys';
import { autorizacionDeControl, leerClaveDeControl } from '../infra/local/control-clave';
import { creditoConCuotas } from './fixtures';
import { iniciarSesion, json } from './load';
import type { Stack } from './stack';
import { fmt, type Log } from './stats';

const TABLE = 'cuota';
const PLAZO = 6;
/** How long the lag is waited for before the run gives up (the unfixed poller needed ~14 minutes). */
const ESPERA_MAXIMA_MS = 20 * 60_000;

/** N dates × M credits: `BENCH_CIERRE=71x300` (the default). */
export function tamanoCierre(env: NodeJS.ProcessEnv = process.env): { fechas: number; creditos: number } {
  const m = /^(\d+)x(\d+)$/.exec(env.BENCH_CIERRE ?? '71x300');
  if (!m) throw new Error(`BENCH_CIERRE inválido: ${env.BENCH_CIERRE} (p. ej. 71x300)`);
  const fechas = Number(m[1]);
  const creditos = Number(m[2]);
  if (fechas < 1 || fechas > 200 || creditos < 1) throw new Error(`BENCH_CIERRE fuera de rango: ${env.BENCH_CIERRE}`);
  return { fechas, creditos };
}

type Item = Record<string, unknown>;

/** BatchWriteItem in chunks of 25, 4 in flight, unprocessed items retried. */
async function escribir(doc: DynamoDBDocumentClient, items: Item[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const chunk = items.slice(next, (next += 25));
      let pending: Item[] = chunk;
      for (let intento = 0; pending.length > 0; intento++) {
        if (intento > 8) throw new Error('BatchWriteItem: ítems sin procesar tras 8 reintentos');
        if (intento > 0) await new Promise((r) => setTimeout(r, 50 * 2 ** intento));
        const out = await doc.send(
          new BatchWriteCommand({ RequestItems: { [TABLE]: pending.map((Item) => ({ PutRequest: { Item } })) } }),
        );
        pending = (out.UnprocessedItems?.[TABLE] ?? []).map((r) => r.PutRequest!.Item as Item);
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

/**
 * M clients with a credit each, as the close left them on `desde` (the date the marker is put
 * back to): nothing overdue yet, the first cuota due on one of the next 5 dates, so on the N
 * dates after it every credit moves (vigente → al_dia → vencido, mora every day, aging buckets).
 */
function cartera(desde: string, m: number, sello: string): Item[] {
  const items: Item[] = [];
  for (let i = 0; i < m; i++) {
    const id = `BLAG${sello}${String(i).padStart(5, '0')}`;
    const clienteId = `BLAGCLI${sello}${String(i).padStart(5, '0')}`;
    const created_at = `${sumarDias(desde, -40)}T15:00:00.000Z`;
    items.push({
      ...keys.cliente(clienteId),
      tipo: ENTITY.cliente,
      id: clienteId,
      created_at,
      // notifications ('Cuota vencida') go to a portal user, so the live push consumer works too
      user_id: `bench-lag-usuario-${sello}-${i}`,
      nombre: 'Cliente',
      apellido: `Atraso ${i}`,
      email: `atraso.${sello}.${i}@bench.cr`,
      riesgo: 'medio',
      kyc_completado: true,
    });
    const primer = sumarDias(desde, 1 + (i % 5));
    const desembolso = sumarMeses(primer, -1);
    items.push(
      ...creditoConCuotas({
        id,
        created_at,
        numero_credito: `CR-2024-9${sello.slice(-2)}${String(i).padStart(4, '0')}`,
        cliente_id: clienteId,
        cliente_apellido: `Atraso ${i}`,
        principal: 300_000_00 + (i % 50) * 10_000_00,
        plazo: PLAZO,
        desembolso,
        estado: 'vigente',
        campos: { dias_mora_max: 0, ultimo_cierre: desde },
      }),
    );
  }
  return items;
}

/** What the dashboard must show, from the credits themselves (a scan of the table). */
interface Cifras {
  por_estado: Record<string, { creditos: number; saldo_capital_centimos: number }>;
  saldo_mora_centimos: number;
  creditos_con_mora: number;
}

async function cifrasDeLosCreditos(doc: DynamoDBDocumentClient): Promise<Cifras> {
  const c: Cifras = { por_estado: {}, saldo_mora_centimos: 0, creditos_con_mora: 0 };
  // every estado the dashboard lists, each credit in its own
  for (const e of CREDITO_ESTADOS) c.por_estado[e] = { creditos: 0, saldo_capital_centimos: 0 };
  let start: Item | undefined;
  do {
    const out = await doc.send(
      new ScanCommand({
        TableName: TABLE,
        FilterExpression: 'tipo = :t',
        ExpressionAttributeValues: { ':t': ENTITY.credito },
        ProjectionExpression: 'estado, saldo_capital_centimos, saldo_mora_centimos',
        ExclusiveStartKey: start,
      }),
    );
    for (const x of out.Items ?? []) {
      const e = c.por_estado[String(x.estado)];
      if (!e) continue;
      e.creditos++;
      e.saldo_capital_centimos += Number(x.saldo_capital_centimos ?? 0);
      // a castigado credit's mora is written off: the dashboard does not count it as owed
      const mora = x.estado === 'castigado' ? 0 : Number(x.saldo_mora_centimos ?? 0);
      if (mora > 0) {
        c.saldo_mora_centimos += mora;
        c.creditos_con_mora++;
      }
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return c;
}

interface Dashboard {
  tarjetas: { tasa_morosidad: string };
  cartera: {
    por_estado: Array<{ estado: string; creditos: number; saldo_capital_centimos: number }>;
    saldo_mora_centimos: number;
    creditos_con_mora: number;
    par30: { porcentaje: string };
  };
}

function cifrasDelDashboard(d: Dashboard): Cifras {
  return {
    por_estado: Object.fromEntries(
      d.cartera.por_estado.map((e) => [e.estado, { creditos: e.creditos, saldo_capital_centimos: e.saldo_capital_centimos }]),
    ),
    saldo_mora_centimos: d.cartera.saldo_mora_centimos,
    creditos_con_mora: d.cartera.creditos_con_mora,
  };
}

const igual = (a: Cifras, b: Cifras) => JSON.stringify(a) === JSON.stringify(b);

/** Posts to the stack's control port (the scheduled job), without a client-side timeout. */
function correrTrabajo(stack: Stack, trabajo: string): Promise<Item> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: autorizacionDeControl(leerClaveDeControl(stack.dataDir)) };
    const req = request({ host: '127.0.0.1', port: stack.port + 4, path: `/jobs/${trabajo}`, method: 'POST', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) reject(new Error(`trabajo ${trabajo}: ${res.statusCode} ${body.slice(0, 300)}`));
        else resolve(JSON.parse(body) as Item);
      });
    });
    req.on('error', reject);
    req.end();
  });
}

export async function lagAgregados(stack: Stack, log: Log): Promise<string[]> {
  const { fechas: n, creditos: m } = tamanoCierre();
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamoUrl,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const config = await json(stack.url, 'GET', '/config.json');
  const admin = await iniciarSesion(stack.url, String(config.auth.userPoolClientId), 'admin@demo.cr', 'Cuota-Demo-2026!');
  const dashboard = async () => (await json(stack.url, 'GET', '/api/dashboard', { token: admin.token })) as Dashboard;

  const hoy = fechaNegocio(new Date());
  const desde = sumarDias(hoy, -n);
  const sello = Date.now().toString(36).slice(-4).toUpperCase();
  const t0 = performance.now();
  const items = cartera(desde, m, sello);
  await escribir(doc, items);
  // the close resumes after `desde`: the marker goes back, and no date after it counts as closed
  for (let f = sumarDias(desde, 1); f <= hoy; f = sumarDias(f, 1))
    await doc.send(new DeleteCommand({ TableName: TABLE, Key: keys.cierre(f) }));
  await doc.send(new PutCommand({ TableName: TABLE, Item: { ...keys.cierreUltimo(), tipo: ENTITY.cierre, fecha: desde } }));
  log(
    `  ${fmt(m)} créditos (${fmt(items.length)} ítems) escritos en ${((performance.now() - t0) / 1000).toFixed(1)} s; cierre desde ${desde}`,
  );

  // the credits just written reach the aggregates first, so the lag measured is the close's own
  const limiteAntes = Date.now() + ESPERA_MAXIMA_MS;
  const antes = await cifrasDeLosCreditos(doc);
  while (!igual(cifrasDelDashboard(await dashboard()), antes)) {
    if (Date.now() > limiteAntes) throw new Error('los agregados no alcanzaron la cartera escrita antes del cierre');
    await new Promise((r) => setTimeout(r, 250));
  }

  const t1 = performance.now();
  let cerradas = 0;
  let actualizados = 0;
  let corridas = 0;
  // a run closes as many dates as its time allows (a longer gap continues on the next run, as the
  // hourly schedule would): run it again until nothing is pending
  for (let sinAvance = 0; corridas < n + 20 && sinAvance < 3;) {
    const r = (await correrTrabajo(stack, 'cierre-diario')) as {
      fechas: Array<{ fecha: string; estado: string; creditos_actualizados: number }>;
      pendientes?: number;
    };
    corridas++;
    const antesDeEsta = cerradas;
    for (const f of r.fechas) {
      if (f.estado === 'cerrado') cerradas++;
      actualizados += f.creditos_actualizados;
    }
    const hecho = r.pendientes !== undefined ? r.pendientes === 0 : (r.fechas.at(-1)?.fecha ?? '') >= hoy;
    if (hecho) break;
    sinAvance = cerradas > antesDeEsta ? 0 : sinAvance + 1;
  }
  const fin = performance.now();
  const msCierre = fin - t1;
  log(
    `  cierre: ${cerradas} fechas, ${fmt(actualizados)} cierres de crédito en ${(msCierre / 1000).toFixed(1)} s (${corridas} corridas)`,
  );

  // read the dashboard from the end of the close on; the reference scan runs meanwhile
  const lecturas: Array<{ ms: number; cifras: Cifras; tasa: string; par30: string }> = [];
  let referencia: Cifras | null = null;
  const referenciaLista = cifrasDeLosCreditos(doc).then((c) => (referencia = c));
  let acuerdo: number | null = null;
  while (performance.now() - fin < ESPERA_MAXIMA_MS) {
    const d = await dashboard();
    const ms = performance.now() - fin;
    lecturas.push({ ms, cifras: cifrasDelDashboard(d), tasa: d.tarjetas.tasa_morosidad, par30: d.cartera.par30.porcentaje });
    if (referencia) {
      // the first reading from which on every reading agrees with the credits
      const ref: Cifras = referencia;
      let i = lecturas.length;
      while (i > 0 && igual(lecturas[i - 1]!.cifras, ref)) i--;
      if (i < lecturas.length && lecturas.length - i >= 3) {
        acuerdo = lecturas[i]!.ms;
        break;
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  await referenciaLista;
  const fuera = lecturas.filter(
    (l) => !(Number(l.tasa) >= 0 && Number(l.tasa) <= 100 && Number(l.par30) >= 0 && Number(l.par30) <= 100),
  );
  const ultima = lecturas.at(-1)!;
  log(
    acuerdo === null
      ? `  los agregados no coincidieron con los créditos en ${ESPERA_MAXIMA_MS / 1000} s`
      : `  el dashboard coincide con los créditos ${(acuerdo / 1000).toFixed(1)} s después del cierre (morosidad ${ultima.tasa} %)`,
  );
  const ref = referencia as Cifras | null;
  return [
    `${fmt(m)} credits with ${PLAZO} cuotas each, written as the close left them ${n} business dates ago (nothing overdue yet; first`,
    'cuotas due over the next 5 dates), on the stack with its demo data. The close marker is put back to that date and the',
    'scheduled close job (`POST /jobs/cierre-diario` on the control port; called again while dates are pending, as the hourly',
    `schedule would) catches up ${n} dates: every credit moves (mora, días de atraso, estado, aging) and its overdue cuotas and`,
    "'Cuota vencida' notifications are written (*credit closes*: the credit writes the runs report). From the moment the last",
    'run answers, `GET /api/dashboard` (admin) is read every 100 ms; the lag is the time until its counts and saldo de capital',
    'per estado, saldo de mora and créditos con mora equal a scan of the credits (and stay equal for 3 readings). Before the',
    'close, the dashboard is first checked to agree with the credits as written. Aggregates must agree within 10 s.',
    '',
    '| Catch-up | Credit closes | Close runs | Close time | Lag until the dashboard agrees | Readings | Delinquency / PAR30 outside 0–100 % |',
    '|---|---:|---:|---:|---:|---:|---:|',
    `| ${n} dates × ${fmt(m)} credits | ${fmt(actualizados)} | ${corridas} | ${(msCierre / 1000).toFixed(1)} s | ${acuerdo === null ? `**> ${ESPERA_MAXIMA_MS / 1000} s**` : `${(acuerdo / 1000).toFixed(1)} s`} | ${fmt(lecturas.length)} | ${fuera.length} |`,
    '',
    ref
      ? `Credits after the close: ${Object.entries(ref.por_estado)
          .map(([e, x]) => `${x.creditos} ${e}`)
          .join(', ')}; delinquency rate shown ${ultima.tasa} %, PAR30 ${ultima.par30} %.`
      : '',
  ];
}
