import { clienteSchema, type Cliente } from '@cuota/shared/schemas/cliente';
import { api, useMutacionQueRefresca } from '@cuota/shared/web';

/** What 'Editar datos' may change: contact data and the KYC state (PATCH /api/clientes/{id}). */
export type ClienteCambios = Partial<
  Pick<Cliente, 'nombre' | 'apellido' | 'telefono' | 'direccion' | 'ciudad' | 'pais' | 'kyc_completado'>
>;

/** PATCH /api/clientes/{id} (admin, analista): only the fields that changed; audited server-side. */
export function actualizarCliente({ id, cambios }: { id: string; cambios: ClienteCambios }) {
  return api.patch(`/api/clientes/${encodeURIComponent(id)}`, cambios, { schema: clienteSchema });
}

/** Refreshes the profile and every clients list (the name may have changed). */
export function useActualizarCliente() {
  return useMutacionQueRefresca(actualizarCliente, ['clientes']);
}
