import { defineRoute } from '#commons/http';
import { resumenComunicacion } from './store';

export const handler = defineRoute('obtener-resumen-comunicacion', async () => resumenComunicacion());
