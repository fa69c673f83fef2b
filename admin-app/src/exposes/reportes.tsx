export { ReportesPage } from '../features/reportes';
