import { ENTITY, type TableItem } from './comun';

/** Per caller and Idempotency-Key: a payment's first result, or a mass push's claim and result (TTL expira_en). */
export const claveIdempotencia = (userId: string, clave: string) => ({
  pk: `IDEMPOTENCIA#${userId}#${clave}`,
  sk: 'IDEMPOTENCIA',
});
/** gsi3: mass pushes still being written, by lease expiry (stale ones are continued by a job). */
export const particionEnviosMasivosEnCurso = () => 'ENVIOS_MASIVOS#EN_CURSO';

export const itemIdempotencia = (userId: string, clave: string, campos: Record<string, unknown>): TableItem => ({
  ...claveIdempotencia(userId, clave),
  tipo: ENTITY.idempotencia,
  ...campos,
});
