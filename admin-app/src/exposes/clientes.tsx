export { ClientesPage, ClientePerfilPage } from '../features/clientes';
