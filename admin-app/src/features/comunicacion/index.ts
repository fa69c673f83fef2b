export { ComunicacionPage } from './components/comunicacion-page';
