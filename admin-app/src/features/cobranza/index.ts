export { CobranzaPage } from './components/cobranza-page';
