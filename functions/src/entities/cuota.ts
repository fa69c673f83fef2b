import type { Cuota } from '@cuota/shared';
import { ENTITY, stripKeys, type Guardado, type TableItem } from './comun';
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

export const cuotaAApi = (item: Record<string, unknown>): Cuota => stripKeys(item) as unknown as Cuota;
