export { ComunicacionPage } from '../features/comunicacion/components/comunicacion-page';
