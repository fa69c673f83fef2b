import type { Cuota } from '@cuota/shared';
import { ENTITY, stripKeys, type Guardado } from './comun';
import { particionCredito } from './credito';

/** One cuota of a credit's schedule, in the credit's partition in numero_cuota order. */
export type CuotaItem = Guardado<
  Record<string, unknown> & { id: string; credito_id: string; numero_cuota: number },
  typeof ENTITY.cuota
>;

export const PREFIJO_CUOTA = 'CUOTA#';
export const claveCuota = (creditoId: string, numero: number) => ({
  pk: particionCredito(creditoId),
  sk: `${PREFIJO_CUOTA}${String(numero).padStart(3, '0')}`,
});

export const itemCuota = (c: Record<string, unknown> & { id: string; credito_id: string; numero_cuota: number }): CuotaItem =>
  ({
    ...stripKeys(c),
    ...claveCuota(c.credito_id, c.numero_cuota),
    tipo: ENTITY.cuota,
  }) as CuotaItem;

/** A stored cuota: the API's record plus when it was paid off. */
export type CuotaGuardada = Cuota & { pagada_en?: string | null };

export const cuotaAApi = (item: Record<string, unknown>): CuotaGuardada => stripKeys(item) as unknown as CuotaGuardada;

/** A schedule row (generarCuotas) as a new cuota of credit `creditoId`: nothing paid, no mora. */
export const cuotaNueva = <F extends { numero_cuota: number }>(fila: F, creditoId: string, id: string) => ({
  ...fila,
  id,
  credito_id: creditoId,
  monto_mora_centimos: 0,
  pagada: false,
  dias_mora: 0,
  pagada_en: null as string | null,
});

/** The stored item of a new cuota from its schedule row (approval, seed, fixtures, bench). */
export const itemCuotaNueva = <F extends { numero_cuota: number }>(fila: F, creditoId: string, id: string): CuotaItem =>
  itemCuota(cuotaNueva(fila, creditoId, id));
