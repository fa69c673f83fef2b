import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Cliente, ProductoCampos } from '@cuota/shared';
import type { Caller } from '../src/commons/auth';
import { ddb, queryAll, tableName } from '../src/commons/db';
import { PARTICION_ACTIVIDAD } from '../src/entities/actividad';
import { particionUsuario, PREFIJO_NOTIFICACION } from '../src/entities/notificacion';
import { keys } from '../src/commons/keys';
import { crearCliente } from '../src/features/clientes/service';
import { crearProducto, cambiarEstadoProducto } from '../src/features/productos/store';
import { ADMIN, ANALISTA, apiEvent, call, uniqueEmail, type TestCaller } from './events';
import { handler as aprobar } from '../src/features/solicitudes/aprobar-solicitud';
import type { AccionSolicitud } from '../src/features/solicitudes/domain';
import { handler as crearSolicitud } from '../src/features/solicitudes/crear-solicitud';
import { handler as desembolsar } from '../src/features/solicitudes/desembolsar-solicitud';

/**
 * Lending fixtures for handler tests: clients (optionally linked to a portal user), products and
 * approved credits, created through the same stores and handlers the API uses.
 */

export const STAFF_ADMIN: Caller = {
  userId: ADMIN.sub,
  email: 'admin@prueba.cr',
  nombre: 'Ada',
  apellido: 'Admin',
  roles: ['admin'],
  isStaff: true,
};

// Unique per worker process: cédulas starting with 9 (clientes.test.ts draws below 900 000 000),
// product codes with the pid.
const worker = String(process.pid % 10_000).padStart(4, '0');
let secuencia = 0;
const nextCedula = () => `9${worker}${String(++secuencia).padStart(4, '0')}`;
const nextCodigo = () => `T${worker}X${++secuencia}`;

export async function nuevoCliente(over: Partial<Omit<Cliente, 'id' | 'created_at'>> = {}): Promise<Cliente> {
  return crearCliente({
    user_id: null,
    nombre: 'Marcela',
    apellido: 'Arias Brenes',
    email: uniqueEmail('fixture'),
    telefono: '+50688776655',
    identidad_tipo: 'cedula',
    identidad_numero: nextCedula(),
    fecha_nacimiento: '1985-04-12',
    direccion: 'Cartago, Oriental, 300 m norte de la basílica',
    ciudad: 'Cartago',
    pais: 'Costa Rica',
    kyc_completado: true,
    ...over,
  });
}

/** A client linked to a portal user (the caller a portal route sees). */
export async function clienteDelPortal(
  over: Partial<Omit<Cliente, 'id' | 'created_at'>> = {},
): Promise<{ cliente: Cliente; caller: TestCaller }> {
  const caller: TestCaller = { sub: `portal-${worker}-${Date.now().toString(36)}-${++secuencia}`, email: uniqueEmail('portal') };
  const cliente = await nuevoCliente({ user_id: caller.sub, email: caller.email!, ...over });
  return { cliente, caller };
}

export async function nuevoProducto(over: Partial<ProductoCampos> = {}, activo = true) {
  const producto = await crearProducto(
    {
      codigo: nextCodigo(),
      nombre: 'Microcrédito de prueba',
      descripcion: null,
      monto_minimo_centimos: 100_000_00,
      monto_maximo_centimos: 2_000_000_00,
      plazo_minimo_meses: 3,
      plazo_maximo_meses: 36,
      tasa_interes_anual: '24.00',
      metodo_amortizacion: 'cuota_nivelada',
      tasa_moratoria_anual: '31.20',
      dias_tolerancia: 3,
      es_microcredito: true,
      ...over,
    },
    STAFF_ADMIN,
  );
  return activo ? producto : cambiarEstadoProducto(producto.id, false, STAFF_ADMIN);
}

/** POST /api/solicitudes as an analyst; returns the created solicitud. */
export async function nuevaSolicitud(clienteId: string, productoId: string, monto = 500_000_00, plazo = 12) {
  const res = await call(
    crearSolicitud,
    apiEvent('crear-solicitud', {
      caller: ANALISTA,
      body: { cliente_id: clienteId, producto_id: productoId, monto_solicitado_centimos: monto, plazo_meses: plazo },
    }),
  );
  if (res.status !== 201) throw new Error(`crear-solicitud ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body as { id: string; numero_solicitud: string; estado: string };
}

/** An approved solicitud (no credit yet): POST aprobar through the handler, with optional terms. */
export async function solicitudAprobada(
  clienteId: string,
  productoId: string,
  monto = 500_000_00,
  plazo = 12,
  opts: { caller?: TestCaller; terminos?: Record<string, unknown> } = {},
) {
  const s = await nuevaSolicitud(clienteId, productoId, monto, plazo);
  const res = await call(
    aprobar,
    apiEvent('aprobar-solicitud', { caller: opts.caller ?? ANALISTA, params: { id: s.id }, body: opts.terminos ?? {} }),
  );
  if (res.status !== 200) throw new Error(`aprobar-solicitud ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.solicitud as { id: string; numero_solicitud: string; estado: string };
}

let claves = 0;
/** A fresh Idempotency-Key for a disbursement. */
export const claveDesembolso = () => `desembolso-${process.pid}-${Date.now()}-${++claves}`;

/** The body a test disbursement sends unless told otherwise: cash, and the override of a missing score / pending KYC. */
export const DESEMBOLSO_BASE = { canal_desembolso: 'efectivo', override_motivo: 'Cliente de prueba, sin análisis previo' };

/** POST desembolsar through the handler (as ADMIN, a fresh key) → the raw answer. */
export async function desembolsarSolicitud(
  solicitudId: string,
  opts: { caller?: TestCaller; body?: Record<string, unknown>; clave?: string | null } = {},
) {
  const clave = opts.clave === undefined ? claveDesembolso() : opts.clave;
  return call(
    desembolsar,
    apiEvent('desembolsar-solicitud', {
      caller: opts.caller ?? ADMIN,
      params: { id: solicitudId },
      body: opts.body ?? DESEMBOLSO_BASE,
      headers: clave === null ? {} : { 'idempotency-key': clave },
    }),
  );
}

/** A disbursed credit: a solicitud for the client, approved and then disbursed through the handlers. */
export async function creditoAprobado(clienteId: string, productoId: string, monto = 500_000_00, plazo = 12) {
  const s = await solicitudAprobada(clienteId, productoId, monto, plazo);
  const res = await desembolsarSolicitud(s.id);
  if (res.status !== 200) throw new Error(`desembolsar-solicitud ${res.status}: ${JSON.stringify(res.body)}`);
  return {
    solicitud: res.body.solicitud,
    credito: res.body.credito as { id: string; numero_credito: string; cliente_id: string },
  };
}

export async function getItem(key: { pk: string; sk: string }) {
  return (await ddb.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item ?? null;
}

export async function lineaUsada(clienteId: string): Promise<number | null> {
  const item = await getItem(keys.lineaCredito(clienteId));
  return item ? Number(item.usado_centimos) : null;
}

/** A user's notifications (every page, strongly consistent), only those titled `titulo` when given. */
export async function notificacionesDe(userId: string, titulo?: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': particionUsuario(userId), ':p': PREFIJO_NOTIFICACION },
    ConsistentRead: true,
  });
  return titulo === undefined ? items : items.filter((n) => n.titulo === titulo);
}

async function actividadesFiltradas(filtro: string, descripcion: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: filtro,
    ExpressionAttributeValues: { ':pk': PARTICION_ACTIVIDAD, ':d': descripcion },
  });
  return items;
}

/** Activity entries whose description contains `fragmento` (every page). */
export const actividadesCon = (fragmento: string) => actividadesFiltradas('contains(descripcion, :d)', fragmento);

/** Activity entries whose description is exactly `descripcion` (every page). */
export const actividadesIguales = (descripcion: string) => actividadesFiltradas('descripcion = :d', descripcion);

/** The newest `limite` activity entries, newest first. */
export async function actividadReciente(limite: number) {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': PARTICION_ACTIVIDAD },
      ScanIndexForward: false,
      Limit: limite,
    }),
  );
  return out.Items ?? [];
}

export async function creditosDelCliente(clienteId: string) {
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
      ExpressionAttributeValues: { ':pk': keys.clienteChildren(clienteId), ':p': 'CREDITO#' },
    }),
  );
  return out.Items ?? [];
}

/** The actions spec §4 allows from each state of a solicitud (what both the domain and the API must allow). */
export const ACCIONES_POR_ESTADO: Record<string, AccionSolicitud[]> = {
  borrador: [],
  enviado: ['analizar', 'aprobar', 'rechazar'],
  en_analisis: ['aprobar', 'rechazar'],
  aprobado: ['desembolsar', 'cancelar'],
  rechazado: [],
  cancelado: [],
  desembolsado: [],
};
