export { MonitoreoPage } from '../features/monitoreo/components/monitoreo-page';
