/** The admin-only tabs of /configuracion; the shell owns the page (Perfil, Seguridad, Notificaciones). */
export { PagosTab, SistemaTab } from '../features/configuracion';
