export { MonitoreoPage } from '../features/monitoreo';
