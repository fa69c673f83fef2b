import { defineRoute } from '#commons/http';
import { resumenPagos } from './store';

export const handler = defineRoute('obtener-resumen-pagos', async () => resumenPagos());
