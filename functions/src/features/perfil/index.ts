/** What other features may use of perfil: staff profiles (perfiles.ts). */
export { getPerfil, putPerfilIfAbsent, type Perfil } from './perfiles';
