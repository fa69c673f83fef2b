import { campanaSchema, type CampanaCrear } from '@cuota/shared/schemas/comunicacion';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';
import { campanasQueryKey } from './listar-campanas';

/** POST /api/campanas (admin): a borrador with total_destinatarios from the segment. */
export function crearCampana(input: CampanaCrear) {
  return api.post('/api/campanas', input, { schema: campanaSchema });
}

export function useCrearCampana() {
  return useMutacionQueRefresca(crearCampana, campanasQueryKey);
}
