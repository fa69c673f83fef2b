import '../styles.css';

export { ProductosPage } from '../features/productos/components/productos-page';
