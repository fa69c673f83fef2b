import type { RouteDef } from '#commons/route-def';

export const cierreRoutes = [] as const satisfies readonly RouteDef[];
