import type { RouteDef } from '#commons/route-def';

export const creditosRoutes = [] as const satisfies readonly RouteDef[];
