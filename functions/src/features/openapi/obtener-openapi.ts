import { buildOpenApi } from '#commons/openapi';
import { defineRoute } from '#commons/http';
import { rutaObtenerOpenapi } from './routes';
import { ROUTES } from '../../manifest';

let document: Record<string, unknown> | undefined;

export const handler = defineRoute(rutaObtenerOpenapi, async () => (document ??= buildOpenApi(ROUTES)));
