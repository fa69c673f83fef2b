export { ProductosPage } from './components/productos-page';
