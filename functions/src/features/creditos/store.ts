import { GetCommand, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  CREDITO_ESTADOS,
  type Cliente,
  type Credito,
  type CreditoDetalle,
  type CreditoDocumentos,
  type Cuota,
  type DeudaCredito,
  type DocumentoRef,
  type Page,
  type Pago,
} from '@cuota/shared';
import { creditosTexts } from '@cuota/shared/texts/creditos';
import { generalTexts } from '@cuota/shared/texts/general';
import { fill } from '@cuota/shared/texts/fill';
import { ddb, decodeCursor, encodeCursor, queryAll, tableName, batchGetAll } from '#commons/db';
import { NotFoundError } from '#commons/errors';
import { keys, normalizeTerm, stripKeys } from '#commons/keys';
import { mergedNewestFirst } from '#commons/merged-page';
import { getProducto } from '#features/productos/index';
import { cargarCredito, fechaHoy, normalizarCuota } from '#features/cierre/index';
import { getCliente } from '#features/clientes/index';
import { deudaCredito } from './deuda';
import { progresoPago, resumenCuotas } from './domain';
import { creditoSearchTerms } from './indices';
import { PREFIJO_CUOTA } from '#entities/cuota';
import { particionPagosCredito } from '#entities/pago';

const t = creditosTexts;

/** A stored credit as the API returns it; older items read with the defaults of newer fields. */
export type CreditoGuardado = Credito & {
  solicitud_id: string | null;
  metodo_amortizacion: string;
  tasa_moratoria_anual: string | null;
  dias_tolerancia: number;
  proximo_vencimiento: string | null;
  total_pagado_centimos: number;
  version: number;
};

export function toCredito(item: Record<string, unknown>): CreditoGuardado {
  const c = stripKeys(item) as unknown as CreditoGuardado;
  return {
    ...c,
    producto_nombre: c.producto_nombre ?? null,
    producto_codigo: c.producto_codigo ?? null,
    solicitud_id: c.solicitud_id ?? null,
    metodo_amortizacion: c.metodo_amortizacion ?? 'cuota_nivelada',
    tasa_moratoria_anual: c.tasa_moratoria_anual ?? null,
    dias_tolerancia: c.dias_tolerancia ?? 0,
    proximo_vencimiento: c.proximo_vencimiento ?? null,
    total_pagado_centimos: c.total_pagado_centimos ?? 0,
    version: c.version ?? 1,
  };
}

export async function getCredito(id: string): Promise<CreditoGuardado | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.credito(id) }));
  return out.Item ? toCredito(out.Item) : null;
}

/** A credit by id; with `clienteId` (portal) another client's credit is reported as missing. */
export async function getCreditoOrThrow(id: string, clienteId?: string): Promise<CreditoGuardado> {
  const credito = await getCredito(id);
  if (!credito || (clienteId !== undefined && credito.cliente_id !== clienteId)) throw new NotFoundError(t.notFound);
  return credito;
}

const clienteResumen = (c: Cliente) => ({
  id: c.id,
  nombre: c.nombre,
  apellido: c.apellido,
  email: c.email,
  telefono: c.telefono,
  identidad_tipo: c.identidad_tipo,
  identidad_numero: c.identidad_numero,
});

/**
 * GET /api/creditos/{id}: with the client, the product (nombre, codigo), payment progress and
 * what it owes today (deuda). The credit and its cuotas come from one query of its partition.
 */
export async function getCreditoDetalle(id: string, clienteId?: string): Promise<CreditoDetalle> {
  const [cargado, hoy] = await Promise.all([cargarCredito(id), fechaHoy()]);
  if (!cargado || (clienteId !== undefined && cargado.credito.cliente_id !== clienteId)) throw new NotFoundError(t.notFound);
  const credito = toCredito(cargado.credito);
  const [cliente, producto] = await Promise.all([getCliente(credito.cliente_id), getProducto(credito.producto_id)]);
  return {
    ...credito,
    cliente_nombre: cliente?.nombre ?? credito.cliente_nombre,
    cliente_apellido: cliente?.apellido ?? credito.cliente_apellido,
    producto_nombre: producto?.nombre ?? credito.producto_nombre,
    producto_codigo: producto?.codigo ?? credito.producto_codigo,
    progreso_pago: progresoPago(credito.monto_principal_centimos, credito.saldo_capital_centimos),
    cliente: cliente && clienteResumen(cliente),
    producto: producto
      ? { id: producto.id, nombre: producto.nombre, codigo: producto.codigo }
      : credito.producto_nombre
        ? { id: credito.producto_id, nombre: credito.producto_nombre, codigo: credito.producto_codigo ?? '' }
        : null,
    deuda: deudaCredito(cargado.cuotas, hoy),
  };
}

/**
 * What each of these credits owes today, by credit id: one query of each credit's cuotas. A
 * cancelado credit has every cuota paid, so it owes nothing and is not read.
 */
export async function deudasDe(creditos: readonly Pick<CreditoGuardado, 'id' | 'estado'>[]): Promise<Map<string, DeudaCredito>> {
  const hoy = await fechaHoy();
  const deudas = await Promise.all(
    creditos.map(async (c) => {
      const cuotas = c.estado === 'cancelado' ? [] : (await allCuotas(c.id)).map((q) => normalizarCuota(q));
      return [c.id, deudaCredito(cuotas, hoy)] as const;
    }),
  );
  return new Map(deudas);
}

// ---------------------------------------------------------------- lists

/**
 * GET /api/creditos newest first. gsi2 is partitioned by estado: `?estado=` reads its own
 * partition, no filter merges the four. `?q=` is a prefix search over the credit search index
 * (number or client name), so its cost follows the matches, not the portfolio.
 */
export async function listCreditos(opts: {
  q?: string;
  estado?: string;
  limit: number;
  cursor?: string;
}): Promise<Page<CreditoGuardado>> {
  const q = opts.q ? normalizeTerm(opts.q) : '';
  if (q) return searchCreditos(q, opts);
  if (opts.estado) {
    const out = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi2',
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': keys.creditosList(opts.estado) },
        ScanIndexForward: false,
        Limit: opts.limit,
        ExclusiveStartKey: decodeCursor(opts.cursor),
      }),
    );
    return { items: (out.Items ?? []).map(toCredito), nextCursor: encodeCursor(out.LastEvaluatedKey) };
  }
  const page = await mergedNewestFirst({
    index: 'gsi2',
    partitions: CREDITO_ESTADOS.map((e) => keys.creditosList(e)),
    limit: opts.limit,
    cursor: opts.cursor,
  });
  return { items: page.items.map(toCredito), nextCursor: page.nextCursor };
}

async function searchCreditos(
  q: string,
  opts: { estado?: string; limit: number; cursor?: string },
): Promise<Page<CreditoGuardado>> {
  const words = q.split(' ');
  const lookup = words.reduce((a, b) => (b.length > a.length ? b : a));
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :term)',
      ExpressionAttributeValues: { ':pk': keys.busquedaCredito(lookup, '').pk, ':term': lookup },
      Limit: opts.limit,
      ExclusiveStartKey: decodeCursor(opts.cursor),
    }),
  );
  const ids = [...new Set((out.Items ?? []).map((i) => String(i.credito_id)))];
  const creditos = await batchGetCreditos(ids);
  const items = creditos.filter((c) => {
    if (opts.estado && c.estado !== opts.estado) return false;
    const own = creditoSearchTerms(c).flatMap((x) => x.split(' '));
    return words.every((w) => own.some((x) => x.startsWith(w)));
  });
  return { items, nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

async function batchGetCreditos(ids: string[]): Promise<CreditoGuardado[]> {
  const items = await batchGetAll(ids.map((id) => keys.credito(id)));
  return items.filter((i): i is Record<string, unknown> => Boolean(i)).map(toCredito);
}

const cuotasQuery = (creditoId: string): QueryCommandInput => ({
  TableName: tableName(),
  KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
  ExpressionAttributeValues: { ':pk': keys.credito(creditoId).pk, ':p': PREFIJO_CUOTA },
});

export const toCuota = (item: Record<string, unknown>) => stripKeys(item) as unknown as Cuota & { pagada_en?: string | null };

/** GET …/cuotas: the schedule ordered by numero_cuota. */
export async function listCuotas(creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Cuota>> {
  const out = await ddb.send(
    new QueryCommand({ ...cuotasQuery(creditoId), Limit: opts.limit, ExclusiveStartKey: decodeCursor(opts.cursor) }),
  );
  return { items: (out.Items ?? []).map(toCuota), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** All cuotas of one credit (bounded by its term, ≤ 60 for credits this API creates). */
export async function allCuotas(creditoId: string, soloPendientes = false) {
  const { items } = await queryAll({
    ...cuotasQuery(creditoId),
    ...(soloPendientes
      ? {
          FilterExpression: 'pagada = :f',
          ExpressionAttributeValues: { ':pk': keys.credito(creditoId).pk, ':p': PREFIJO_CUOTA, ':f': false },
        }
      : {}),
  });
  return items.map(toCuota);
}

const pagosQuery = (creditoId: string): QueryCommandInput => ({
  TableName: tableName(),
  IndexName: 'gsi2',
  KeyConditionExpression: 'gsi2pk = :pk',
  ExpressionAttributeValues: { ':pk': particionPagosCredito(creditoId) },
  ScanIndexForward: false,
});

/** GET …/pagos: newest first (gsi2 CREDITO#id#PAGOS). */
export async function listPagosCredito(creditoId: string, opts: { limit: number; cursor?: string }): Promise<Page<Pago>> {
  const out = await ddb.send(
    new QueryCommand({ ...pagosQuery(creditoId), Limit: opts.limit, ExclusiveStartKey: decodeCursor(opts.cursor) }),
  );
  return { items: (out.Items ?? []).map((i) => stripKeys(i) as unknown as Pago), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

// ---------------------------------------------------------------- documents

/**
 * GET …/documentos: the data of the printable contract (client, product, terms, schedule
 * summary, lender) and of the receipts (conciliado pagos with what each paid of mora,
 * interest and capital).
 */
export async function getDocumentos(creditoId: string, fechaEmision: string, clienteId?: string): Promise<CreditoDocumentos> {
  const credito = await getCreditoOrThrow(creditoId, clienteId);
  const [cliente, producto, cuotas, pagos] = await Promise.all([
    getCliente(credito.cliente_id),
    getProducto(credito.producto_id),
    allCuotas(creditoId),
    queryAll({
      ...pagosQuery(creditoId),
      FilterExpression: 'estado = :e',
      ExpressionAttributeValues: { ':pk': particionPagosCredito(creditoId), ':e': 'conciliado' },
    }),
  ]);
  return {
    prestamista: { nombre: generalTexts.brand },
    fecha_emision: fechaEmision,
    contrato: {
      numero_credito: credito.numero_credito,
      estado: credito.estado,
      cliente: cliente && {
        ...clienteResumen(cliente),
        direccion: cliente.direccion,
        ciudad: cliente.ciudad,
        pais: cliente.pais,
      },
      producto: producto
        ? { id: producto.id, nombre: producto.nombre, codigo: producto.codigo }
        : { id: credito.producto_id, nombre: credito.producto_nombre ?? '', codigo: credito.producto_codigo ?? '' },
      terminos: {
        monto_principal_centimos: credito.monto_principal_centimos,
        tasa_interes_anual: credito.tasa_interes_anual,
        tasa_moratoria_anual: credito.tasa_moratoria_anual,
        plazo_meses: credito.plazo_meses,
        metodo_amortizacion: credito.metodo_amortizacion,
        dias_tolerancia: credito.dias_tolerancia,
        fecha_desembolso: credito.fecha_desembolso,
        fecha_primer_vencimiento: credito.fecha_primer_vencimiento,
      },
      resumen_cuotas: resumenCuotas(cuotas),
    },
    comprobantes: pagos.items.map((p) => ({
      pago_id: String(p.id),
      referencia_pago: String(p.referencia_pago),
      referencia_externa: (p.referencia_externa as string | null | undefined) ?? null,
      fecha_pago: String(p.fecha_pago),
      fecha_valor: (p.fecha_valor as string | null | undefined) ?? null,
      canal: String(p.canal),
      monto_centimos: Number(p.monto_centimos),
      aplicado_mora_centimos: Number(p.aplicado_mora_centimos ?? 0),
      aplicado_interes_centimos: Number(p.aplicado_interes_centimos ?? 0),
      aplicado_capital_centimos: Number(p.aplicado_capital_centimos ?? 0),
      conciliado_en: (p.conciliado_en as string | null | undefined) ?? null,
    })),
  };
}

/** The document references of one credit (contract, schedule, one receipt per conciliado pago). */
export function documentosDe(
  credito: Pick<Credito, 'id' | 'numero_credito' | 'fecha_desembolso'>,
  pagos: ReadonlyArray<{ id: string; referencia_pago: string; fecha_pago: string }>,
  base: string,
): DocumentoRef[] {
  const ruta = `${base}/${credito.id}`;
  const comun = { credito_id: credito.id, numero_credito: credito.numero_credito };
  return [
    {
      ...comun,
      tipo: 'contrato',
      titulo: fill(t.contrato, { numero: credito.numero_credito }),
      pago_id: null,
      fecha: credito.fecha_desembolso,
      ruta: `${ruta}/documentos`,
    },
    {
      ...comun,
      tipo: 'tabla_amortizacion',
      titulo: fill(t.tabla, { numero: credito.numero_credito }),
      pago_id: null,
      fecha: credito.fecha_desembolso,
      ruta: `${ruta}/cuotas`,
    },
    ...pagos.map((p) => ({
      ...comun,
      tipo: 'comprobante' as const,
      titulo: fill(t.comprobante, { referencia: p.referencia_pago }),
      pago_id: p.id,
      fecha: p.fecha_pago,
      ruta: `${ruta}/documentos`,
    })),
  ];
}
