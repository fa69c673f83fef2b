export { ComunicacionPage } from '../features/comunicacion';
