import { fechaNegocio } from '@cuota/shared';
import { defineRoute } from '#commons/http';
import { zonaHoraria } from '#features/configuracion/index';
import { getDocumentos } from './store';

export const handler = defineRoute('obtener-documentos-credito', async ({ params }) =>
  getDocumentos(params.id, fechaNegocio(new Date(), await zonaHoraria())),
);
