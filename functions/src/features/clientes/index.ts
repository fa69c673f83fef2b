/** What other features may use of clientes: a client by id or by user, its children lists, creating and updating one. */
export { clientePropio } from './cliente-propio';
export {
  clienteIdOfUser,
  clienteOfUser,
  createCliente,
  getCliente,
  listChildren,
  updateCliente,
  type Actor,
  type NewCliente,
} from './store';
