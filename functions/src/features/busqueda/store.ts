import { batchGetAll } from '#commons/db';
import { claveCredito, creditoAApi, type CreditoGuardado } from '#entities/credito';
import { claveSolicitud, solicitudAApi, type SolicitudGuardada } from '#entities/solicitud';
import { claveUnico } from '#entities/unico';

/** The credits holding these numbers (their uniqueness guards, then the credits: two BatchGets). */
export async function creditosPorNumero(numeros: string[]): Promise<CreditoGuardado[]> {
  const guardas = await batchGetAll(numeros.map((n) => claveUnico.numeroCredito(n)));
  const ids = guardas.flatMap((g) => (typeof g?.credito_id === 'string' ? [g.credito_id] : []));
  if (ids.length === 0) return [];
  return (await batchGetAll(ids.map(claveCredito))).flatMap((i) => (i ? [creditoAApi(i)] : []));
}

/** The solicitudes holding these numbers (their uniqueness guards, then the solicitudes). */
export async function solicitudesPorNumero(numeros: string[]): Promise<SolicitudGuardada[]> {
  if (numeros.length === 0) return [];
  const guardas = await batchGetAll(numeros.map((n) => claveUnico.numeroSolicitud(n)));
  const ids = guardas.flatMap((g) => (typeof g?.solicitud_id === 'string' ? [g.solicitud_id] : []));
  if (ids.length === 0) return [];
  return (await batchGetAll(ids.map(claveSolicitud))).flatMap((i) => (i ? [solicitudAApi(i)] : []));
}
