export { PagosTab, SistemaTab } from './components/configuracion-tabs';
