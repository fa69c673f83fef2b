/** What other features may use of conciliacion (nothing yet: its routes are its whole surface). */
export { MAPEOS_PREDETERMINADOS } from './csv';
