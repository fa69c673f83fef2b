import type { RouteDef } from '#commons/route-def';

export const productosRoutes = [] as const satisfies readonly RouteDef[];
