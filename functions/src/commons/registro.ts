import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import { ddb, tableName } from './db';
import { itemFor } from './items';

/**
 * Put items for the activity log and for notifications, to be written inside the same
 * TransactWrite as the change they describe (so they exist exactly when the change does).
 */
export type TipoActividad = 'login' | 'payment' | 'approve' | 'reject' | 'create' | 'update';
export type TipoNotificacion = 'info' | 'success' | 'warning' | 'error' | 'payment' | 'credit' | 'system';

export function actividadPut(input: {
  tipo_actividad: TipoActividad;
  descripcion: string;
  user_id: string | null;
  user_nombre?: string | null;
  now?: Date;
}) {
  const created_at = (input.now ?? new Date()).toISOString();
  const id = ulid(Date.parse(created_at));
  return {
    Put: {
      TableName: tableName(),
      Item: itemFor.actividad({
        id,
        created_at,
        tipo_actividad: input.tipo_actividad,
        descripcion: input.descripcion,
        user_id: input.user_id,
        user_nombre: input.user_nombre ?? null,
      }),
    },
  };
}

/** An activity entry on its own, for actions whose change is not in the table (Cognito, sign-ins, a mass send). */
export async function registrarActividad(input: Parameters<typeof actividadPut>[0]): Promise<void> {
  await ddb.send(new PutCommand(actividadPut(input).Put));
}

export function notificacionPut(input: {
  user_id: string;
  tipo: TipoNotificacion;
  titulo: string;
  mensaje: string;
  accion_url?: string | null;
  now?: Date;
  /** A given id (a mass push derives it, so a resumed send names the same notification); a new ULID otherwise. */
  id?: string;
}) {
  const created_at = (input.now ?? new Date()).toISOString();
  const id = input.id ?? ulid(Date.parse(created_at));
  return {
    Put: {
      TableName: tableName(),
      Item: itemFor.notificacion({
        id,
        created_at,
        user_id: input.user_id,
        tipo_notificacion: input.tipo,
        titulo: input.titulo,
        mensaje: input.mensaje,
        leida: false,
        leida_en: null,
        accion_url: input.accion_url ?? null,
      }),
    },
  };
}
