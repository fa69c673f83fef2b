import { ConflictError } from '#commons/errors';
import { Reply } from '#commons/http';

/**
 * The spec's RPC answer (§7: success, error, message) for analizar/aprobar/rechazar, and the
 * same for desembolsar/cancelar. A state conflict is a 409 whose body is both the API error model
 * and the RPC shape.
 */
export async function accion<T extends object>(message: string, run: () => Promise<T>): Promise<unknown> {
  try {
    return { success: true, message, ...(await run()) };
  } catch (error) {
    if (error instanceof ConflictError) {
      return new Reply(409, { success: false, code: error.code, error: error.message, message: error.message });
    }
    throw error;
  }
}
