export { UsuariosPage } from './components/usuarios-page';
