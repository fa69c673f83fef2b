import { defineRoute } from '#commons/http';
import { rutaListarSolicitudesPortal } from './routes';
import { listChildren } from '#features/clientes/index';
import type { SolicitudGuardada } from '#features/solicitudes/index';
import { clientePropio } from '#features/clientes/index';
import { solicitudParaCliente } from './store';

export const handler = defineRoute(rutaListarSolicitudesPortal, async ({ caller, query }) => {
  const page = await listChildren<SolicitudGuardada>(await clientePropio(caller), 'SOLICITUD#', query);
  return { items: page.items.map(solicitudParaCliente), nextCursor: page.nextCursor };
});
