export { ClientesPage } from '../features/clientes/components/clientes-page';
export { ClientePerfilPage } from '../features/clientes/components/cliente-perfil-page';
