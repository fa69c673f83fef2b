import { fechaNegocio, sumarDias } from '@cuota/shared';
import type { Route } from '@cuota/functions/manifest';
import { generateKeyPair, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod/mini';
import { PASSWORD, type PilaLocal, type Respuesta, type UsuarioPila } from '../support/local-stack';
import { type Dueno, type Firmado, type Rol, ROLES, type TipoId } from './matrix';

/**
 * The world the matrix runs in, built through the API with real tokens: customers A and B
 * (self-registered client records, two disbursed credits, a pending solicitud, reported pagos and
 * notifications each), a signed-in user without a client record, one user per staff role, a
 * product, a campaign, a staff user to manage, and a Stripe secret that only admins may read.
 */

export type Cliente = 'a' | 'b';

export interface Mundo {
  pila: PilaLocal;
  usuarios: Record<Firmado, UsuarioPila>;
  tokens: Record<Rol, string | undefined>;
  clientes: Record<Cliente, { id: string; nombre: string; apellido: string; telefono: string }>;
  producto: { id: string; codigo: string };
  creditos: Record<Cliente, Array<{ id: string; numero_credito: string }>>;
  solicitudes: Record<Cliente, string[]>;
  pagos: Record<Cliente, string[]>;
  notificaciones: Record<Cliente, string[]>;
  campana: string;
  /** A bank statement uploaded by the administrator (its line 2 has no match). */
  extracto: string;
  /** A staff user the usuarios routes act on. */
  victima: string;
  secretoStripe: string;
  /** Per caller, an account with a pending password-reset code (each successful reset uses one up). */
  restablecer: Record<Rol, { email: string; codigo: string }>;
  /** Every identifier of each customer's data: none may appear in another caller's answers. */
  secretos: Record<Cliente, Set<string>>;
}

let n = 0;
export const unico = () => `${Date.now().toString(36)}${(++n).toString(36)}`;

export const NOMBRES: Record<Cliente, { nombre: string; apellido: string; telefono: string }> = {
  a: { nombre: 'Anacleto', apellido: 'Zumbado Arce', telefono: '+50688112233' },
  b: { nombre: 'Bernardina', apellido: 'Quirós Brenes', telefono: '+50677445566' },
};

/** The terms of the world's product (its code is the world's own). */
const PRODUCTO_DEL_MUNDO = {
  nombre: 'Microcrédito de seguridad',
  monto_minimo_centimos: 100_00,
  monto_maximo_centimos: 2_000_000_00,
  plazo_minimo_meses: 1,
  plazo_maximo_meses: 36,
  tasa_interes_anual: '24.00',
  tasa_moratoria_anual: '31.20',
  es_microcredito: true,
};

async function ok(p: Promise<Respuesta>, esperado: number, que: string) {
  const res = await p;
  if (res.status !== esperado) throw new Error(`${que}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function construirMundo(pila: PilaLocal): Promise<Mundo> {
  const suf = unico();
  const nuevo = (prefijo: string, nombre: string, apellido: string, grupos: Array<'admin' | 'analista' | 'cobrador'> = []) =>
    pila.crearUsuario({ email: `${prefijo}.${suf}@prueba.cr`, nombre, apellido, grupos });
  const [a, b, sinCliente, cobrador, analista, admin] = await Promise.all([
    nuevo('cliente-a', NOMBRES.a.nombre, NOMBRES.a.apellido),
    nuevo('cliente-b', NOMBRES.b.nombre, NOMBRES.b.apellido),
    nuevo('sin-cliente', 'Celestino', 'Sin Ficha'),
    nuevo('cobrador', 'Marco', 'Cobros', ['cobrador']),
    nuevo('analista', 'Luisa', 'Análisis', ['analista']),
    nuevo('admin', 'Adriana', 'Administra', ['admin']),
  ]);
  const usuarios: Record<Firmado, UsuarioPila> = {
    'cliente-a': a,
    'cliente-b': b,
    'sin-cliente': sinCliente,
    cobrador,
    analista,
    admin,
  };
  const api = pila.api;

  // settings, payment methods and bank accounts as the local stack seeds them
  const { seedConfiguracion } = await import('../../infra/local/seed/configuracion');
  await seedConfiguracion(new Date());
  await ok(
    api('PUT', '/api/configuracion/allow_credit_card_payments', { token: admin.idToken, body: { valor: 'true' } }),
    200,
    'tarjeta',
  );
  // an analyst may disburse (the route's roles), as the setting allows
  await ok(
    api('PUT', '/api/configuracion/desembolso_analista', { token: admin.idToken, body: { valor: 'true' } }),
    200,
    'desembolso_analista',
  );
  const secretoStripe = `sk_test_SECRETO${suf.toUpperCase()}`;
  await ok(
    api('PUT', '/api/configuracion/stripe_secret_key', { token: admin.idToken, body: { valor: secretoStripe } }),
    200,
    'stripe',
  );

  const producto = await ok(
    api('POST', '/api/productos', {
      token: admin.idToken,
      body: {
        codigo: `SEG${n}${suf}`.slice(0, 20).toUpperCase(),
        ...PRODUCTO_DEL_MUNDO,
      },
    }),
    201,
    'producto',
  );

  const mundo: Mundo = {
    pila,
    usuarios,
    tokens: {} as Mundo['tokens'],
    clientes: {} as Mundo['clientes'],
    producto: { id: producto.id, codigo: producto.codigo },
    creditos: { a: [], b: [] },
    solicitudes: { a: [], b: [] },
    pagos: { a: [], b: [] },
    notificaciones: { a: [], b: [] },
    campana: '',
    extracto: '',
    victima: '',
    secretoStripe,
    restablecer: {} as Mundo['restablecer'],
    secretos: { a: new Set(), b: new Set() },
  };
  // public reset route: one account with a live code per caller, since a code works once. One
  // after another: cognito-local saves its data file with concurrent fs.writeFile calls, and two
  // saves at once can leave the file torn until the next save, so the code could not be read.
  const restablecer: Array<readonly [string, { email: string; codigo: string }]> = [];
  for (const rol of ROLES) {
    const u = await nuevo(`olvido-${rol}`, 'Olvido', 'Clave');
    restablecer.push([rol, { email: u.email, codigo: await pila.codigoRestablecimiento(u.email) }]);
  }
  mundo.restablecer = Object.fromEntries(restablecer) as Mundo['restablecer'];

  for (const x of ['a', 'b'] as const) {
    const u = usuarios[x === 'a' ? 'cliente-a' : 'cliente-b'];
    const cliente = await ok(api('POST', '/api/portal/registro', { token: u.idToken, body: NOMBRES[x] }), 201, `registro ${x}`);
    mundo.clientes[x] = { id: cliente.id, ...NOMBRES[x] };
    for (const s of [cliente.id, u.sub, u.email, NOMBRES[x].nombre, NOMBRES[x].apellido, NOMBRES[x].telefono])
      mundo.secretos[x].add(s);
    for (let i = 0; i < 2; i++) {
      const solicitud = await nuevaSolicitud(mundo, x);
      const aprobada = await desembolsada(mundo, solicitud);
      mundo.creditos[x].push({ id: aprobada.credito.id, numero_credito: aprobada.credito.numero_credito });
      mundo.secretos[x].add(aprobada.credito.id).add(aprobada.credito.numero_credito);
    }
    mundo.solicitudes[x].push(await nuevaSolicitud(mundo, x));
    for (let i = 0; i < 2; i++) mundo.pagos[x].push(await nuevoPago(mundo, x));
    const notificaciones = await ok(api('GET', '/api/notificaciones', { token: u.idToken }), 200, 'notificaciones');
    mundo.notificaciones[x] = notificaciones.items.map((i: { id: string }) => i.id);
    if (mundo.notificaciones[x].length < 2) throw new Error(`sin notificaciones para ${x}`);
    for (const id of mundo.notificaciones[x]) mundo.secretos[x].add(id);
  }

  mundo.campana = (
    await ok(
      api('POST', '/api/campanas', {
        token: admin.idToken,
        body: { nombre: 'Campaña de prueba', asunto: 'Hola', mensaje_html: '<p>Hola</p>', mensaje_texto: 'Hola' },
      }),
      201,
      'campana',
    )
  ).id;
  mundo.extracto = await nuevoExtracto(mundo);
  mundo.victima = (
    await ok(
      api('POST', '/api/usuarios', {
        token: admin.idToken,
        body: {
          nombre: 'Víctor',
          apellido: 'Gestionado',
          email: `victima.${suf}@prueba.cr`,
          rol: 'analista',
          password: PASSWORD,
        },
      }),
      201,
      'usuario',
    )
  ).id;

  mundo.tokens = {
    ...(await tokensInvalidos(pila, a)),
    ...Object.fromEntries(Object.entries(usuarios).map(([k, u]) => [k, u.idToken])),
  } as Mundo['tokens'];
  return mundo;
}

/**
 * Tokens that must all be refused: each differs from a real ID token in one respect. The forged
 * ones claim the admin group, so accepting any of them would be a privilege escalation.
 */
async function tokensInvalidos(pila: PilaLocal, a: UsuarioPila): Promise<Record<string, string | undefined>> {
  const real = JSON.parse(Buffer.from(a.idToken.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
  const ahora = Math.floor(Date.now() / 1000);
  const admin = { ...real, 'cognito:groups': ['admin'] };
  const { privateKey: otraClave } = await generateKeyPair('RS256');
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return {
    'sin-token': undefined,
    'token-basura': 'abc.def.ghi',
    'token-expirado': await pila.firmar({ ...real, iat: ahora - 7200, exp: ahora - 3600 }),
    'emisor-ajeno': await pila.firmar({ ...admin, iss: 'http://127.0.0.1:1/us-east-1_otro' }),
    'audiencia-ajena': await pila.firmar({ ...admin, aud: 'otra-aplicacion' }),
    'firma-ajena': await new SignJWT(admin).setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' }).sign(otraClave),
    'sin-firma': `${b64({ alg: 'none', typ: 'JWT' })}.${b64(admin)}.`,
    // a genuine access token is not an ID token (no audience, token_use access)
    'token-de-acceso': a.accessToken,
  };
}

const dueno = (x: Dueno): Cliente => (x === 'a' ? 'a' : 'b');

/** A new solicitud (enviado) for the customer, made by the analyst. */
export async function nuevaSolicitud(mundo: Mundo, x: Cliente): Promise<string> {
  const s = await ok(
    mundo.pila.api('POST', '/api/solicitudes', {
      token: mundo.usuarios.analista.idToken,
      body: {
        cliente_id: mundo.clientes[x].id,
        producto_id: mundo.producto.id,
        monto_solicitado_centimos: 100_000_00,
        plazo_meses: 6,
      },
    }),
    201,
    'solicitud',
  );
  mundo.secretos[x].add(s.id).add(s.numero_solicitud);
  return s.id;
}

/** A new approved solicitud (not disbursed) for the customer. */
export async function nuevaAprobada(mundo: Mundo, x: Cliente): Promise<string> {
  const id = await nuevaSolicitud(mundo, x);
  await ok(
    mundo.pila.api('POST', `/api/solicitudes/${id}/aprobar`, { token: mundo.usuarios.admin.idToken, body: {} }),
    200,
    'aprobar',
  );
  return id;
}

/** Approve then disburse (as the administrator, with its own Idempotency-Key) → the disbursement's answer. */
async function desembolsada(mundo: Mundo, id: string) {
  const admin = mundo.usuarios.admin.idToken;
  await ok(mundo.pila.api('POST', `/api/solicitudes/${id}/aprobar`, { token: admin, body: {} }), 200, 'aprobar');
  return ok(
    mundo.pila.api('POST', `/api/solicitudes/${id}/desembolsar`, {
      token: admin,
      headers: { 'idempotency-key': `authz-${id}` },
      body: { canal_desembolso: 'efectivo', override_motivo: 'Matriz de autorización: KYC en trámite' },
    }),
    200,
    'desembolsar',
  );
}

/** A new reported pago (registrado) by the customer on their first credit. */
export async function nuevoPago(mundo: Mundo, x: Cliente): Promise<string> {
  const p = await ok(
    mundo.pila.api('POST', '/api/portal/pagos', {
      token: mundo.usuarios[x === 'a' ? 'cliente-a' : 'cliente-b'].idToken,
      body: {
        credito_id: mundo.creditos[x][0]!.id,
        monto_centimos: 5_000_00,
        fecha_pago: hoy(),
        canal: 'transferencia',
        referencia_pago: null,
      },
    }),
    201,
    'pago',
  );
  mundo.secretos[x].add(p.id).add(p.referencia_pago);
  return p.id;
}

export const hoy = () => fechaNegocio(new Date());

/** The id a case names: the owner's first resource of the type, an existing global one, or a random one. */
export function idDe(mundo: Mundo, tipo: TipoId, d: Dueno): string {
  if (d === 'ninguno') return tipo === 'clave' ? 'clave_que_no_existe' : tipo === 'banco' ? 'inexistente' : randomUUID();
  const x = dueno(d);
  switch (tipo) {
    case 'cliente':
      return mundo.clientes[x].id;
    case 'solicitud':
      return mundo.solicitudes[x][0]!;
    case 'credito':
      return mundo.creditos[x][0]!.id;
    case 'pago':
      return mundo.pagos[x][0]!;
    case 'notificacion':
      return mundo.notificaciones[x][0]!;
    case 'producto':
      return mundo.producto.id;
    case 'metodo-pago':
      return 'efectivo';
    case 'campana':
      return mundo.campana;
    case 'usuario':
      return mundo.victima;
    case 'clave':
      return 'allow_credit_card_payments';
    case 'extracto':
      return mundo.extracto;
    case 'banco':
      return 'bn';
  }
}

/** Path parameters besides the one the matrix classifies (a statement's line number). */
export const OTROS_PARAMETROS: Record<string, string> = { n: '2' };

/** A BN statement with one deposit no reported payment matches (its content unique, so every upload is new). */
export const extractoBN = () => {
  const s = unico();
  return `Fecha;Referencia;Descripción;Débito;Crédito;Saldo\r\n${hoy().split('-').reverse().join('/')};M${s};DEPOSITO MATRIZ ${s};;1,23;${s.length},00`;
};

/** A statement uploaded by the administrator → its id. */
export async function nuevoExtracto(mundo: Mundo): Promise<string> {
  const e = await ok(
    mundo.pila.api('POST', '/api/conciliacion/extractos', {
      token: mundo.usuarios.admin.idToken,
      body: { banco: 'bn', nombre_archivo: 'matriz.csv', contenido: extractoBN() },
    }),
    201,
    'extracto',
  );
  return e.id;
}

/** A new counter payment (applied at once, with its receipt) by an admin on the customer's first credit. */
export async function nuevoPagoVentanilla(mundo: Mundo, x: Cliente): Promise<string> {
  const p = await ok(
    mundo.pila.api('POST', `/api/creditos/${mundo.creditos[x][0]!.id}/pagos`, {
      token: mundo.usuarios.admin.idToken,
      headers: { 'idempotency-key': randomUUID() },
      body: { monto_centimos: 1_000_00, fecha_pago: hoy(), canal: 'efectivo' },
    }),
    201,
    'pago',
  );
  mundo.secretos[x].add(p.id).add(p.numero_recibo);
  return p.id;
}

/** The proposal each restructuring route acts on, by route and credit (the body names it). */
const propuestas = new Map<string, string>();

/** An analista's proposal (a prórroga) on the customer's second credit, for an admin to approve or reject. */
async function nuevaPropuesta(mundo: Mundo, x: Cliente, ruta: string): Promise<string> {
  const credito = mundo.creditos[x][1]!.id;
  const p = await ok(
    mundo.pila.api('POST', `/api/creditos/${credito}/reestructurar`, {
      token: mundo.usuarios.analista.idToken,
      headers: { 'idempotency-key': randomUUID() },
      body: {
        tipo: 'prorroga',
        capitalizar_mora: false,
        meses_prorroga: ruta === 'aprobar' ? 1 : 2,
        motivo: 'Propuesta de la matriz',
      },
    }),
    201,
    'propuesta',
  );
  propuestas.set(`${ruta}:${credito}`, p.id);
  return credito;
}

const propuestaDe = (ruta: string, credito: string) => propuestas.get(`${ruta}:${credito}`) ?? '01ZZZZZZZZZZZZZZZZZZZZZZZZ';

/**
 * A credit of the customer whose first cuota falls due in 15 days (one per customer, kept): a
 * payment promise needs a cuota due by its date, and the matrix's own credits fall due a month out.
 */
const porVencer = new Map<Cliente, Promise<string>>();
export function creditoPorVencer(mundo: Mundo, x: Cliente): Promise<string> {
  let id = porVencer.get(x);
  if (!id) {
    id = (async () => {
      const solicitud = await nuevaSolicitud(mundo, x);
      const admin = mundo.usuarios.admin.idToken;
      await ok(mundo.pila.api('POST', `/api/solicitudes/${solicitud}/aprobar`, { token: admin, body: {} }), 200, 'aprobar');
      const d = await ok(
        mundo.pila.api('POST', `/api/solicitudes/${solicitud}/desembolsar`, {
          token: admin,
          headers: { 'idempotency-key': `authz-porvencer-${solicitud}` },
          body: {
            canal_desembolso: 'efectivo',
            override_motivo: 'Matriz de autorización: KYC en trámite',
            fecha_primer_vencimiento: sumarDias(hoy(), 15),
          },
        }),
        200,
        'desembolsar',
      );
      mundo.secretos[x].add(d.credito.id).add(d.credito.numero_credito);
      return String(d.credito.id);
    })();
    porVencer.set(x, id);
  }
  return id;
}

/**
 * State-changing routes get a fresh resource of the owner for every allowed call, so one role's
 * approval does not turn the next role's into a 409.
 */
export const FRESCOS: Partial<Record<Route['id'], (mundo: Mundo, d: Dueno) => Promise<string>>> = {
  'analizar-solicitud': (m, d) => nuevaSolicitud(m, dueno(d)),
  'aprobar-solicitud': (m, d) => nuevaSolicitud(m, dueno(d)),
  'rechazar-solicitud': (m, d) => nuevaSolicitud(m, dueno(d)),
  'desembolsar-solicitud': (m, d) => nuevaAprobada(m, dueno(d)),
  'cancelar-solicitud': (m, d) => nuevaAprobada(m, dueno(d)),
  'aprobar-pago': (m, d) => nuevoPago(m, dueno(d)),
  'rechazar-pago': (m, d) => nuevoPago(m, dueno(d)),
  'revertir-pago': (m, d) => nuevoPagoVentanilla(m, dueno(d)),
  'registrar-promesa': (m, d) => creditoPorVencer(m, dueno(d)),
  'aplicar-linea-extracto': (m) => nuevoExtracto(m),
  // restructurings act on the second credit, so the first one's payments and reversals are not replayed from a new schedule
  'reestructurar-credito': async (m, d) => m.creditos[dueno(d)][1]!.id,
  'aprobar-reestructuracion': (m, d) => nuevaPropuesta(m, dueno(d), 'aprobar'),
  'rechazar-reestructuracion': (m, d) => nuevaPropuesta(m, dueno(d), 'rechazar'),
};

export interface ContextoCuerpo {
  mundo: Mundo;
  rol: Rol;
  /** The id of the referenced resource when the body names one (credito_id, cliente_id). */
  id: string;
}

type ConCuerpo = Extract<Route, { body: z.ZodMiniType }>;
/** A valid body per route with one, typed from its schema: a refusal is then about who calls, not what is sent. */
export type Cuerpos = { [R in ConCuerpo as R['id']]: (c: ContextoCuerpo) => z.input<R['body']> };

const nombrePropio = (c: ContextoCuerpo) => {
  if (c.rol === 'cliente-a') return NOMBRES.a;
  if (c.rol === 'cliente-b') return NOMBRES.b;
  return { nombre: 'Persona', apellido: 'De Prueba', telefono: '' };
};

export const CUERPOS: Cuerpos = {
  'actualizar-perfil': (c) => nombrePropio(c),
  // the same password again, so later sign-ins of the suite still work; the caller's own access token
  'cambiar-contrasena': (c) => ({
    actual: PASSWORD,
    nueva: PASSWORD,
    token_acceso: (c.mundo.usuarios[c.rol as Firmado] ?? c.mundo.usuarios['cliente-a']).accessToken,
  }),
  'restablecer-contrasena': (c) => ({ ...c.mundo.restablecer[c.rol], nueva: PASSWORD }),
  // a new address for every call: each creates its account (201)
  'registrar-cuenta': () => ({
    nombre: 'Nueva',
    apellido: 'Cuenta',
    telefono: '+50688881234',
    email: `alta.${unico()}@prueba.cr`,
    password: PASSWORD,
  }),
  'crear-cliente': () => {
    const s = unico();
    return {
      nombre: 'Cliente',
      apellido: 'Creado Por Personal',
      identidad_tipo: 'cedula',
      identidad_numero: `7${String(Date.now() % 1e5).padStart(5, '0')}${String(n % 1000).padStart(3, '0')}`,
      fecha_nacimiento: '1985-04-12',
      email: `creado.${s}@prueba.cr`,
      telefono: '+50661234567',
      direccion: 'San José, Escazú, 200 m oeste del parque',
      ciudad: 'San José',
      pais: 'Costa Rica',
    };
  },
  'actualizar-cliente': () => ({ ciudad: 'Heredia' }),
  'registrar-cliente-portal': () => ({ nombre: 'Celestino', apellido: 'Sin Ficha', telefono: '+50670001122' }),
  'crear-solicitud-portal': (c) => ({ producto_id: c.mundo.producto.id, monto_solicitado_centimos: 50_000_00, plazo_meses: 3 }),
  'reportar-pago': (c) => ({
    credito_id: c.id,
    monto_centimos: 1_000_00,
    fecha_pago: hoy(),
    canal: 'transferencia',
    referencia_pago: null,
  }),
  'reportar-pago-tarjeta': (c) => ({ credito_id: c.id, monto_centimos: 1_000_00, tarjeta_ultimos4: '4242' }),
  'crear-producto': () => ({
    codigo: `P${unico()}`.slice(0, 20).toUpperCase(),
    nombre: 'Producto creado en la matriz',
    monto_minimo_centimos: 100_00,
    monto_maximo_centimos: 1_000_000_00,
    plazo_minimo_meses: 1,
    plazo_maximo_meses: 24,
    tasa_interes_anual: '20.00',
  }),
  'actualizar-producto': (c) => ({
    codigo: c.mundo.producto.codigo,
    ...PRODUCTO_DEL_MUNDO, // its own terms again: the world stays as it was
  }),
  'cambiar-estado-producto': () => ({ activo: true }),
  'actualizar-configuracion': () => ({ valor: 'true' }),
  'actualizar-metodo-pago': () => ({ activo: false }),
  'crear-solicitud': (c) => ({
    cliente_id: c.id,
    producto_id: c.mundo.producto.id,
    monto_solicitado_centimos: 50_000_00,
    plazo_meses: 3,
  }),
  'rechazar-solicitud': () => ({ motivo: 'Rechazado por la matriz de autorización' }),
  'aprobar-solicitud': () => ({}),
  'desembolsar-solicitud': () => ({ canal_desembolso: 'efectivo', override_motivo: 'Matriz de autorización: KYC en trámite' }),
  'cancelar-solicitud': () => ({ motivo: 'Cancelada por la matriz de autorización' }),
  'aprobar-pago': () => ({}),
  'rechazar-pago': () => ({ motivo: 'Rechazado por la matriz de autorización' }),
  'registrar-pago-ventanilla': () => ({ monto_centimos: 1_000_00, fecha_pago: hoy(), canal: 'efectivo' }),
  'revertir-pago': () => ({ motivo: 'Revertido por la matriz de autorización' }),
  'vista-previa-reestructuracion': () => ({
    tipo: 'readecuacion',
    capitalizar_mora: true,
    plazo_meses: 6,
    motivo: 'Matriz de autorización',
  }),
  'reestructurar-credito': () => ({
    tipo: 'readecuacion',
    capitalizar_mora: true,
    plazo_meses: 6,
    motivo: 'Matriz de autorización',
  }),
  'aprobar-reestructuracion': (c) => ({ reestructuracion_id: propuestaDe('aprobar', c.id) }),
  'rechazar-reestructuracion': (c) => ({ reestructuracion_id: propuestaDe('rechazar', c.id), motivo: 'Rechazada por la matriz' }),
  'castigar-credito': () => ({ motivo: 'Castigo intentado por la matriz de autorización' }),
  'cerrar-dia': () => ({}),
  'registrar-gestion': () => ({ tipo: 'llamada', resultado: 'contactado', nota: 'Gestión de la matriz de autorización' }),
  'registrar-promesa': () => ({ fecha: sumarDias(hoy(), 20), monto_centimos: 1_000_00 }),
  'enviar-notificaciones-masivas': () => ({ titulo: 'Aviso general', mensaje: 'Mensaje para todos', segmento: 'todos' }),
  'crear-campana': () => ({ nombre: 'Otra campaña', asunto: 'Asunto', mensaje_html: '<p>Texto</p>', mensaje_texto: 'Texto' }),
  'crear-usuario': () => ({
    nombre: 'Nueva',
    apellido: 'Cobradora',
    email: `nuevo.${unico()}@prueba.cr`,
    rol: 'cobrador',
    password: PASSWORD,
  }),
  'asignar-cobranza': (c) => ({ credito_ids: [c.mundo.creditos.a[0]!.id], cobrador_id: c.mundo.usuarios.cobrador.sub }),
  'actualizar-usuario': () => ({ nombre: 'Víctor', apellido: 'Gestionado', telefono: '', rol: 'analista' }),
  'subir-extracto': () => ({ banco: 'bn', nombre_archivo: 'matriz.csv', contenido: extractoBN() }),
  'confirmar-lineas-extracto': () => ({ lineas: [2] }),
  'aplicar-linea-extracto': (c) => ({ credito_id: c.mundo.creditos.a[0]!.id, canal: 'transferencia' }),
  'guardar-mapeo-extracto': () => ({
    separador: ';',
    decimal: ',',
    formato_fecha: 'dd/mm/yyyy',
    filas_encabezado: 1,
    columnas: { fecha: 1, referencia: 2, descripcion: 3, debito: 4, credito: 5, saldo: 6 },
  }),
};
