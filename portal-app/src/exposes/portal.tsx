import '../styles.css';

export { PortalPage } from '../features/inicio/components/portal-page';
