export { UsuariosPage } from '../features/usuarios';
