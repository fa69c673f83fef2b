export { ConciliacionPage } from '../features/conciliacion';
