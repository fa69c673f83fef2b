export { RiesgoPage } from './components/riesgo-page';
