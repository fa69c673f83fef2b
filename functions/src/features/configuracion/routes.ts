import type { RouteDef } from '#commons/route-def';

export const configuracionRoutes = [] as const satisfies readonly RouteDef[];
