import { randomInt } from 'node:crypto';

/**
 * A floor on how long an answer takes, so that its timing does not tell apart cases that must
 * look alike (e.g. a password reset for an unknown address, a staff account or a wrong code).
 * The floor gets a random extra of up to `jitterMs`; work slower than the floor is not padded.
 */
export interface DuracionMinima {
  minimoMs: number;
  jitterMs: number;
  /** Injectable for tests. */
  reloj?: () => number;
  dormir?: (ms: number) => Promise<void>;
  azar?: (maxExclusivo: number) => number;
}

const dormirDe = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs `fn` and answers (its value or its error) no sooner than the floor. */
export async function conDuracionMinima<T>(fn: () => Promise<T>, opc: DuracionMinima): Promise<T> {
  const reloj = opc.reloj ?? Date.now;
  const inicio = reloj();
  const objetivo = opc.minimoMs + (opc.jitterMs > 0 ? (opc.azar ?? randomInt)(opc.jitterMs + 1) : 0);
  try {
    return await fn();
  } finally {
    const resta = objetivo - (reloj() - inicio);
    if (resta > 0) await (opc.dormir ?? dormirDe)(resta);
  }
}
