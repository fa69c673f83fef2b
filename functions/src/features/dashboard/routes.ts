import type { RouteDef } from '#commons/route-def';

export const dashboardRoutes = [] as const satisfies readonly RouteDef[];
