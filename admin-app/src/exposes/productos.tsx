export { ProductosPage } from '../features/productos/components/productos-page';
