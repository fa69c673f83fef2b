export { obtenerReporteCartera, obtenerReporteColocacion, obtenerReporteCosechas, obtenerReporteRecaudacion } from './service';
