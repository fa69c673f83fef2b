import { queryAll, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { listarHijos } from '#features/clientes/index';
import { creditoAApi, creditosDeCliente, type CreditoGuardado } from '#entities/credito';
import { solicitudesDeCliente, type SolicitudGuardada } from '#entities/solicitud';

/** The portal's reads of the caller's own items; the use cases are in service.ts. */

/** The caller's own solicitudes, newest first (a page). */
export const leerSolicitudesPropias = (clienteId: string, opts: { limit: number; cursor?: string }) =>
  listarHijos<SolicitudGuardada>(clienteId, solicitudesDeCliente(), opts);

/** The caller's own credits, newest first (a page). */
export async function leerCreditosPropios(clienteId: string, opts: { limit: number; cursor?: string }) {
  const page = await listarHijos<CreditoGuardado>(clienteId, creditosDeCliente(), opts);
  return { items: page.items.map(creditoAApi), nextCursor: page.nextCursor };
}

/** Every credit of the client (a customer has few). */
export async function leerTodosLosCreditosPropios(clienteId: string): Promise<CreditoGuardado[]> {
  const { items } = await queryAll({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :p)',
    ExpressionAttributeValues: { ':pk': keys.clienteChildren(clienteId), ':p': creditosDeCliente() },
  });
  return items.map(creditoAApi);
}
