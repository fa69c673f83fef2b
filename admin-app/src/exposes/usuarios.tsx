export { UsuariosPage } from '../features/usuarios/components/usuarios-page';
