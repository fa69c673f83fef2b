import { createHash } from 'node:crypto';
import { ENTITY } from './comun';

/**
 * Attempt counters of our own public and sensitive routes (commons/limites.ts): one item per
 * limit, subject and fixed window, counted with a conditional `ADD` and dropped by the table's
 * TTL (`expira_en`) once its window is over. The subject (an e-mail, a `sub`, an IP address) is
 * stored only as a hash: the counters keep no personal data.
 */
export const claveLimite = (ambito: string, sujeto: string, ventana: number) => ({
  pk: `LIMITE#${ambito}#${huellaSujeto(sujeto)}`,
  sk: `VENTANA#${ventana}`,
});

export const huellaSujeto = (sujeto: string) => createHash('sha256').update(sujeto).digest('hex').slice(0, 32);

/** The attributes the first `ADD` of a window sets besides the counter. */
export const camposLimite = (expiraEn: number) => ({ tipo: ENTITY.limite, expira_en: expiraEn });
