import { CREDIT_LINE_LIMIT_CENTIMOS, fechaNegocio, type Page, type PortalResumen, type DocumentoRef } from '@cuota/shared';
import { NotFoundError } from '#commons/errors';
import { obtenerCliente } from '#features/clientes/index';
import { alertaCuota, deudasDe, proximasCuotas } from '#features/creditos/index';
import { documentosDe, leerCuotas, leerPagosConciliados } from '#features/creditos/index';
import { zonaHoraria } from '#features/configuracion/index';
import { solicitudParaCliente } from '#entities/solicitud';
import { leerCreditosPropios, leerSolicitudesPropias, leerTodosLosCreditosPropios } from './store';

/** The portal's use cases over the caller's own client: its solicitudes, credits, summary and documents. */

/** Spec §9: the portal shows the 5 earliest unpaid instalments. */
export const PROXIMAS_CUOTAS = 5;

/** The caller's own solicitudes, newest first, as a customer sees them. */
export async function listarSolicitudesPortal(clienteId: string, opts: { limit: number; cursor?: string }) {
  const page = await leerSolicitudesPropias(clienteId, opts);
  return { items: page.items.map(solicitudParaCliente), nextCursor: page.nextCursor };
}

/** A page of the caller's own credits, each with what it owes today. */
export async function listarCreditosPortal(clienteId: string, opts: { limit: number; cursor?: string }) {
  const page = await leerCreditosPropios(clienteId, opts);
  const deudas = await deudasDe(page.items);
  return { items: page.items.map((c) => ({ ...c, deuda: deudas.get(c.id)! })), nextCursor: page.nextCursor };
}

/**
 * GET /api/portal/resumen: score, credit line (Σ saldo_capital, spec §9) and the 5 earliest
 * unpaid cuotas across the client's own credits. One bounded query per own open credit (a
 * customer has few), never a portfolio-wide read.
 */
export async function obtenerResumenPortal(clienteId: string, now = new Date()): Promise<PortalResumen> {
  const [cliente, creditos, tz] = await Promise.all([
    obtenerCliente(clienteId),
    leerTodosLosCreditosPropios(clienteId),
    zonaHoraria(),
  ]);
  if (!cliente) throw new NotFoundError();
  const hoy = fechaNegocio(now, tz);
  const abiertos = creditos.filter((c) => c.estado !== 'cancelado' && c.estado !== 'refinanciado');
  const pendientes = (
    await Promise.all(
      abiertos.map(async (c) => (await leerCuotas(c.id, true)).map((q) => ({ ...q, numero_credito: c.numero_credito }))),
    )
  ).flat();
  const usado = creditos.reduce((t, c) => t + c.saldo_capital_centimos, 0);
  return {
    fecha_negocio: hoy,
    cliente: {
      id: cliente.id,
      nombre: cliente.nombre,
      apellido: cliente.apellido,
      kyc_completado: cliente.kyc_completado,
      riesgo: cliente.riesgo,
    },
    score: cliente.score_crediticio,
    linea_credito: {
      limite_centimos: CREDIT_LINE_LIMIT_CENTIMOS,
      usado_centimos: usado,
      disponible_centimos: Math.max(0, CREDIT_LINE_LIMIT_CENTIMOS - usado),
    },
    creditos_activos: abiertos.length,
    proximas_cuotas: proximasCuotas(pendientes, PROXIMAS_CUOTAS).map((q) => ({
      ...q,
      alerta: alertaCuota(q.fecha_vencimiento, hoy),
    })),
  };
}

/**
 * GET /api/portal/documentos: for each of the client's credits (a page of them, newest first)
 * the contract, the schedule and one receipt per conciliado pago, each with the API route its
 * data comes from.
 */
export async function listarDocumentosPortal(
  clienteId: string,
  opts: { limit: number; cursor?: string },
): Promise<Page<DocumentoRef>> {
  const page = await leerCreditosPropios(clienteId, opts);
  const porCredito = await Promise.all(
    page.items.map(async (c) => documentosDe(c, await leerPagosConciliados(c.id), '/api/portal/creditos')),
  );
  return { items: porCredito.flat(), nextCursor: page.nextCursor };
}
