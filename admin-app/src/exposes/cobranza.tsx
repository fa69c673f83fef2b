export { CobranzaPage } from '../features/cobranza';
