export { MonitoreoPage } from './components/monitoreo-page';
