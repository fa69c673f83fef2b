export { ConciliacionPage } from '../features/conciliacion/components/conciliacion-page';
