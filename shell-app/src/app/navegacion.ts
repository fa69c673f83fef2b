/** The page's router, for code outside React (the auth bridge the remotes call). */
interface Navegador {
  navigate: (to: string) => Promise<void> | void;
}

let actual: Navegador | null = null;

export function fijarRouter(router: Navegador): void {
  actual = router;
}

export function navegar(to: string): Promise<void> | void {
  if (actual) return actual.navigate(to);
  window.location.assign(to);
}
