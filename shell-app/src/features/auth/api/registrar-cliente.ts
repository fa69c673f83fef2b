import { clienteSchema, type Cliente } from '@cuota/shared/schemas/cliente';
import { api } from '@cuota/shared/web';

/** POST /api/portal/registro: the new customer's own client record; the email comes from the token. */
export function registrarCliente(input: { nombre: string; apellido: string; telefono: string }): Promise<Cliente> {
  return api.post('/api/portal/registro', input, { schema: clienteSchema });
}
