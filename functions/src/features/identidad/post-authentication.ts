import type { PostAuthenticationTriggerEvent } from 'aws-lambda';
import { logger } from '#commons/logger';
import { registrarActividad } from '#commons/registro';
import { conObservabilidad } from '#commons/observabilidad';

/**
 * Cognito PostAuthentication: every successful sign-in is recorded in the activity log
 * (registro_actividad 'login'). A failure to record never blocks the sign-in.
 */
export const handler = conObservabilidad(
  'post-authentication',
  async (event: PostAuthenticationTriggerEvent): Promise<PostAuthenticationTriggerEvent> => {
    const attrs = event.request.userAttributes;
    const nombre = [attrs.given_name, attrs.family_name].filter(Boolean).join(' ') || attrs.email || null;
    try {
      await registrarActividad({
        tipo_actividad: 'login',
        descripcion: `Inicio de sesión de ${attrs.email ?? 'usuario'}`,
        user_id: attrs.sub ?? event.userName,
        user_nombre: nombre,
      });
    } catch (error) {
      logger.error('no se pudo registrar el inicio de sesión', { error: (error as Error).message });
    }
    return event;
  },
);
