import { normalizarEmail, normalizarIdentificacion } from '@cuota/shared/identidad';
import { CREDIT_LINE_LIMIT_CENTIMOS, type Cliente, type ClienteDetalle, type Page } from '@cuota/shared';
import { enCartera } from '@cuota/shared/schemas/lending';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { ulid } from 'ulid';
import { NotFoundError, TransaccionOcupada } from '#commons/errors';
import { actividadPut } from '#commons/registro';
import { conReintentos, escribirTransaccion, type Elemento, type Operacion } from '#commons/transaccion';
import { creditosDeCliente, type CreditoGuardado } from '#entities/credito';
import { pagosDeCliente, type PagoGuardado } from '#entities/pago';
import { solicitudesDeCliente, type SolicitudGuardada } from '#entities/solicitud';
import { coincide, leeSufijos, queryTerm, terminosAnteriores, terminosDelIndice, type Termino } from './search-terms';
import {
  clienteCambiado,
  clienteIdDeUsuario,
  clienteNuevo,
  contadoresDeAlta,
  contarHijos,
  duenoDeIdentidad,
  emailUnico,
  identidadCanonica,
  identidadUnica,
  leerClientes,
  leerClientesPorId,
  leerIdsPorTermino,
  listarHijos,
  obtenerCliente,
  saldosDeCreditos,
  terminoBorrado,
  terminoNuevo,
  terminosVigentes,
  usuarioVinculado,
} from './store';

/**
 * The client use cases: create, update, list and search, the profile with its credit line, and
 * the lists of a client's children. Each reads through store.ts and writes ONE transaction
 * through commons/transaccion.
 */

export type NewCliente = Omit<Cliente, 'id' | 'created_at' | 'riesgo' | 'kyc_completado' | 'score_crediticio'> &
  Partial<Pick<Cliente, 'riesgo' | 'kyc_completado' | 'score_crediticio'>>;

/** Who made a change, for the activity log. */
export interface Actor {
  user_id: string;
  user_nombre: string | null;
}

/**
 * Creates a client in one transaction: the item, unique guards for email and identification,
 * the user link (self-registration), its search terms and the portfolio counters.
 */
export async function crearCliente(input: NewCliente, now = new Date(), actor: Actor | null = null): Promise<Cliente> {
  const createdAt = now.toISOString();
  const cliente: Cliente = {
    id: ulid(now.getTime()),
    created_at: createdAt,
    riesgo: input.riesgo ?? null,
    kyc_completado: input.kyc_completado ?? false,
    score_crediticio: input.score_crediticio ?? null,
    ...input,
    // the schemas already send both canonical; callers that skip them (fixtures, seeds) get the same
    email: normalizarEmail(input.email),
    identidad_numero: input.identidad_numero === null ? null : normalizarIdentificacion(input.identidad_numero),
  };
  const { identidad_numero } = cliente;
  await escribirTransaccion([
    clienteNuevo(cliente),
    // the user link goes before the email so a second self-registration reports 'perfil ya existe'
    ...(cliente.user_id ? [usuarioVinculado(cliente.user_id, cliente.id)] : []),
    emailUnico(cliente),
    ...(identidad_numero ? identidadUnica({ ...cliente, identidad_numero }) : []),
    ...indiceDeBusqueda(null, cliente),
    ...(actor
      ? [
          actividadPut({
            tipo_actividad: 'create',
            descripcion: `Cliente creado: ${cliente.nombre} ${cliente.apellido}`,
            ...actor,
            now,
          }),
        ]
      : []),
    ...contadoresDeAlta(createdAt.slice(0, 10)),
  ]);
  return cliente;
}

export type ClienteCambios = Partial<
  Pick<Cliente, 'nombre' | 'apellido' | 'telefono' | 'direccion' | 'ciudad' | 'pais' | 'kyc_completado'>
>;

/** Updates a client; when the name changes its search terms are replaced in the same transaction. */
export async function actualizarCliente(id: string, cambios: ClienteCambios, actor: Actor | null = null): Promise<Cliente> {
  const actual = await obtenerClienteExistente(id);
  const siguiente: Cliente = { ...actual, ...cambios };
  const items: Elemento[] = [clienteCambiado(actual, cambios), ...indiceDeBusqueda(actual, siguiente)];
  if (actor) {
    // the audit entry names the fields changed (not their values: the log is read by every staff role)
    const campos = (Object.keys(cambios) as (keyof ClienteCambios)[])
      .filter((k) => cambios[k] !== actual[k])
      .map((k) => clientesTexts.camposActualizados[k]);
    items.push(
      actividadPut({
        tipo_actividad: 'update',
        descripcion: `Cliente actualizado: ${siguiente.nombre} ${siguiente.apellido}${campos.length ? ` (${campos.join(', ')})` : ''}`,
        ...actor,
      }),
    );
  }
  await escribirTransaccion(items);
  return siguiente;
}

/**
 * The one place a client's search index is kept in step with the client, inside the transaction
 * that writes it: on creation (`actual` null) and on every change (crearCliente, actualizarCliente,
 * the identification migration). Any other index of clients (e.g. a token index) adds its
 * operations here.
 */
export function indiceDeBusqueda(actual: Cliente | null, siguiente: Cliente): Operacion[] {
  return terminosMovidos(actual, siguiente);
}

/**
 * At most this many index operations in one transaction: the client's own item, the activity
 * entry and the like take the rest of DynamoDB's 100.
 */
const MAX_OPERACIONES_INDICE = 97;

const claveTermino = (t: Termino) => `${t.sufijo ? 's' : 'e'}${t.texto}`;

/**
 * What an older layout of the index may still hold for a client: the terms of the former
 * tokenizer (full name, apellido, identification as typed: whole-token partition) and the
 * suffixes once kept beside the whole tokens. Deleting an item that is not there does nothing.
 */
function terminosDeOtrosFormatos(c: Cliente): Termino[] {
  return [
    ...terminosAnteriores(c).map((texto) => ({ texto, sufijo: false })),
    ...terminosDelIndice(c)
      .filter((t) => t.sufijo)
      .map((t) => ({ texto: t.texto, sufijo: false })),
  ];
}

/**
 * The index operations that take a client from `antes` to `despues`: the items it no longer has
 * deleted, the new ones written, then (while the transaction has room) the items of the older
 * layouts (`viejos`) it does not keep. Those past the room stay until the reindexing job.
 */
function operacionesDelIndice(clienteId: string, antes: Termino[], despues: Termino[], viejos: Termino[]): Operacion[] {
  const nuevos = new Set(despues.map(claveTermino));
  const previos = new Set(antes.map(claveTermino));
  const ops = [
    ...antes.filter((t) => !nuevos.has(claveTermino(t))).map((t) => terminoBorrado(t, clienteId)),
    ...despues.filter((t) => !previos.has(claveTermino(t))).map((t) => terminoNuevo(t, clienteId)),
  ];
  const vistos = new Set([...nuevos, ...previos]);
  for (const t of viejos) {
    if (ops.length >= MAX_OPERACIONES_INDICE) break;
    if (vistos.has(claveTermino(t))) continue;
    vistos.add(claveTermino(t));
    ops.push(terminoBorrado(t, clienteId));
  }
  return ops;
}

/**
 * The search terms a change of the client moves: those it no longer has deleted, the new ones
 * written. A client not yet reindexed may still hold items of an older layout (computed from
 * `actual`, the name they were written for): when its terms change, those are deleted too. A
 * change that moves no term (KYC, address) writes nothing to the index.
 */
function terminosMovidos(actual: Cliente | null, siguiente: Cliente): Operacion[] {
  const antes = actual ? terminosDelIndice(actual) : [];
  const despues = terminosDelIndice(siguiente);
  const mismos = antes.length === despues.length && antes.every((t, i) => claveTermino(t) === claveTermino(despues[i]!));
  if (mismos) return [];
  return operacionesDelIndice(siguiente.id, antes, despues, actual ? terminosDeOtrosFormatos(actual) : []);
}

export { obtenerCliente };

export async function obtenerClienteExistente(id: string): Promise<Cliente> {
  const cliente = await obtenerCliente(id);
  if (!cliente) throw new NotFoundError(clientesTexts.notFound);
  return cliente;
}

/** The client record of a sign-in user, or null. */
export async function clienteDeUsuario(userId: string): Promise<Cliente | null> {
  const id = await clienteIdDeUsuario(userId);
  return id ? obtenerCliente(id) : null;
}

/**
 * Newest first; with `q`, a search over the token index (search-terms.ts: any part of a word of
 * the name or the e-mail, the identification number, the phone): one Query of `limit` index items
 * and one BatchGet, so its cost grows with the page, not with the clients.
 */
export async function listarClientes(opts: { q?: string; limit: number; cursor?: string }): Promise<Page<Cliente>> {
  const consulta = opts.q ? queryTerm(opts.q) : null;
  if (!consulta) return leerClientes(opts);
  const page = await leerIdsPorTermino(consulta.lookup, { ...opts, sufijos: leeSufijos(consulta) });
  const clientes = await leerClientesPorId(page.items);
  return { items: clientes.filter((c) => coincide(c, consulta)), nextCursor: page.nextCursor };
}

/** Profile: the client, its credit-line usage (Σ saldo_capital, spec §9) and counters. */
export async function obtenerClienteDetalle(id: string): Promise<ClienteDetalle> {
  const cliente = await obtenerClienteExistente(id);
  const [solicitudes, pagos, creditos] = await Promise.all([
    contarHijos(id, solicitudesDeCliente()),
    contarHijos(id, pagosDeCliente()),
    saldosDeCreditos(id, creditosDeCliente()),
  ]);
  const usado = creditos.reduce((sum, c) => sum + c.saldo_capital_centimos, 0);
  return {
    ...cliente,
    linea_credito: {
      limite_centimos: CREDIT_LINE_LIMIT_CENTIMOS,
      usado_centimos: usado,
      disponible_centimos: Math.max(0, CREDIT_LINE_LIMIT_CENTIMOS - usado),
    },
    contadores: {
      solicitudes,
      creditos: creditos.length,
      creditos_activos: creditos.filter((c) => enCartera(c.estado)).length,
      pagos,
    },
  };
}

type Cursor = { limit: number; cursor?: string };

/** A client's solicitudes (staff), newest first; 404 for an unknown client. */
export async function listarSolicitudesCliente(clienteId: string, opts: Cursor): Promise<Page<SolicitudGuardada>> {
  await obtenerClienteExistente(clienteId);
  return listarHijos<SolicitudGuardada>(clienteId, solicitudesDeCliente(), opts);
}

/** A client's credits (staff), newest first; 404 for an unknown client. */
export async function listarCreditosCliente(clienteId: string, opts: Cursor): Promise<Page<CreditoGuardado>> {
  await obtenerClienteExistente(clienteId);
  return listarHijos<CreditoGuardado>(clienteId, creditosDeCliente(), opts);
}

/** A client's payments (staff), newest first; 404 for an unknown client. */
export async function listarPagosCliente(clienteId: string, opts: Cursor): Promise<Page<PagoGuardado>> {
  await obtenerClienteExistente(clienteId);
  return listarHijos<PagoGuardado>(clienteId, pagosDeCliente(), opts);
}

// ---------------------------------------------------------------- identification migration

/** A client whose canonical number another client already holds: neither is changed, staff decide. */
export interface ColisionDeIdentidad {
  cliente_id: string;
  identidad_tipo: string | null;
  identidad_numero: string;
  canonico: string;
  con_cliente_id: string;
  con_identidad_numero: string | null;
}

/** What one run of the migration did; `nextCursor` (null at the end) continues it. */
export interface MigracionIdentidades {
  revisados: number;
  migrados: number;
  yaCanonicos: number;
  sinIdentidad: number;
  colisiones: ColisionDeIdentidad[];
  /** Numbers with nothing left once canonical (only separators): left as they are. */
  invalidos: { cliente_id: string; identidad_numero: string }[];
  nextCursor: string | null;
}

/** Clients read per Query of the clients list. */
const PAGINA_MIGRACION = 100;

/**
 * Stores canonical the identification of every client created before numbers were: pages through
 * the clients list (newest first) from `cursor`, up to `limit` clients or until `presupuestoMs`
 * has passed (checked between pages). Idempotent: a client already canonical and holding its
 * guard is only read.
 */
export async function migrarIdentidades(
  opts: { limit: number; cursor?: string | null; presupuestoMs?: number },
  ahora: () => number = Date.now,
): Promise<MigracionIdentidades> {
  const fin = opts.presupuestoMs === undefined ? Infinity : ahora() + opts.presupuestoMs;
  const r: MigracionIdentidades = {
    revisados: 0,
    migrados: 0,
    yaCanonicos: 0,
    sinIdentidad: 0,
    colisiones: [],
    invalidos: [],
    nextCursor: opts.cursor ?? null,
  };
  do {
    const limit = Math.min(PAGINA_MIGRACION, opts.limit - r.revisados);
    const pagina = await leerClientes({ limit, cursor: r.nextCursor ?? undefined });
    for (const cliente of pagina.items) {
      const paso = await migrarIdentidadDe(cliente);
      if (paso === 'migrado') r.migrados++;
      else if (paso === 'yaCanonico') r.yaCanonicos++;
      else if (paso === 'sinIdentidad') r.sinIdentidad++;
      else if ('con_cliente_id' in paso) r.colisiones.push(paso);
      else r.invalidos.push(paso);
    }
    r.revisados += pagina.items.length;
    r.nextCursor = pagina.nextCursor;
  } while (r.nextCursor && r.revisados < opts.limit && ahora() < fin);
  return r;
}

type PasoMigracion = 'migrado' | 'yaCanonico' | 'sinIdentidad' | ColisionDeIdentidad | MigracionIdentidades['invalidos'][number];

/**
 * One client: its number rewritten canonical with its search terms, and the guard on the canonical
 * number taken, in one transaction; a guard held by another client is a collision. A write that
 * meets a change made since the read (the list is read eventually consistent) reads again.
 */
function migrarIdentidadDe(leido: Cliente): Promise<PasoMigracion> {
  const ronda = async (intento: number): Promise<PasoMigracion> => {
    const cliente = intento === 0 ? leido : await obtenerCliente(leido.id);
    const numero = cliente?.identidad_numero;
    if (!cliente || !numero) return 'sinIdentidad';
    const canonico = normalizarIdentificacion(numero);
    if (!canonico) return { cliente_id: cliente.id, identidad_numero: numero };
    const dueno = await duenoDeIdentidad(canonico);
    if (dueno && dueno !== cliente.id) return colisionCon(cliente, numero, canonico, dueno);
    if (dueno === cliente.id && canonico === numero) return 'yaCanonico';
    await escribirTransaccion([
      ...identidadCanonica({ ...cliente, identidad_numero: numero }, canonico),
      ...indiceDeBusqueda(cliente, { ...cliente, identidad_numero: canonico }),
    ]);
    return 'migrado';
  };
  return conReintentos(ronda, { intentos: 3, siAgota: () => new TransaccionOcupada([]) });
}

async function colisionCon(cliente: Cliente, numero: string, canonico: string, dueno: string): Promise<ColisionDeIdentidad> {
  const otro = await obtenerCliente(dueno);
  return {
    cliente_id: cliente.id,
    identidad_tipo: cliente.identidad_tipo,
    identidad_numero: numero,
    canonico,
    con_cliente_id: dueno,
    con_identidad_numero: otro?.identidad_numero ?? null,
  };
}

// ---------------------------------------------------------------- search index backfill

/** What one run of the reindexing did; `nextCursor` (null at the end) continues it. */
export interface ReindexacionBusqueda {
  revisados: number;
  nextCursor: string | null;
}

/**
 * Gives every client the search items of the current tokenizer (search-terms.ts) and deletes
 * those of the former one it no longer has: pages through the clients list from `cursor`, up to
 * `limit` clients or until `presupuestoMs` has passed. One transaction per client, only if the
 * fields the terms come from are still those read (else it reads the client again). Idempotent:
 * a second run writes the same items.
 */
export async function reindexarBusqueda(
  opts: { limit: number; cursor?: string | null; presupuestoMs?: number },
  ahora: () => number = Date.now,
): Promise<ReindexacionBusqueda> {
  const fin = opts.presupuestoMs === undefined ? Infinity : ahora() + opts.presupuestoMs;
  const r: ReindexacionBusqueda = { revisados: 0, nextCursor: opts.cursor ?? null };
  do {
    const limit = Math.min(PAGINA_MIGRACION, opts.limit - r.revisados);
    const pagina = await leerClientes({ limit, cursor: r.nextCursor ?? undefined });
    for (const cliente of pagina.items) await reindexarCliente(cliente);
    r.revisados += pagina.items.length;
    r.nextCursor = pagina.nextCursor;
  } while (r.nextCursor && r.revisados < opts.limit && ahora() < fin);
  return r;
}

function reindexarCliente(leido: Cliente): Promise<void> {
  const ronda = async (intento: number) => {
    const cliente = intento === 0 ? leido : await obtenerCliente(leido.id);
    if (!cliente) return;
    // every item of the current layout written; those of the former layouts deleted
    await escribirTransaccion([
      terminosVigentes(cliente),
      ...operacionesDelIndice(cliente.id, [], terminosDelIndice(cliente), terminosDeOtrosFormatos(cliente)),
    ]);
  };
  return conReintentos(ronda, { intentos: 3, siAgota: () => new TransaccionOcupada([]) });
}
