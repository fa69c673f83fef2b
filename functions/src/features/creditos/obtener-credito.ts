import { defineRoute } from '#commons/http';
import { getCreditoDetalle } from './store';

export const handler = defineRoute('obtener-credito', async ({ params }) => getCreditoDetalle(params.id));
