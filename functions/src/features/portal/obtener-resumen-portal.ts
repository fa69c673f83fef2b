import { defineRoute } from '#commons/http';
import { clientePropio } from '#features/clientes/index';
import { resumenPortal } from './store';

export const handler = defineRoute('obtener-resumen-portal', async ({ caller }) => resumenPortal(await clientePropio(caller)));
