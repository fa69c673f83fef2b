export { ConfiguracionPage } from './components/configuracion-page';
