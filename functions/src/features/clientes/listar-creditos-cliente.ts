import { defineRoute } from '#commons/http';
import { rutaListarCreditosCliente } from './routes';
import { listarCreditosCliente } from './service';

export const handler = defineRoute(rutaListarCreditosCliente, async ({ params, query }) =>
  listarCreditosCliente(params.id, query),
);
