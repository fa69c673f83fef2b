export { RiesgoPage } from '../features/riesgo';
