import { itemAlta, claveAlta } from '#entities/alta';
import { huellaSujeto } from '#entities/limite';
import { CondicionFallida } from '#commons/errors';
import { borrar, escribirUna, put } from '#commons/transaccion';

/** How long a registration ticket waits for Cognito's PreSignUp. */
const ALTA_TTL_SEGUNDOS = 5 * 60;

/** Stores the ticket of a registration the server checked (a newer one replaces it). */
export async function crearAlta(email: string, nonce: string, ahora: Date): Promise<void> {
  await escribirUna(put(itemAlta(email, nonce, Math.floor(ahora.getTime() / 1000) + ALTA_TTL_SEGUNDOS)));
}

/** Consumes the ticket if it is this e-mail's, bears this nonce and has not expired; false otherwise. */
export async function consumirAlta(email: string, nonce: string, ahora: Date): Promise<boolean> {
  try {
    await escribirUna(
      borrar(claveAlta(email), {
        condicion: 'nonce_hash = :n AND expira_en > :ahora',
        valores: { ':n': huellaSujeto(nonce), ':ahora': Math.floor(ahora.getTime() / 1000) },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof CondicionFallida) return false;
    throw error;
  }
}
