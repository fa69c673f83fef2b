/**
 * Load on the local gateway: virtual users on loopback send a realistic mix of staff, portal and
 * payment requests (closed loop, no think time) at 1, 10 and 50 concurrent users, with a bare
 * DynamoDB Local GetItem measured in the same run next to each level.
 */
import { Agent, request } from 'node:http';
import { cpus } from 'node:os';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { keys } from '@cuota/functions/commons/keys';
import { createRng, type Rng } from '../infra/local/seed/demo-portfolio';
import { APELLIDOS_CARGA as APELLIDOS, NOMBRES } from './nombres';
import type { Stack } from './stack';
import { fmt, latencias, loadAverage, machineBusySeconds, trio, type Latencias, type Log } from './stats';

const PASSWORD = 'Cuota-Bench-2026!';
const DEMO_PASSWORD = 'Cuota-Demo-2026!';
const CLIENTES_NUEVOS = 24;

// ---------------------------------------------------------------- HTTP on loopback

/** Keep-alive sockets, as a browser or API client would hold them; enough for every user. */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

interface Respuesta {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function http(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Respuesta> {
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      {
        method,
        agent,
        timeout: 30_000,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout (30 s)')));
    req.on('error', reject);
    req.end(payload);
  });
}

/** A JSON answer of the setup calls, read field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = any;

export async function json(
  base: string,
  method: string,
  path: string,
  opts: Parameters<typeof http>[3] = {},
  expect = 200,
): Promise<Json> {
  const res = await http(base, method, path, opts);
  if (res.status !== expect) throw new Error(`${method} ${path}: ${res.status} ${res.body.slice(0, 300)}`);
  return res.body ? JSON.parse(res.body) : undefined;
}

// ---------------------------------------------------------------- users and data

interface Usuario {
  email: string;
  token: string;
}
interface Cliente extends Usuario {
  creditos: string[];
}

async function cognito(base: string, target: string, body: unknown): Promise<Respuesta> {
  return http(base, 'POST', '/cognito', {
    body,
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
  });
}

export async function iniciarSesion(base: string, clientId: string, email: string, password: string): Promise<Usuario> {
  const res = await cognito(base, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  const token = (JSON.parse(res.body) as { AuthenticationResult?: { IdToken: string } }).AuthenticationResult?.IdToken;
  if (!token) throw new Error(`inicio de sesión falló para ${email}: ${res.body.slice(0, 300)}`);
  return { email, token };
}

/** Today's business date in Costa Rica (the app's default `timezone` setting). */
const hoyCR = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Costa_Rica' }).format(new Date());

interface Datos {
  staff: Usuario[];
  clientes: Cliente[];
  terminosClientes: string[];
  terminosCreditos: string[];
  canal: string;
  /** A real item for the bare GetItem: the demo customer's client record. */
  clienteKey: { pk: string; sk: string };
}

/**
 * Demo staff and customer from the seed, plus new portal customers who sign up, register and get
 * one credit each the way the product makes them (portal solicitud → analizar → aprobar → desembolsar), so the
 * portal reads and payment reports spread over many customers and credits.
 */
async function preparar(stack: Stack, log: Log): Promise<Datos> {
  const base = stack.url;
  const t0 = performance.now();
  const config = await json(base, 'GET', '/config.json');
  const clientId = String(config.auth.userPoolClientId);
  const staff = [
    await iniciarSesion(base, clientId, 'admin@demo.cr', DEMO_PASSWORD),
    await iniciarSesion(base, clientId, 'analista@demo.cr', DEMO_PASSWORD),
    await iniciarSesion(base, clientId, 'cobrador@demo.cr', DEMO_PASSWORD),
  ];
  const [admin, analista] = staff as [Usuario, Usuario, Usuario];
  const demo = await iniciarSesion(base, clientId, 'cliente@demo.cr', DEMO_PASSWORD);
  const productos = await json(base, 'GET', '/api/productos/activos', { token: demo.token });
  const producto = productos.items.find((p: { codigo: string }) => p.codigo === 'PERS-01') ?? productos.items[0];
  const metodos = await json(base, 'GET', '/api/metodos-pago', { token: demo.token });
  const canal = String(metodos.items.find((m: { activo: boolean }) => m.activo).codigo);

  const rng = createRng(7_007);
  const sello = Date.now().toString(36);
  const nuevos: Usuario[] = [];
  for (let i = 0; i < CLIENTES_NUEVOS; i++) {
    const email = `bench.${sello}.${i}@bench.cr`;
    const persona = {
      nombre: rng.pick(NOMBRES),
      apellido: `${rng.pick(APELLIDOS)} ${rng.pick(APELLIDOS)}`,
      telefono: '+506 8888-1234',
    };
    // the account through the server (it checks the rules; a direct Cognito SignUp is refused)
    await json(base, 'POST', '/api/auth/registro', { body: { ...persona, email, password: PASSWORD } }, 201);
    const u = await iniciarSesion(base, clientId, email, PASSWORD);
    await json(base, 'POST', '/api/portal/registro', { token: u.token, body: persona }, 201);
    const sol = await json(
      base,
      'POST',
      '/api/portal/solicitudes',
      {
        token: u.token,
        body: {
          producto_id: producto.id,
          monto_solicitado_centimos: rng.int(20, 80) * 10_000_00,
          plazo_meses: rng.pick([6, 12, 24, 36]),
        },
      },
      201,
    );
    await json(base, 'POST', `/api/solicitudes/${sol.id}/analizar`, { token: analista.token, body: {} });
    await json(base, 'POST', `/api/solicitudes/${sol.id}/aprobar`, { token: analista.token, body: {} });
    // the administrator disburses (the KYC of a customer who just signed up is still pending)
    await json(base, 'POST', `/api/solicitudes/${sol.id}/desembolsar`, {
      token: admin.token,
      headers: { 'idempotency-key': `bench-${sol.id}` },
      body: { canal_desembolso: 'sinpe_movil', cuenta_destino: '8888-1234', override_motivo: 'Cliente de la prueba de carga' },
    });
    nuevos.push(u);
  }
  const clientes: Cliente[] = [];
  for (const u of [demo, ...nuevos]) {
    const creditos = await json(base, 'GET', '/api/portal/creditos?limit=100', { token: u.token });
    const ids = (creditos.items as Array<{ id: string; estado: string }>)
      .filter((c) => ['vigente', 'al_dia', 'vencido'].includes(c.estado))
      .map((c) => c.id);
    if (ids.length === 0) throw new Error(`${u.email} no tiene créditos activos`);
    clientes.push({ ...u, creditos: ids });
  }
  const me = await json(base, 'GET', '/api/me', { token: demo.token });

  // search terms as staff type them: names, surnames, emails, cédulas, credit numbers
  const listaClientes = await json(base, 'GET', '/api/clientes?limit=100', { token: staff[0]!.token });
  const terminosClientes = new Set<string>();
  for (const c of listaClientes.items as Array<{
    nombre: string;
    apellido: string;
    email: string | null;
    identidad_numero: string | null;
  }>) {
    terminosClientes.add(c.nombre.split(' ')[0]!.toLowerCase());
    terminosClientes.add(c.apellido.split(' ')[0]!);
    if (c.email) terminosClientes.add(c.email);
    if (c.identidad_numero) terminosClientes.add(c.identidad_numero);
  }
  const listaCreditos = await json(base, 'GET', '/api/creditos?limit=100', { token: staff[0]!.token });
  const terminosCreditos = new Set<string>();
  for (const c of listaCreditos.items as Array<{ numero_credito: string; cliente_apellido?: string }>) {
    terminosCreditos.add(c.numero_credito);
    if (c.cliente_apellido) terminosCreditos.add(c.cliente_apellido.split(' ')[0]!.toLowerCase());
  }
  const creditos = clientes.reduce((s, c) => s + c.creditos.length, 0);
  log(
    `  datos: ${clientes.length} clientes del portal con ${creditos} créditos activos, ${terminosClientes.size} + ${terminosCreditos.size} términos de búsqueda ` +
      `(${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );
  return {
    staff,
    clientes,
    terminosClientes: [...terminosClientes],
    terminosCreditos: [...terminosCreditos],
    canal,
    clienteKey: keys.cliente(String(me.cliente.id)),
  };
}

// ---------------------------------------------------------------- the mix

interface Peticion {
  method: string;
  path: string;
  token: string;
  body?: unknown;
  headers?: Record<string, string>;
  expect: number;
  /** Returns what is wrong with a successful answer, if anything. */
  check?: (res: Respuesta) => string | null;
}

interface Usuario_Virtual {
  n: number;
  rng: Rng;
  staff: Usuario;
  cliente: Cliente;
  seq: number;
  /** The last payment report sent, for a client-side retry with the same Idempotency-Key. */
  ultimoPago?: { body: unknown; key: string; id: string };
}

interface Operacion {
  name: string;
  group: 'staff' | 'portal' | 'pagos';
  weight: number;
  make: (vu: Usuario_Virtual, d: Datos, nivel: string) => Peticion | null;
}

const q = encodeURIComponent;

/** A GET of a fixed path, by the staff user or by the portal client. */
function lectura(path: string, group: 'staff' | 'portal', weight: number): Operacion {
  return {
    name: `GET ${path}`,
    group,
    weight,
    make: (vu) => ({ method: 'GET', path, token: (group === 'staff' ? vu.staff : vu.cliente).token, expect: 200 }),
  };
}

/** A staff search: `path?q=` with one of the terms the data set was seeded with. */
function busqueda(path: string, weight: number, terminos: (d: Datos) => string[]): Operacion {
  return {
    name: `GET ${path}?q=`,
    group: 'staff',
    weight,
    make: (vu, d) => ({ method: 'GET', path: `${path}?q=${q(vu.rng.pick(terminos(d)))}`, token: vu.staff.token, expect: 200 }),
  };
}

const MIX: Operacion[] = [
  // back office: the lists and searches the staff screens open, and the dashboard
  lectura('/api/clientes', 'staff', 7),
  busqueda('/api/clientes', 8, (d) => d.terminosClientes),
  lectura('/api/creditos', 'staff', 5),
  busqueda('/api/creditos', 7, (d) => d.terminosCreditos),
  lectura('/api/solicitudes', 'staff', 5),
  lectura('/api/solicitudes?pendientes=true', 'staff', 3),
  lectura('/api/dashboard', 'staff', 10),
  lectura('/api/pagos?estado=registrado', 'staff', 4),
  // customer portal: the reads the portal's home, credit detail and bell make
  lectura('/api/portal/resumen', 'portal', 10),
  lectura('/api/portal/creditos', 'portal', 7),
  {
    name: 'GET /api/portal/creditos/{id}/cuotas',
    group: 'portal',
    weight: 8,
    make: (vu) => ({
      method: 'GET',
      path: `/api/portal/creditos/${vu.rng.pick(vu.cliente.creditos)}/cuotas?limit=100`,
      token: vu.cliente.token,
      expect: 200,
    }),
  },
  lectura('/api/notificaciones', 'portal', 8),
  lectura('/api/notificaciones/no-leidas', 'portal', 8),
  // payment reports, each with its own Idempotency-Key…
  {
    name: 'POST /api/portal/pagos',
    group: 'pagos',
    weight: 6,
    make: (vu, d, nivel) => {
      const key = `bench-${nivel}-${vu.n}-${++vu.seq}`;
      const body = {
        credito_id: vu.rng.pick(vu.cliente.creditos),
        monto_centimos: vu.rng.int(1_000, 5_000) * 100,
        fecha_pago: hoyCR(),
        canal: d.canal,
        referencia_pago: `BENCH-${nivel}-${vu.n}-${vu.seq}`,
      };
      return {
        method: 'POST',
        path: '/api/portal/pagos',
        token: vu.cliente.token,
        body,
        headers: { 'idempotency-key': key },
        expect: 201,
        check: (res) => {
          const pago = JSON.parse(res.body) as { id?: string; estado?: string };
          if (pago.estado !== 'registrado' || !pago.id) return `estado ${pago.estado}`;
          if (res.headers['idempotent-replayed']) return 'una clave nueva se respondió como repetida';
          vu.ultimoPago = { body, key, id: pago.id };
          return null;
        },
      };
    },
  },
  // …and the client retrying its last report with the same key: the first payment comes back, nothing new is written
  {
    name: 'POST /api/portal/pagos (same key again)',
    group: 'pagos',
    weight: 2,
    make: (vu) => {
      const previo = vu.ultimoPago;
      if (!previo) return null;
      return {
        method: 'POST',
        path: '/api/portal/pagos',
        token: vu.cliente.token,
        body: previo.body,
        headers: { 'idempotency-key': previo.key },
        expect: 201,
        check: (res) => {
          const pago = JSON.parse(res.body) as { id?: string };
          if (pago.id !== previo.id) return `otro pago (${pago.id}) para la misma clave`;
          if (res.headers['idempotent-replayed'] !== 'true') return 'sin idempotent-replayed';
          return null;
        },
      };
    },
  },
];
const PESO_TOTAL = MIX.reduce((s, o) => s + o.weight, 0);

function elegir(rng: Rng): Operacion {
  let r = rng.next() * PESO_TOTAL;
  for (const op of MIX) if ((r -= op.weight) < 0) return op;
  return MIX[MIX.length - 1]!;
}

// ---------------------------------------------------------------- one level

interface PorOperacion {
  lat: number[];
  errores: Map<string, number>;
}

interface Nivel {
  users: number;
  seconds: number;
  requests: number;
  errors: number;
  erroresPorTipo: Map<string, number>;
  lat: Latencias;
  porOperacion: Map<string, { lat: Latencias; errors: number }>;
  getDuring: Latencias;
  getAlone: Latencias & { opsPerSecond: number };
  cpu: { gateway: number; dynamo: number; generador: number; otros: number };
  load: string;
}

function dynamoClient(stack: Stack): DynamoDBClient {
  // the SDK defaults the handlers run with (keep-alive, 50 sockets), pointed at the stack's DynamoDB Local
  return new DynamoDBClient({
    endpoint: stack.dynamoUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

async function getItem(client: DynamoDBClient, key: { pk: string; sk: string }): Promise<number> {
  const t0 = performance.now();
  const out = await client.send(new GetItemCommand({ TableName: 'cuota', Key: { pk: { S: key.pk }, sk: { S: key.sk } } }));
  if (!out.Item) throw new Error('GetItem sin ítem');
  return performance.now() - t0;
}

/** `users` concurrent loops of bare GetItem for `seconds`. */
async function getItemSolo(client: DynamoDBClient, key: { pk: string; sk: string }, users: number, seconds: number) {
  const lat: number[] = [];
  const t0 = performance.now();
  const end = t0 + seconds * 1000;
  await Promise.all(
    Array.from({ length: users }, async () => {
      while (performance.now() < end) lat.push(await getItem(client, key));
    }),
  );
  return { ...latencias(lat), opsPerSecond: lat.length / ((performance.now() - t0) / 1000) };
}

async function nivel(
  stack: Stack,
  d: Datos,
  client: DynamoDBClient,
  users: number,
  seconds: number,
  etiqueta: string,
  log: Log,
): Promise<Nivel> {
  const por = new Map<string, PorOperacion>(MIX.map((o) => [o.name, { lat: [], errores: new Map() }]));
  const todas: number[] = [];
  const erroresPorTipo = new Map<string, number>();
  let errors = 0;
  const anotar = (op: string, tipo: string) => {
    errors++;
    const k = `${op} → ${tipo}`;
    erroresPorTipo.set(k, (erroresPorTipo.get(k) ?? 0) + 1);
    por.get(op)!.errores.set(tipo, (por.get(op)!.errores.get(tipo) ?? 0) + 1);
  };

  const cpu0 = stack.cpu();
  const gen0 = process.cpuUsage();
  const busy0 = machineBusySeconds();
  const load = loadAverage();
  const t0 = performance.now();
  const end = t0 + seconds * 1000;

  const vus: Usuario_Virtual[] = Array.from({ length: users }, (_, n) => ({
    n,
    rng: createRng(1_000 * users + n),
    staff: d.staff[n % d.staff.length]!,
    cliente: d.clientes[n % d.clientes.length]!,
    seq: 0,
  }));
  const loop = async (vu: Usuario_Virtual) => {
    while (performance.now() < end) {
      const op = elegir(vu.rng);
      const p = op.make(vu, d, etiqueta);
      if (!p) continue;
      const s = performance.now();
      try {
        const res = await http(stack.url, p.method, p.path, { token: p.token, body: p.body, headers: p.headers });
        const dt = performance.now() - s;
        todas.push(dt);
        por.get(op.name)!.lat.push(dt);
        if (res.status !== p.expect) anotar(op.name, `HTTP ${res.status}${res.body ? ` ${res.body.slice(0, 120)}` : ''}`);
        else {
          const problema = p.check?.(res);
          if (problema) anotar(op.name, problema);
        }
      } catch (error) {
        const dt = performance.now() - s;
        todas.push(dt);
        por.get(op.name)!.lat.push(dt);
        anotar(op.name, (error as Error).message);
      }
    }
  };
  // a bare GetItem every 25 ms on its own connection while the users run: DynamoDB Local's
  // answer time under this load (one extra request in flight at most)
  const during: number[] = [];
  let sondaFallos = 0;
  const sonda = async () => {
    while (performance.now() < end) {
      try {
        during.push(await getItem(client, d.clienteKey));
      } catch {
        sondaFallos++;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  await Promise.all([...vus.map(loop), sonda()]);
  const elapsed = (performance.now() - t0) / 1000;
  if (sondaFallos > 0) erroresPorTipo.set(`GetItem probe (not counted in Errors) → failed`, sondaFallos);

  const cpu1 = stack.cpu();
  const gen = process.cpuUsage(gen0);
  const busy = machineBusySeconds() - busy0;
  const gateway = cpu1.gateway - cpu0.gateway;
  const dynamo = cpu1.dynamo - cpu0.dynamo;
  const generador = (gen.user + gen.system) / 1e6;
  const emuladores = cpu1.emuladores - cpu0.emuladores;
  const otros = Math.max(0, busy - gateway - dynamo - generador - emuladores);
  const pct = (s: number) => (100 * s) / elapsed;

  // the same GetItem alone, from as many concurrent callers as the level has users
  const soloSeconds = Math.max(3, Math.min(15, Math.round(seconds / 4)));
  const getAlone = await getItemSolo(client, d.clienteKey, users, soloSeconds);

  const porOperacion = new Map(
    [...por].map(([k, v]) => [k, { lat: latencias(v.lat), errors: [...v.errores.values()].reduce((a, b) => a + b, 0) }]),
  );
  const r: Nivel = {
    users,
    seconds: elapsed,
    requests: todas.length,
    errors,
    erroresPorTipo,
    lat: latencias(todas),
    porOperacion,
    getDuring: latencias(during),
    getAlone,
    cpu: { gateway: pct(gateway), dynamo: pct(dynamo), generador: pct(generador), otros: pct(otros + emuladores) },
    load,
  };
  log(
    `  ${users} usuarios: ${fmt(r.requests)} peticiones en ${elapsed.toFixed(1)} s = ${fmt(r.requests / elapsed, 1)}/s, ` +
      `p50/p95/p99 ${trio(r.lat)} ms, ${r.errors} errores; GetItem durante ${trio(r.getDuring)} ms, solo ×${users} ${trio(getAlone)} ms; ` +
      `p50 ÷ GetItem durante ${razon(r)}`,
  );
  return r;
}

// ---------------------------------------------------------------- the report

/** The level's request p50 over the bare GetItem's p50 measured during it (the gateway's overhead ratio). */
const razon = (n: Pick<Nivel, 'lat' | 'getDuring'>) => `${(n.lat.p50 / n.getDuring.p50).toFixed(2)}×`;

export async function carga(stack: Stack, seconds: number, log: Log): Promise<string[]> {
  const d = await preparar(stack, log);
  const client = dynamoClient(stack);
  const idle = await getItemSolo(client, d.clienteKey, 1, 3);
  log(`  GetItem en reposo: ${trio(idle)} ms`);

  // warm-up, not reported: every route's handler module is imported (and transpiled) on first use
  const vuCalentamiento: Usuario_Virtual = { n: 0, rng: createRng(1), staff: d.staff[0]!, cliente: d.clientes[0]!, seq: 0 };
  for (const op of MIX) {
    const p = op.make(vuCalentamiento, d, 'calentamiento');
    if (p)
      await http(stack.url, p.method, p.path, { token: p.token, body: p.body, headers: p.headers }).then((r) => p.check?.(r));
  }
  await nivel(stack, d, client, 10, Math.min(5, seconds), 'calentamiento', () => {});

  const niveles: Nivel[] = [];
  for (const users of [1, 10, 50]) {
    niveles.push(await nivel(stack, d, client, users, seconds, `u${users}`, log));
    await new Promise((r) => setTimeout(r, 2_000)); // the stream poller drains what the level wrote
  }
  client.destroy();
  agent.destroy();

  const pesos = (g: Operacion['group']) => MIX.filter((o) => o.group === g).reduce((s, o) => s + o.weight, 0);
  const errores = niveles.flatMap((n) =>
    [...n.erroresPorTipo].map(([k, v]) => `| ${n.users} | ${k.replace(/\|/g, '\\|')} | ${fmt(v)} |`),
  );
  return [
    `Each level runs ${seconds} s of closed-loop virtual users on loopback against the local gateway of \`npm start\``,
    '(its own stack on port ' +
      stack.port +
      ', fresh demo data): each user sends its next request as soon as the previous answer',
    'arrives (no think time), so N users keep N requests in flight — the most load N people could make. Every request is a',
    'real signed-in call (cognito-local ID tokens, JWT verified by the gateway). The mix, by weight:',
    `staff ${pesos('staff')}% (lists and searches of clientes, créditos and solicitudes, dashboard, pending payments; admin,`,
    `analista and cobrador tokens), customer portal ${pesos('portal')}% (resumen, créditos, cuotas, notificaciones and the unread count, spread`,
    `over ${d.clientes.length} customers with ${d.clientes.reduce((s, c) => s + c.creditos.length, 0)} active credits) and payment reports ${pesos('pagos')}% (each with a new Idempotency-Key, and one in four`,
    'of them a retry of the previous report with the same key, which must return the same payment with `idempotent-replayed`).',
    'An error is any answer other than the expected 200/201, a failed check or a network failure.',
    '',
    'Next to each level, a bare DynamoDB Local `GetItem` (one item, the AWS SDK v3 with the defaults the handlers use) on the',
    "same stack's DynamoDB Local: *during* = one probe every 25 ms while the users run; *alone* = as many concurrent GetItem",
    `loops as the level has users, right after it (${Math.max(3, Math.min(15, Math.round(seconds / 4)))} s). Idle, one at a time: ${trio(idle)} ms (p50 / p95 / p99).`,
    '',
    '| Users | Requests | Throughput (req/s) | Latency p50 / p95 / p99 (ms) | Errors | GetItem during load p50 / p95 / p99 (ms) | p50 ÷ GetItem during p50 | GetItem alone ×N p50 / p95 / p99 (ms) | GetItem alone (ops/s) |',
    '|---:|---:|---:|---|---:|---|---:|---|---:|',
    ...niveles.map(
      (n) =>
        `| ${n.users} | ${fmt(n.requests)} | ${fmt(n.requests / n.seconds, 1)} | ${trio(n.lat)} | ${fmt(n.errors)} | ${trio(n.getDuring)} | ${razon(n)} | ${trio(n.getAlone)} | ${fmt(n.getAlone.opsPerSecond)} |`,
    ),
    '',
    'Where the CPU went during each level (percent of one core; the machine has ' +
      `${cpus().length} cores, so 200% is all of it). *Other* is everything else on the machine (other`,
    'processes, and the emulators), from /proc/stat — a busy neighbour shows here.',
    '',
    '| Users | Gateway + handlers (1 Node process) | DynamoDB Local (Java) | Load generator | Other | Load average at start |',
    '|---:|---:|---:|---:|---:|---|',
    ...niveles.map(
      (n) =>
        `| ${n.users} | ${fmt(n.cpu.gateway)}% | ${fmt(n.cpu.dynamo)}% | ${fmt(n.cpu.generador)}% | ${fmt(n.cpu.otros)}% | ${n.load} |`,
    ),
    '',
    'Per request (p50 / p95 / p99 ms, and the number of requests):',
    '',
    `| Request | weight | ${niveles.map((n) => `${n.users} user${n.users > 1 ? 's' : ''}`).join(' | ')} |`,
    `|---|---:|${niveles.map(() => '---|').join('')}`,
    ...MIX.map(
      (o) =>
        `| \`${o.name}\` | ${o.weight} | ${niveles
          .map((n) => {
            const x = n.porOperacion.get(o.name)!;
            return `${trio(x.lat)} (${fmt(x.lat.n)}${x.errors ? `, **${x.errors} errors**` : ''})`;
          })
          .join(' | ')} |`,
    ),
    '',
    ...(errores.length
      ? ['Errors by kind:', '', '| Users | Request → answer | Count |', '|---:|---|---:|', ...errores.slice(0, 30)]
      : ['No errors at any level.']),
  ];
}
