export { ResumenPortal } from './components/resumen-portal';
