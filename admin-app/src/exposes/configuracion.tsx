import '../styles.css';

export { ConfiguracionPage } from '../features/configuracion/components/configuracion-page';
