/**
 * The one back-off between retries (transactions in transaccion.ts, unprocessed BatchGet keys in
 * db.ts): 10 ms plus full jitter over 20·2^intento ms, capped at 640 ms. Its own module so db.ts
 * can use it without importing transaccion.ts (which imports db.ts).
 */
const BASE_MS = 10;
const TOPE_MS = 640;

export const espera = (intento: number): number => BASE_MS + Math.random() * Math.min(TOPE_MS, 20 * 2 ** intento);

export const pausa = (intento: number): Promise<void> => new Promise((r) => setTimeout(r, espera(intento)));
