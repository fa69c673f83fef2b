import { fechaNegocio } from '@cuota/shared/domain/fechas';
import { defineRoute } from '#commons/http';
import { rutaObtenerDocumentosCredito } from './routes';
import { zonaHoraria } from '#features/configuracion/index';
import { getDocumentos } from './store';

export const handler = defineRoute(rutaObtenerDocumentosCredito, async ({ params }) =>
  getDocumentos(params.id, fechaNegocio(new Date(), await zonaHoraria())),
);
