import { generalTexts } from '@cuota/shared/texts/general';
import { navTexts } from '@cuota/shared/texts/nav';
import { Button, ChevronDown, cn, Settings, User } from '@cuota/shared/ui';
import { NotificationBell } from '@cuota/shared/web';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useObtenerIdentidad } from '../../features/auth';
import { BusquedaGlobal } from '../../features/busqueda';

const n = navTexts;

/** Not in the `ui` share: the user menu (Radix dropdown) is a chunk of its own, so no first screen downloads it. */
const cargarMenu = () => import('./menu-de-usuario');
const MenuDeUsuario = lazy(() => cargarMenu().then((m) => ({ default: m.MenuDeUsuario })));
const NAV: Array<{ to: string; label: string; roles?: readonly string[] }> = [
  { to: '/dashboard', label: n.dashboard },
  { to: '/clientes', label: n.clientes },
  { to: '/solicitudes', label: n.solicitudes },
  { to: '/creditos', label: n.creditos },
  { to: '/cobranza', label: n.cobranza },
  { to: '/productos', label: n.productos },
  { to: '/usuarios', label: n.usuarios },
  { to: '/reportes', label: n.reportes, roles: ['admin', 'analista'] },
  { to: '/riesgo', label: n.riesgo, roles: ['admin', 'analista'] },
];

/** Spec §2 Admin header: the user menu shows the part of the email before the @, or 'Usuario'. */
export function userLabel(email: string | null | undefined): string {
  const prefix = email?.split('@')[0];
  return prefix ? prefix : n.userFallback;
}

function NavItems({ className, roles }: { className?: string; roles: readonly string[] }) {
  return (
    <ul className={cn('flex items-center gap-1', className)}>
      {NAV.filter((item) => !item.roles || item.roles.some((r) => roles.includes(r))).map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            className={({ isActive }) =>
              cn(
                'block rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive ? 'bg-primary/10 text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )
            }
          >
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/** Below lg the links scroll sideways in one row; the current page's link is brought into that row's view. */
function NavMovil({ roles }: { roles: readonly string[] }) {
  const fila = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = fila.current;
    const actual = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !actual) return;
    const [caja, enlace] = [nav.getBoundingClientRect(), actual.getBoundingClientRect()];
    nav.scrollLeft += enlace.left - caja.left - (caja.width - enlace.width) / 2;
  }, [pathname]);
  return (
    <nav ref={fila} aria-label={n.mainNav} className="overflow-x-auto border-t border-border px-2 py-1 lg:hidden">
      <NavItems roles={roles} />
    </nav>
  );
}

export interface AdminHeaderProps {
  /** Replaces the notification bell (every staff member gets it by default). */
  notifications?: ReactNode;
}

export function AdminHeader({ notifications }: AdminHeaderProps) {
  const { data: identity } = useObtenerIdentidad();
  const email = identity?.status === 'signed-in' ? identity.me.email : null;
  const roles = identity?.status === 'signed-in' ? identity.me.roles : [];
  // Only once /api/me has said this session may have it: where staff MFA is required and no
  // authenticator app is on yet, the bell's calls and its live connection would be refused (403, the
  // socket's $connect retried forever), so it appears once TOTP is on and the session renewed.
  const conCampana = identity?.status === 'signed-in' && identity.me.mfa_requerida !== true;

  // The menu's code loads on the first open (or when the pointer/focus reaches the button).
  const [cargado, setCargado] = useState(false);
  const [menuAbierto, setMenuAbierto] = useState(false);
  const botonDeUsuario = (
    <Button
      variant="ghost"
      className="gap-1.5 px-2"
      aria-label={`${n.userMenu}: ${userLabel(email)}`}
      aria-haspopup="menu"
      aria-expanded={menuAbierto}
      onPointerEnter={() => void cargarMenu()}
      onFocus={() => void cargarMenu()}
      {...(cargado ? {} : { onClick: () => (setCargado(true), setMenuAbierto(true)) })}
    >
      <User aria-hidden />
      {/* below sm the name would push the header past a 390 px screen; the button keeps it in its accessible name */}
      <span className="hidden max-w-32 truncate sm:inline">{userLabel(email)}</span>
      <ChevronDown aria-hidden />
    </Button>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6">
        <Link
          to="/dashboard"
          className="flex shrink-0 flex-col leading-tight outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="text-lg font-bold text-primary">{generalTexts.brand}</span>
          <span className="text-xs text-muted-foreground">{generalTexts.adminPanelHeading}</span>
        </Link>
        <nav aria-label={n.mainNav} className="hidden flex-1 lg:block">
          <NavItems roles={roles} />
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <BusquedaGlobal />
          {conCampana ? (notifications ?? <NotificationBell />) : null}
          <Button asChild variant="ghost" size="icon">
            <Link to="/configuracion" aria-label={n.configuracion}>
              <Settings aria-hidden />
            </Link>
          </Button>
          {cargado ? (
            <Suspense fallback={botonDeUsuario}>
              <MenuDeUsuario open={menuAbierto} onOpenChange={setMenuAbierto} etiqueta={email ?? userLabel(email)}>
                {botonDeUsuario}
              </MenuDeUsuario>
            </Suspense>
          ) : (
            botonDeUsuario
          )}
        </div>
      </div>
      <NavMovil roles={roles} />
    </header>
  );
}
