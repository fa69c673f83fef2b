import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '#commons/db';
import { CondicionFallida } from '#commons/errors';
import { keys, stripKeys } from '#commons/keys';
import { escribirUna, put } from '#commons/transaccion';
import { itemPerfil } from '#entities/perfil';

/** Staff profile (spec §3 profiles): one item per Cognito user, listed newest first on gsi1 PERFILES. */
export interface Perfil {
  id: string;
  nombre: string;
  apellido: string;
  email: string;
  telefono: string | null;
  created_at: string;
}

export async function obtenerPerfil(userId: string): Promise<Perfil | null> {
  const out = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.perfil(userId) }));
  return out.Item ? (stripKeys(out.Item) as unknown as Perfil) : null;
}

/** Creates the profile unless it exists (idempotent). */
export async function crearPerfilSiFalta(perfil: Perfil): Promise<void> {
  try {
    await escribirUna(put(itemPerfil(perfil), { condicion: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if (!(error instanceof CondicionFallida)) throw error;
  }
}

/** Former name, for the local seed until it moves to crearPerfilSiFalta. */
