import { CODIGO_MFA_REQUERIDA } from '@cuota/shared/roles';
import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { rolesVigentes } from '#commons/acceso';
import { CLAIM_MFA, exigeMfa, mfaDeClaim, parseGroups } from '#commons/auth';
import { verifyIdToken } from '#commons/jwt';
import { logger } from '#commons/logger';
import { conObservabilidad } from '#commons/observabilidad';
import { guardarConexion } from './connections';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

/** $connect: only a valid Cognito ID token (`?token=`) of a session not revoked opens a connection; anything else is 401. */
export const handler = conObservabilidad('ws-connect', async (event: ConnectEvent): Promise<APIGatewayProxyResultV2> => {
  const payload = await verifyIdToken(event.queryStringParameters?.token ?? '');
  // the same check as every HTTP request: a revoked session or a disabled user opens nothing
  const vigente = payload?.sub && (await rolesVigentes(payload.sub, parseGroups(payload['cognito:groups']), payload.iat ?? null));
  if (!payload?.sub || !vigente) {
    logger.warn('conexion rechazada', { connectionId: event.requestContext.connectionId });
    return { statusCode: 401, body: 'No autorizado' };
  }
  // staff MFA, as on the staff routes (commons/http.ts authorize)
  if (exigeMfa(vigente, mfaDeClaim(payload[CLAIM_MFA]))) {
    logger.warn('conexion rechazada: MFA requerida', { connectionId: event.requestContext.connectionId });
    return { statusCode: 403, body: CODIGO_MFA_REQUERIDA };
  }
  await guardarConexion(payload.sub, event.requestContext.connectionId);
  logger.info('conexion abierta', { userId: payload.sub, connectionId: event.requestContext.connectionId });
  return { statusCode: 200, body: 'ok' };
});
