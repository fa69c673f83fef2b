/** What other features may use of perfil: staff profiles (perfiles.ts). */
export { obtenerPerfil, crearPerfilSiFalta, type Perfil } from './perfiles';
