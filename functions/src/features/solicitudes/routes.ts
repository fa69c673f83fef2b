import type { RouteDef } from '#commons/route-def';

export const solicitudesRoutes = [] as const satisfies readonly RouteDef[];
