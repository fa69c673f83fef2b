/**
 * Every page path of the shell, the one list the router (shell-app/src/app/router.tsx) and the
 * origins use: the local origin (infra/local/web.ts) and CloudFront's viewer-request function
 * (infra/lib/web.ts) answer any other path with the 404 screen and HTTP status 404. A `:name`
 * segment matches one non-empty path segment.
 */
export const RUTAS_SHELL = {
  inicio: '/',
  auth: '/auth',
  restablecer: '/restablecer-contrasena',
  contrato: '/creditos/:id/contrato',
  comprobantes: '/creditos/:id/comprobantes',
  recibo: '/pagos/:id/recibo',
  liquidacion: '/creditos/:id/liquidacion',
  constancia: '/creditos/:id/constancia',
  clientes: '/clientes',
  cliente: '/clientes/:id',
  solicitudes: '/solicitudes',
  solicitud: '/solicitudes/:id',
  creditos: '/creditos',
  credito: '/creditos/:id',
  productos: '/productos',
  usuarios: '/usuarios',
  conciliacion: '/conciliacion',
  monitoreo: '/monitoreo',
  comunicacion: '/comunicacion',
  cobranza: '/cobranza',
  reportes: '/reportes',
  riesgo: '/riesgo',
  dashboard: '/dashboard',
  portal: '/portal',
  portalNuevaSolicitud: '/portal/nueva-solicitud',
  portalContrato: '/portal/creditos/:id/contrato',
  portalComprobantes: '/portal/creditos/:id/comprobantes',
  portalRecibo: '/portal/pagos/:id/recibo',
  portalConstancia: '/portal/creditos/:id/constancia',
  configuracion: '/configuracion',
} as const;

/** The patterns as segment lists, `null` standing for a `:param` segment. */
const PATRONES = Object.values(RUTAS_SHELL).map((ruta) =>
  ruta
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith(':') ? null : s)),
);

/**
 * Whether a decoded path (no query) is one of the shell's pages. A trailing slash is tolerated,
 * as the router does; matching is case-sensitive on the literal segments (`/Portal` is a 404).
 */
export function esRutaDeLaShell(path: string): boolean {
  const segmentos = path.split('/').filter(Boolean);
  if (!path.startsWith('/') || segmentos.some((s) => s === '.' || s === '..')) return false;
  return PATRONES.some((p) => p.length === segmentos.length && p.every((s, i) => s === null || s === segmentos[i]));
}

/**
 * The id of the `<script type="application/json">` block in which an origin inlines the runtime
 * config into index.html (loadConfig reads it instead of fetching /config.json).
 */
export const CONFIG_INLINE_ID = 'cuota-config';

/**
 * The shell's page for every route but the landing (and the 404): index.html plus modulepreloads
 * of the session chunks, written by the shell's build (shell-app/src/build/pagina-de-sesion.ts) and
 * served by both origins (infra/local/web.ts, CloudFront's SPA function).
 */
export const PAGINA_DE_SESION = 'sesion.html';
