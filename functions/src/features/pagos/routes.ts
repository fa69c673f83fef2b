import type { RouteDef } from '#commons/route-def';

export const pagosRoutes = [] as const satisfies readonly RouteDef[];
