import { defineRoute } from '#commons/http';
import { getSolicitudDetalle } from './store';

export const handler = defineRoute('obtener-solicitud', async ({ params }) => getSolicitudDetalle(params.id));
