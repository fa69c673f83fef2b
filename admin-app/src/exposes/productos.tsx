export { ProductosPage } from '../features/productos';
