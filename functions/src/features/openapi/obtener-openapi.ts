import { buildOpenApi } from '#commons/openapi';
import { defineRoute } from '#commons/http';
import { ROUTES } from '../../manifest';

let document: Record<string, unknown> | undefined;

export const handler = defineRoute('obtener-openapi', async () => (document ??= buildOpenApi(ROUTES)));
