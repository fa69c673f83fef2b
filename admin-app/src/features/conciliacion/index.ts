export { ConciliacionPage } from './components/conciliacion-page';
