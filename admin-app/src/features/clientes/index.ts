export { ClientesPage } from './components/clientes-page';
export { ClientePerfilPage } from './components/cliente-perfil-page';
