import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  CREDIT_LINE_LIMIT_CENTIMOS,
  DEFAULT_TIMEZONE,
  fechaNegocio,
  formatCRC,
  riskLabel,
  type Cliente,
  type Credito,
  type FactorScore,
  type Page,
  type ProductoDetalle,
  type Solicitud,
  type SolicitudDetalle,
} from '@cuota/shared';
import { clientesTexts } from '@cuota/shared/texts/clientes';
import { solicitudEstadoTexts } from '@cuota/shared/texts/solicitudEstado';
import { solicitudesTexts } from '@cuota/shared/texts/solicitudes';
import { fill } from '@cuota/shared/texts/fill';
import { ulid } from 'ulid';
import { actorDe, type Caller } from '#commons/auth';
import { ddb, decodeCursor, encodeCursor, queryAll, tableName } from '#commons/db';
import { ConflictError, NotFoundError, ValidationError } from '#commons/errors';
import { itemFor } from '#commons/items';
import { ENTITY, keys, stripKeys } from '#commons/keys';
import { mergedNewestFirst } from '#commons/merged-page';
import { actividadPut, notificacionPut } from '#commons/registro';
import { getSetting } from '#features/configuracion/store';
import { getProducto } from '#features/productos/store';
import { getCliente } from '../clientes/store';
import { toCredito } from '../creditos/store';
import { creditoIndexItems } from '../creditos/indices';
import {
  cabeEnLinea,
  INTENTOS_NUMERO_SOLICITUD,
  lineaDisponible,
  numeroSolicitud,
  PENDIENTES,
  planDesembolso,
  puedeAplicar,
  TRANSICIONES,
  type AccionSolicitud,
} from './domain';
import { calcularScore } from './scoring';

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
/** DynamoDB's limit on one TransactWriteItems call. */
export const MAX_TRANSACT_ITEMS = 100;

const t = solicitudesTexts;

/** A solicitud as stored: the spec's fields plus its scorecard and, once approved, its credit. */
export type SolicitudGuardada = Solicitud & {
  factores: FactorScore[];
  credito_id: string | null;
  numero_credito: string | null;
};

function toSolicitud(item: Record<string, unknown>): SolicitudGuardada {
  const s = stripKeys(item) as unknown as SolicitudGuardada;
  return { ...s, factores: s.factores ?? [], credito_id: s.credito_id ?? null, numero_credito: s.numero_credito ?? null };
}

const nombreDe = (c: { nombre: string; apellido: string }) => `${c.nombre} ${c.apellido}`;
const autor = (caller: Caller) => actorDe(caller).user_nombre;

/** The business date's time zone (setting `timezone`); an unusable value falls back to Costa Rica. */
export async function zonaHoraria(): Promise<string> {
  const tz = await getSetting('timezone');
  try {
    fechaNegocio(new Date(), tz);
    return tz;
  } catch {
    return DEFAULT_TIMEZONE;
  }
}

function cancellationCodes(error: unknown): string[] | null {
  if (!(error instanceof TransactionCanceledException)) return null;
  return (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
}

const pausa = (intento: number) =>
  new Promise((r) => setTimeout(r, 10 + Math.floor(Math.random() * 20 * 2 ** Math.min(intento, 5))));

// ---------------------------------------------------------------- reads

async function getSolicitudItem(id: string): Promise<SolicitudGuardada | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.solicitud(id), ConsistentRead: true }));
  return out.Item ? toSolicitud(out.Item) : null;
}

export async function getSolicitudOrThrow(id: string): Promise<SolicitudGuardada> {
  const s = await getSolicitudItem(id);
  if (!s) throw new NotFoundError(t.notFound);
  return s;
}

/** GET /api/solicitudes/{id}: with the client's current record and the product. */
export async function getSolicitudDetalle(id: string): Promise<SolicitudDetalle> {
  const s = await getSolicitudOrThrow(id);
  const [cliente, producto] = await Promise.all([getCliente(s.cliente_id), getProducto(s.producto_id)]);
  return detalle(s, cliente, producto);
}

function detalle(s: SolicitudGuardada, cliente: Cliente | null, producto: ProductoDetalle | null): SolicitudDetalle {
  return {
    ...s,
    cliente_nombre: cliente?.nombre ?? s.cliente_nombre,
    cliente_apellido: cliente?.apellido ?? s.cliente_apellido,
    cliente_email: cliente?.email ?? s.cliente_email,
    producto_nombre: producto?.nombre ?? s.producto_nombre,
    cliente: cliente && {
      id: cliente.id,
      nombre: cliente.nombre,
      apellido: cliente.apellido,
      email: cliente.email,
      telefono: cliente.telefono,
      identidad_tipo: cliente.identidad_tipo,
      identidad_numero: cliente.identidad_numero,
      fecha_nacimiento: cliente.fecha_nacimiento,
      ciudad: cliente.ciudad,
      kyc_completado: cliente.kyc_completado,
      score_crediticio: cliente.score_crediticio,
      riesgo: cliente.riesgo,
    },
    producto: producto && {
      id: producto.id,
      codigo: producto.codigo,
      nombre: producto.nombre,
      activo: producto.activo,
      monto_minimo_centimos: producto.monto_minimo_centimos,
      monto_maximo_centimos: producto.monto_maximo_centimos,
      plazo_minimo_meses: producto.plazo_minimo_meses,
      plazo_maximo_meses: producto.plazo_maximo_meses,
      tasa_interes_anual: producto.tasa_interes_anual,
    },
  };
}

/**
 * GET /api/solicitudes, newest first (the client's name is stored on the item):
 * all on gsi2 SOLICITUDES, one estado on gsi3 SOLICITUDES#estado, pending = enviado and
 * en_analisis merged from their two gsi3 partitions.
 */
export async function listSolicitudes(opts: {
  estado?: string;
  pendientes?: 'true' | 'false';
  limit: number;
  cursor?: string;
}): Promise<Page<SolicitudGuardada>> {
  const pendientes = opts.pendientes === 'true';
  if (pendientes && opts.estado) throw new ValidationError({ pendientes: t.pendientesConEstado });
  if (pendientes) {
    const page = await mergedNewestFirst({
      index: 'gsi3',
      partitions: PENDIENTES.map((e) => `SOLICITUDES#${e}`),
      limit: opts.limit,
      cursor: opts.cursor,
    });
    return { items: page.items.map(toSolicitud), nextCursor: page.nextCursor };
  }
  const [index, pk] = opts.estado ? (['gsi3', `SOLICITUDES#${opts.estado}`] as const) : (['gsi2', 'SOLICITUDES'] as const);
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: `${index}pk = :pk`,
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: opts.limit,
      ExclusiveStartKey: decodeCursor(opts.cursor),
    }),
  );
  return { items: (out.Items ?? []).map(toSolicitud), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

// ---------------------------------------------------------------- create

/**
 * A new solicitud in estado enviado (spec §7 insert), for a client by staff or by the client
 * in the portal. The product must exist and be active; its ranges are hints, not enforced.
 * The number is made unique by a guard item in the same transaction; a collision retries with
 * a new number (domain.numeroSolicitud widens the digits when a year runs short).
 */
export async function createSolicitud(
  input: { clienteId: string; productoId: string; montoCentimos: number; plazoMeses: number; origen: 'staff' | 'portal' },
  caller: Caller,
  now = new Date(),
): Promise<SolicitudGuardada> {
  const [cliente, producto, tz] = await Promise.all([getCliente(input.clienteId), getProducto(input.productoId), zonaHoraria()]);
  if (!cliente) throw new ValidationError({ cliente_id: t.clienteNoEncontrado });
  if (!producto || !producto.activo) throw new ValidationError({ producto_id: t.productoNoDisponible });
  const createdAt = now.toISOString();
  const year = fechaNegocio(now, tz).slice(0, 4);
  const base = {
    id: ulid(now.getTime()),
    cliente_id: cliente.id,
    producto_id: producto.id,
    producto_nombre: producto.nombre,
    cliente_nombre: cliente.nombre,
    cliente_apellido: cliente.apellido,
    cliente_email: cliente.email,
    monto_solicitado_centimos: input.montoCentimos,
    plazo_meses: input.plazoMeses,
    estado: 'enviado' as const,
    score: null,
    riesgo_calculado: null,
    analizado_en: null,
    motivo_rechazo: null,
    factores: [],
    credito_id: null,
    numero_credito: null,
    origen: input.origen,
    creado_por: caller.userId,
    created_at: createdAt,
  };
  for (let intento = 0; intento < INTENTOS_NUMERO_SOLICITUD; intento++) {
    const solicitud: SolicitudGuardada = { ...base, numero_solicitud: numeroSolicitud(year, intento, Math.random) };
    const items: TransactItems = [
      {
        Put: {
          TableName: tableName(),
          Item: { ...keys.unicoNumeroSolicitud(solicitud.numero_solicitud), tipo: ENTITY.unico, solicitud_id: solicitud.id },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Put: { TableName: tableName(), Item: itemFor.solicitud(solicitud), ConditionExpression: 'attribute_not_exists(pk)' } },
      actividadPut({
        tipo_actividad: 'create',
        descripcion: fill(t.actividadCreada, {
          numero: solicitud.numero_solicitud,
          cliente: nombreDe(cliente),
          monto: formatCRC(solicitud.monto_solicitado_centimos),
        }),
        user_id: caller.userId,
        user_nombre: autor(caller),
        now,
      }),
    ];
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return solicitud;
    } catch (error) {
      const codes = cancellationCodes(error);
      if (codes?.[0] === 'ConditionalCheckFailed' || codes?.includes('TransactionConflict')) continue;
      throw error;
    }
  }
  throw new ConflictError(t.ocupado, 'NUMERO_NO_DISPONIBLE');
}

// ---------------------------------------------------------------- transitions

function noPermitido(s: SolicitudGuardada, accion: AccionSolicitud): ConflictError {
  const estado = solicitudEstadoTexts[s.estado] ?? s.estado;
  return new ConflictError(
    fill(t.noPermitido, { numero: s.numero_solicitud, estado, accion: t.acciones[accion] }),
    'ESTADO_NO_PERMITE',
  );
}

/**
 * The solicitud's part of a transition: its new estado (and gsi3 partition, derived by
 * itemFor), conditional on the estado still being one the action starts from, so concurrent
 * or repeated calls apply once.
 */
function transicion(s: SolicitudGuardada, accion: AccionSolicitud, set: Record<string, unknown>): TransactItems[number] {
  const { desde, hacia } = TRANSICIONES[accion];
  const derivado = itemFor.solicitud({ ...s, estado: hacia });
  const fields: Record<string, unknown> = { ...set, estado: hacia, gsi3pk: derivado.gsi3pk };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields).map(([k, v], i) => {
    names[`#f${i}`] = k;
    values[`:v${i}`] = v;
    return `#f${i} = :v${i}`;
  });
  const allowed = desde.map((e, i) => {
    values[`:d${i}`] = e;
    return `:d${i}`;
  });
  names['#estado'] = 'estado';
  return {
    Update: {
      TableName: tableName(),
      Key: keys.solicitud(s.id),
      UpdateExpression: `SET ${sets.join(', ')}`,
      ConditionExpression: `#estado IN (${allowed.join(', ')})`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

async function clienteCreditos(clienteId: string) {
  const { items } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.clienteChildren(clienteId), ':p': 'CREDITO#' },
    ProjectionExpression: 'estado, saldo_capital_centimos, saldo_mora_centimos',
  });
  return items.map((c) => ({
    estado: String(c.estado),
    saldo_capital_centimos: Number(c.saldo_capital_centimos ?? 0),
    saldo_mora_centimos: Number(c.saldo_mora_centimos ?? 0),
  }));
}

/**
 * analizar: enviado → en_analisis with the scorecard (score, riesgo_calculado, factores,
 * analizado_en) on the solicitud and the score and risk on the client, in one transaction.
 */
export async function analizarSolicitud(id: string, caller: Caller, now = new Date()): Promise<SolicitudDetalle> {
  const s = await getSolicitudOrThrow(id);
  if (!puedeAplicar(s.estado, 'analizar')) throw noPermitido(s, 'analizar');
  const [cliente, producto, creditos, tz] = await Promise.all([
    getCliente(s.cliente_id),
    getProducto(s.producto_id),
    clienteCreditos(s.cliente_id),
    zonaHoraria(),
  ]);
  if (!cliente) throw new NotFoundError(clientesTexts.notFound);
  const r = calcularScore({
    fechaNegocio: fechaNegocio(now, tz),
    cliente,
    creditos,
    montoCentimos: s.monto_solicitado_centimos,
    plazoMeses: s.plazo_meses,
    producto,
  });
  const analizadoEn = now.toISOString();
  const items: TransactItems = [
    transicion(s, 'analizar', {
      score: r.score,
      riesgo_calculado: r.riesgo,
      factores: r.factores,
      analizado_en: analizadoEn,
      analizado_por: caller.userId,
      updated_at: analizadoEn,
    }),
    {
      Update: {
        TableName: tableName(),
        Key: keys.cliente(cliente.id),
        UpdateExpression: 'SET score_crediticio = :score, riesgo = :riesgo',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':score': r.score, ':riesgo': r.riesgo },
      },
    },
    actividadPut({
      tipo_actividad: 'update',
      descripcion: fill(t.actividadAnalizada, {
        numero: s.numero_solicitud,
        cliente: nombreDe(cliente),
        score: r.score,
        riesgo: riskLabel(r.riesgo) ?? r.riesgo,
      }),
      user_id: caller.userId,
      user_nombre: autor(caller),
      now,
    }),
  ];
  if (cliente.user_id) {
    items.push(
      notificacionPut({
        user_id: cliente.user_id,
        tipo: 'info',
        titulo: t.notificacionAnalisisTitulo,
        mensaje: fill(t.notificacionAnalisis, { numero: s.numero_solicitud }),
        accion_url: '/portal',
        now,
      }),
    );
  }
  await transactOrConflict(items, s, 'analizar');
  const updated: SolicitudGuardada = {
    ...s,
    estado: 'en_analisis',
    score: r.score,
    riesgo_calculado: r.riesgo,
    factores: r.factores,
    analizado_en: analizadoEn,
  };
  return detalle(updated, { ...cliente, score_crediticio: r.score, riesgo: r.riesgo }, producto);
}

/** rechazar: enviado | en_analisis → rechazado with the reason; the client is notified. */
export async function rechazarSolicitud(id: string, motivo: string, caller: Caller, now = new Date()): Promise<SolicitudDetalle> {
  const s = await getSolicitudOrThrow(id);
  if (!puedeAplicar(s.estado, 'rechazar')) throw noPermitido(s, 'rechazar');
  const [cliente, producto] = await Promise.all([getCliente(s.cliente_id), getProducto(s.producto_id)]);
  const rechazadoEn = now.toISOString();
  const items: TransactItems = [
    transicion(s, 'rechazar', {
      motivo_rechazo: motivo,
      rechazado_en: rechazadoEn,
      rechazado_por: caller.userId,
      updated_at: rechazadoEn,
    }),
    actividadPut({
      tipo_actividad: 'reject',
      descripcion: fill(t.actividadRechazada, {
        numero: s.numero_solicitud,
        cliente: cliente ? nombreDe(cliente) : nombreDe({ nombre: s.cliente_nombre, apellido: s.cliente_apellido }),
        motivo,
      }),
      user_id: caller.userId,
      user_nombre: autor(caller),
      now,
    }),
  ];
  if (cliente?.user_id) {
    items.push(
      notificacionPut({
        user_id: cliente.user_id,
        tipo: 'info',
        titulo: t.rejected,
        mensaje: fill(t.notificacionRechazada, { numero: s.numero_solicitud, motivo }),
        accion_url: '/portal',
        now,
      }),
    );
  }
  await transactOrConflict(items, s, 'rechazar');
  return detalle({ ...s, estado: 'rechazado', motivo_rechazo: motivo }, cliente, producto);
}

/** Runs a transition whose first item is the solicitud's conditional update. */
async function transactOrConflict(items: TransactItems, s: SolicitudGuardada, accion: AccionSolicitud): Promise<void> {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes?.[0] === 'ConditionalCheckFailed') throw noPermitido((await getSolicitudItem(s.id)) ?? s, accion);
    if (codes?.[1] === 'ConditionalCheckFailed') throw new NotFoundError(clientesTexts.notFound);
    if (codes?.includes('TransactionConflict')) throw new ConflictError(t.ocupado, 'OCUPADO');
    throw error;
  }
}

// ---------------------------------------------------------------- approval and disbursement

const INTENTOS_APROBAR = 12;

/**
 * aprobar: enviado | en_analisis → aprobado and the disbursement, in ONE TransactWrite of at
 * most 100 items:
 *   1 solicitud (conditional on its estado) + 1 credit line (conditional on usado + monto ≤ limit)
 *   + 1 credit-number sequence (conditional on the value read) + 1 credito + 1 number guard
 *   + ≤ 16 search items + n cuotas (n ≤ 60, the solicitud's maximum term) + 1 activity
 *   + ≤ 1 notification  → at most 83.
 * Any condition failing cancels everything: a repeated or concurrent approval creates one
 * credit; a line that no longer fits is refused.
 * The credit number: uncontended, the sequence is taken inside the transaction (conditional on
 * the value read), so numbers have no gaps. An approval that loses the sequence to another one
 * reserves its number with an atomic ADD outside the transaction and retries without the
 * sequence item: simultaneous approvals of different solicitudes no longer collide on it round
 * after round (with a fixed number of retries, ~1 in 5 of 40 simultaneous approvals was refused
 * with OCUPADO). The number guard keeps numbers unique either way; a reserved number whose
 * approval is then refused is skipped (a gap, never a repeat).
 */
export async function aprobarSolicitud(
  id: string,
  caller: Caller,
  now = new Date(),
): Promise<{ solicitud: SolicitudDetalle; credito: Credito }> {
  let reservado: number | null = null;
  let perdioSecuencia = false;
  for (let intento = 0; intento < INTENTOS_APROBAR; intento++) {
    if (intento > 0) await pausa(intento);
    const s = await getSolicitudOrThrow(id);
    if (!puedeAplicar(s.estado, 'aprobar')) throw noPermitido(s, 'aprobar');
    if (perdioSecuencia && reservado === null) reservado = await reservarNumeroCredito();
    const [cliente, producto, linea, secuencia, tz] = await Promise.all([
      getCliente(s.cliente_id),
      getProducto(s.producto_id),
      getItem(keys.lineaCredito(s.cliente_id)),
      getItem(keys.secuenciaCredito()),
      zonaHoraria(),
    ]);
    if (!cliente) throw new NotFoundError(clientesTexts.notFound);
    if (!producto || !producto.activo) {
      throw new ConflictError(
        fill(t.productoInactivo, { producto: producto?.nombre ?? s.producto_nombre ?? s.producto_id }),
        'PRODUCTO_INACTIVO',
      );
    }
    const monto = s.monto_solicitado_centimos;
    const usado = linea
      ? Number(linea.usado_centimos ?? 0)
      : (await clienteCreditos(s.cliente_id)).reduce((sum, c) => sum + c.saldo_capital_centimos, 0);
    if (!cabeEnLinea(usado, monto)) throw lineaExcedida(monto, usado);

    const previo = secuencia ? Number(secuencia.valor) : 0;
    const numero = reservado ?? previo + 1;
    const createdAt = now.toISOString();
    const creditoId = ulid(now.getTime());
    const { credito, cuotas } = planDesembolso({
      solicitud: s,
      producto,
      cliente,
      fechaNegocio: fechaNegocio(now, tz),
      secuencia: numero,
      creditoId,
      cuotaId: () => ulid(now.getTime()),
      createdAt,
    });
    const table = tableName();
    const items: TransactItems = [
      transicion(s, 'aprobar', {
        credito_id: credito.id,
        numero_credito: credito.numero_credito,
        aprobado_en: createdAt,
        aprobado_por: caller.userId,
        updated_at: createdAt,
      }),
      linea
        ? {
            Update: {
              TableName: table,
              Key: keys.lineaCredito(s.cliente_id),
              UpdateExpression: 'SET usado_centimos = usado_centimos + :monto, updated_at = :now',
              ConditionExpression: 'usado_centimos <= :max',
              ExpressionAttributeValues: { ':monto': monto, ':max': CREDIT_LINE_LIMIT_CENTIMOS - monto, ':now': createdAt },
            },
          }
        : {
            Put: {
              TableName: table,
              Item: itemFor.lineaCredito({ cliente_id: s.cliente_id, usado_centimos: usado + monto, updated_at: createdAt }),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
      ...(reservado !== null
        ? []
        : [
            secuencia
              ? {
                  Update: {
                    TableName: table,
                    Key: keys.secuenciaCredito(),
                    UpdateExpression: 'SET valor = :n',
                    ConditionExpression: 'valor = :prev',
                    ExpressionAttributeValues: { ':n': numero, ':prev': previo },
                  },
                }
              : {
                  Put: {
                    TableName: table,
                    Item: { ...keys.secuenciaCredito(), tipo: ENTITY.secuencia, valor: numero },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
          ]),
      { Put: { TableName: table, Item: itemFor.credito(credito), ConditionExpression: 'attribute_not_exists(pk)' } },
      ...creditoIndexItems(credito).map((Item) => ({
        Put: { TableName: table, Item, ConditionExpression: 'attribute_not_exists(pk)' },
      })),
      ...cuotas.map((c) => ({ Put: { TableName: table, Item: itemFor.cuota(c) } })),
      actividadPut({
        tipo_actividad: 'approve',
        descripcion: fill(t.actividadAprobada, {
          numero: s.numero_solicitud,
          credito: credito.numero_credito,
          monto: formatCRC(monto),
          cliente: nombreDe(cliente),
        }),
        user_id: caller.userId,
        user_nombre: autor(caller),
        now,
      }),
    ];
    if (cliente.user_id) {
      items.push(
        notificacionPut({
          user_id: cliente.user_id,
          tipo: 'credit',
          titulo: t.approved,
          mensaje: fill(t.notificacionAprobada, {
            numero: s.numero_solicitud,
            credito: credito.numero_credito,
            monto: formatCRC(monto),
            fecha: credito.fecha_primer_vencimiento.split('-').reverse().join('/'),
          }),
          accion_url: '/portal',
          now,
        }),
      );
    }
    if (items.length > MAX_TRANSACT_ITEMS)
      throw new Error(`la aprobación necesita ${items.length} elementos (máximo ${MAX_TRANSACT_ITEMS})`);
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (error) {
      const codes = cancellationCodes(error);
      // solicitud no longer approvable, line changed, sequence taken or a concurrent transaction:
      // read again; the next round answers 409 or succeeds with fresh values. Anything else is a bug.
      if (codes?.some((c) => c === 'ConditionalCheckFailed' || c === 'TransactionConflict')) {
        // items: 0 solicitud, 1 line, 2 sequence (while no number is reserved)
        if (reservado === null && codes[2] !== undefined && codes[2] !== 'None') perdioSecuencia = true;
        continue;
      }
      throw error;
    }
    const aprobada: SolicitudGuardada = {
      ...s,
      estado: 'aprobado',
      credito_id: credito.id,
      numero_credito: credito.numero_credito,
    };
    return { solicitud: detalle(aprobada, cliente, producto), credito: toCredito(itemFor.credito(credito)) };
  }
  throw new ConflictError(t.ocupado, 'OCUPADO');
}

/** The next credit number, taken with an atomic ADD (never refused, never handed out twice). */
async function reservarNumeroCredito(): Promise<number> {
  const out = await ddb.send(
    new UpdateCommand({
      TableName: tableName(),
      Key: keys.secuenciaCredito(),
      UpdateExpression: 'SET tipo = :tipo ADD valor :uno',
      ExpressionAttributeValues: { ':tipo': ENTITY.secuencia, ':uno': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  return Number(out.Attributes?.valor);
}

function lineaExcedida(monto: number, usado: number): ConflictError {
  return new ConflictError(
    fill(t.lineaExcedida, {
      monto: formatCRC(monto),
      disponible: formatCRC(lineaDisponible(usado)),
      limite: formatCRC(CREDIT_LINE_LIMIT_CENTIMOS),
    }),
    'LINEA_EXCEDIDA',
  );
}

async function getItem(key: { pk: string; sk: string }): Promise<Record<string, unknown> | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return out.Item ?? null;
}
