import { defineRoute } from '#commons/http';
import { rutaListarCuotasPortal } from './routes';
import { obtenerCreditoExistente, listarCuotas } from '#features/creditos/index';
import { clientePropio } from '#features/clientes/index';

export const handler = defineRoute(rutaListarCuotasPortal, async ({ caller, params, query }) => {
  const clienteId = await clientePropio(caller);
  // the page is read beside the ownership check and only returned when the credit is the caller's
  // (the check's error comes first, as when they ran one after the other)
  const [propio, pagina] = await Promise.allSettled([
    obtenerCreditoExistente(params.id, clienteId),
    listarCuotas(params.id, query),
  ]);
  if (propio.status === 'rejected') throw propio.reason;
  if (pagina.status === 'rejected') throw pagina.reason;
  return pagina.value;
});
