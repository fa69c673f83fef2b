import { defineRoute } from '#commons/http';
import { obtenerRiesgoCredito } from './castigo';
import { rutaObtenerRiesgoCredito } from './castigo-routes';

/** GET /api/creditos/{id}/riesgo (staff): category and write-off of a credit. */
export const handler = defineRoute(rutaObtenerRiesgoCredito, async ({ params }) => obtenerRiesgoCredito(params.id));
