/** The staff's global search: the admin header box, its narrow-screen button and the Ctrl+K dialog. */
export { BusquedaGlobal } from './components/busqueda-global-diferida';
