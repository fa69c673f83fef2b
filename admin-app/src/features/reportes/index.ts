export { ReportesPage } from './components/reportes-page';
