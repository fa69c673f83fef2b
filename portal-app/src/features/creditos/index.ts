export { MisCreditosTab } from './components/mis-creditos-tab';
