import { defineRoute } from '#commons/http';
import { rutaListarSolicitudesPortal } from './routes';
import { listChildren } from '../clientes/store';
import type { SolicitudGuardada } from '../solicitudes/store';
import { clientePropio } from './cliente-propio';
import { solicitudParaCliente } from './store';

export const handler = defineRoute(rutaListarSolicitudesPortal, async ({ caller, query }) => {
  const page = await listChildren<SolicitudGuardada>(await clientePropio(caller), 'SOLICITUD#', query);
  return { items: page.items.map(solicitudParaCliente), nextCursor: page.nextCursor };
});
