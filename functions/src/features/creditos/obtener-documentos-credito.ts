import { fechaNegocio } from '@cuota/shared/domain/fechas';
import { defineRoute } from '#commons/http';
import { rutaObtenerDocumentosCredito } from './routes';
import { zonaHoraria } from '#features/configuracion/index';
import { obtenerDocumentos } from './service';

export const handler = defineRoute(rutaObtenerDocumentosCredito, async ({ params }) =>
  obtenerDocumentos(params.id, fechaNegocio(new Date(), await zonaHoraria())),
);
