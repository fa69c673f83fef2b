import type {
  Cliente,
  Credito,
  CreditoDetalle,
  CreditoDocumentos,
  DeudaCredito,
  DocumentoRef,
  Liquidacion,
  Page,
} from '@cuota/shared';
import { precioGuardado } from '@cuota/shared';
import { creditosTexts } from '@cuota/shared/texts/creditos';
import { liquidacionTexts } from '@cuota/shared/texts/liquidacion';
import { generalTexts } from '@cuota/shared/texts/general';
import { fill } from '@cuota/shared/texts/fill';
import { ConflictError, NotFoundError } from '#commons/errors';
import { normalizeTerm } from '#commons/keys';
import { obtenerProducto } from '#features/productos/index';
import { cargarCredito, fechaHoy, fechaInicioCalendario, liquidacionAl, normalizarCuota } from '#features/cierre/index';
import { obtenerCliente } from '#features/clientes/index';
import { creditoAApi, type CreditoGuardado } from '#entities/credito';
import type { PagoGuardado } from '#entities/pago';
import { deudaCredito } from './deuda';
import { fechaDeLiquidacion, progresoPago, resumenCuotas } from './domain';
import { creditoSearchTerms } from './indices';
import { leerCreditos, leerCreditosPorId, leerCuotas, leerIdsPorTermino, leerPagosConciliados, obtenerCredito } from './store';

/**
 * The credit use cases (reads): a credit with what it owes today, the lists and the search, and
 * the data of its documents. Each reads through store.ts and the credit engine (cierre).
 */

const t = creditosTexts;

/** A credit by id; with `clienteId` (portal) another client's credit is reported as missing. */
export async function obtenerCreditoExistente(id: string, clienteId?: string): Promise<CreditoGuardado> {
  const credito = await obtenerCredito(id);
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
export async function obtenerCreditoDetalle(id: string, clienteId?: string): Promise<CreditoDetalle> {
  const [cargado, hoy] = await Promise.all([cargarCredito(id), fechaHoy()]);
  if (!cargado || (clienteId !== undefined && cargado.credito.cliente_id !== clienteId)) throw new NotFoundError(t.notFound);
  const credito = creditoAApi(cargado.credito);
  const [cliente, producto] = await Promise.all([obtenerCliente(credito.cliente_id), obtenerProducto(credito.producto_id)]);
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
 * GET …/creditos/{id}/liquidacion: what cancels the credit on `fecha` (default the business date),
 * a value date from its disbursement or last applied payment up to LIQUIDACION_DIAS_MAXIMOS days
 * ahead. With `clienteId` (portal) another client's credit is missing; a cancelado one is a 409.
 */
export async function obtenerLiquidacion(id: string, fecha: string | undefined, clienteId?: string): Promise<Liquidacion> {
  const [cargado, hoy] = await Promise.all([cargarCredito(id), fechaHoy()]);
  if (!cargado || (clienteId !== undefined && cargado.credito.cliente_id !== clienteId)) throw new NotFoundError(t.notFound);
  if (cargado.credito.estado === 'cancelado') throw new ConflictError(liquidacionTexts.yaCancelado, 'CREDITO_CANCELADO');
  if (cargado.credito.estado === 'refinanciado') throw new ConflictError(liquidacionTexts.yaRefinanciado, 'CREDITO_REFINANCIADO');
  const valores = cargado.pagos.map((p) => p.fecha_valor);
  const dia = fechaDeLiquidacion(fecha ?? hoy, hoy, [String(fechaInicioCalendario(cargado.credito)), ...valores]);
  const { cuota_corriente: _, ...liquidacion } = liquidacionAl(cargado, dia);
  return liquidacion;
}

/**
 * What each of these credits owes today, by credit id: one query of each credit's cuotas. A
 * cancelado credit has every cuota paid, so it owes nothing and is not read.
 */
export async function deudasDe(creditos: readonly Pick<CreditoGuardado, 'id' | 'estado'>[]): Promise<Map<string, DeudaCredito>> {
  // today's date (a settings read) beside the cuotas reads, not before them
  const [hoy, cuotasPorCredito] = await Promise.all([
    fechaHoy(),
    Promise.all(
      creditos.map(async (c) =>
        c.estado === 'cancelado' || c.estado === 'refinanciado' ? [] : (await leerCuotas(c.id)).map((q) => normalizarCuota(q)),
      ),
    ),
  ]);
  return new Map(creditos.map((c, i) => [c.id, deudaCredito(cuotasPorCredito[i]!, hoy)] as const));
}

/**
 * GET /api/creditos newest first. gsi2 is partitioned by estado: `?estado=` reads its own
 * partition, no filter merges the four. `?q=` is a prefix search over the credit search index
 * (number or client name), so its cost follows the matches, not the portfolio.
 */
export async function listarCreditos(opts: {
  q?: string;
  estado?: string;
  limit: number;
  cursor?: string;
}): Promise<Page<CreditoGuardado>> {
  const q = opts.q ? normalizeTerm(opts.q) : '';
  if (!q) return leerCreditos(opts);
  const words = q.split(' ');
  const lookup = words.reduce((a, b) => (b.length > a.length ? b : a));
  const page = await leerIdsPorTermino(lookup, opts);
  const creditos = await leerCreditosPorId(page.items);
  const items = creditos.filter((c) => {
    if (opts.estado && c.estado !== opts.estado) return false;
    const own = creditoSearchTerms(c).flatMap((x) => x.split(' '));
    return words.every((w) => own.some((x) => x.startsWith(w)));
  });
  return { items, nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------- documents

/**
 * GET …/documentos: the data of the printable contract (client, product, terms, schedule
 * summary, lender) and of the receipts (conciliado pagos with what each paid of mora,
 * interest and capital).
 */
export async function obtenerDocumentos(creditoId: string, fechaEmision: string, clienteId?: string): Promise<CreditoDocumentos> {
  const credito = await obtenerCreditoExistente(creditoId, clienteId);
  const [cliente, producto, cuotas, pagos] = await Promise.all([
    obtenerCliente(credito.cliente_id),
    obtenerProducto(credito.producto_id),
    leerCuotas(creditoId),
    leerPagosConciliados(creditoId),
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
        ...precioGuardado(credito),
      },
      resumen_cuotas: resumenCuotas(cuotas),
    },
    comprobantes: pagos.map(comprobante),
  };
}

/** A receipt: what a conciliado payment paid of mora, interest and capital. */
const comprobante = (p: PagoGuardado) => ({
  pago_id: String(p.id),
  referencia_pago: String(p.referencia_pago),
  referencia_externa: p.referencia_externa ?? null,
  fecha_pago: String(p.fecha_pago),
  fecha_valor: p.fecha_valor ?? null,
  canal: String(p.canal),
  monto_centimos: Number(p.monto_centimos),
  aplicado_mora_centimos: Number(p.aplicado_mora_centimos ?? 0),
  aplicado_interes_centimos: Number(p.aplicado_interes_centimos ?? 0),
  aplicado_capital_centimos: Number(p.aplicado_capital_centimos ?? 0),
  conciliado_en: p.conciliado_en ?? null,
});

/** The document references of one credit (contract, schedule, one receipt per conciliado pago). */
export function documentosDe(
  credito: Pick<Credito, 'id' | 'numero_credito' | 'fecha_desembolso'>,
  pagos: ReadonlyArray<{ id: string; referencia_pago: string; fecha_pago: string }>,
  base: string,
): DocumentoRef[] {
  const ruta = `${base}/${credito.id}`;
  const comun = { credito_id: credito.id, numero_credito: credito.numero_credito };
  const ref = (tipo: 'contrato' | 'tabla_amortizacion', titulo: string, sufijo: string) => ({
    ...comun,
    tipo,
    titulo,
    pago_id: null,
    fecha: credito.fecha_desembolso,
    ruta: `${ruta}/${sufijo}`,
  });
  return [
    ref('contrato', fill(t.contrato, { numero: credito.numero_credito }), 'documentos'),
    ref('tabla_amortizacion', fill(t.tabla, { numero: credito.numero_credito }), 'cuotas'),
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
