import type { NotificacionMasiva } from '@cuota/shared';
import { ENTITY, type Guardado, type TableItem } from './comun';
import { claveIdempotencia, particionEnviosMasivosEnCurso } from './idempotencia';

/**
 * A mass push's record (comunicacion/push-masivo.ts): kept under the caller's Idempotency-Key
 * (claveIdempotencia), it claims the send and keeps what going on needs; listed on the sparse gsi3
 * ENVIOS_MASIVOS#EN_CURSO by lease expiry while en_curso.
 */
export type EnvioMasivoItem = Guardado<
  {
    ruta: string;
    huella: string;
    estado: 'en_curso' | 'completo';
    envio_id: string;
    envio_creado: string;
    input: NotificacionMasiva;
    actor: { user_id: string; user_nombre: string };
    cursor: string | null;
    enviadas: number;
    titular?: string;
    lease_hasta?: string;
    respuesta?: { enviadas: number };
    created_at: string;
    expira_en: number;
  },
  typeof ENTITY.idempotencia
>;

export const claveEnvioMasivo = claveIdempotencia;

export const itemEnvioMasivo = (
  clave: { pk: string; sk: string },
  e: Omit<EnvioMasivoItem, 'pk' | 'sk' | 'tipo' | 'gsi3pk' | 'gsi3sk' | 'estado' | 'cursor' | 'enviadas'> & {
    titular: string;
    lease_hasta: string;
  },
): EnvioMasivoItem & TableItem => ({
  ...clave,
  tipo: ENTITY.idempotencia,
  ...e,
  estado: 'en_curso',
  cursor: null,
  enviadas: 0,
  gsi3pk: particionEnviosMasivosEnCurso(),
  gsi3sk: e.lease_hasta,
});
