import '../styles.css';

export { UsuariosPage } from '../features/usuarios/components/usuarios-page';
