import { fechaNegocio } from '@cuota/shared';
import { defineRoute } from '#commons/http';
import { zonaHoraria } from '#features/configuracion/index';
import { rutaObtenerProvisiones } from './routes';
import { obtenerProvisiones } from './service';

/** GET /api/reportes/provisiones[?mes=YYYY-MM] (admin, analista). */
export const handler = defineRoute(rutaObtenerProvisiones, async ({ query }) =>
  obtenerProvisiones(query.mes, fechaNegocio(new Date(), await zonaHoraria())),
);
