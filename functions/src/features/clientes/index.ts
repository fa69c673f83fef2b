/** What other features may use of clientes: a client by id or by user, its children lists, creating, updating and searching them. */
export { clientePropio } from './cliente-propio';
export {
  actualizarCliente,
  clienteDeUsuario,
  crearCliente,
  listarClientes,
  obtenerCliente,
  type Actor,
  type ClienteCambios,
  type NewCliente,
} from './service';
export { clienteIdDeUsuario, listarHijos } from './store';
