import { seguridadTexts } from '@cuota/shared/texts/seguridad';
import { camposLimite, claveLimite } from '#entities/limite';
import type { ApiEvent } from './http';
import { TooManyRequestsError } from './errors';
import { actualizar, escribirUna } from './transaccion';

/**
 * Attempt limits of our own public and sensitive routes (Cognito throttles its own API on AWS;
 * these routes are ours). A fixed-window counter per limit and subject, one conditional
 * `ADD` in DynamoDB: the request that would go over `max` in the window is refused with a 429
 * in Spanish and a Retry-After up to the window's end, and counts nothing.
 */
export interface Limite {
  /** Names the counter (part of its key). */
  ambito: string;
  max: number;
  ventanaSegundos: number;
  /** Per source IP: scaled by LIMITE_FACTOR_IP (every local client shares 127.0.0.1). */
  porIp?: boolean;
}

const MIN_15 = 15 * 60;
const HORA = 60 * 60;

/** The limits, per account (normalised e-mail or caller sub) and per IP. */
export const LIMITES = {
  /** Reset with the emailed code: per address asked about, known or not. */
  restablecerPorCuenta: { ambito: 'restablecer-cuenta', max: 5, ventanaSegundos: MIN_15 },
  restablecerPorIp: { ambito: 'restablecer-ip', max: 50, ventanaSegundos: MIN_15, porIp: true },
  /** The signed-in new customer's client record. */
  registroPorCuenta: { ambito: 'registro-cuenta', max: 5, ventanaSegundos: HORA },
  registroPorIp: { ambito: 'registro-ip', max: 30, ventanaSegundos: HORA, porIp: true },
  /** Self-registration (POST /api/auth/registro): per address and per IP. */
  altaPorCuenta: { ambito: 'alta-cuenta', max: 5, ventanaSegundos: HORA },
  altaPorIp: { ambito: 'alta-ip', max: 20, ventanaSegundos: HORA, porIp: true },
  /** Password change with the current one (a guessing oracle for the current password). */
  contrasenaPorCuenta: { ambito: 'contrasena-cuenta', max: 10, ventanaSegundos: MIN_15 },
  contrasenaPorIp: { ambito: 'contrasena-ip', max: 50, ventanaSegundos: MIN_15, porIp: true },
} as const satisfies Record<string, Limite>;

/**
 * LIMITE_FACTOR_IP (default 1) multiplies per-IP maxima; read on each call. `0` turns the per-IP
 * limits off: on AWS, behind CloudFront, every request's source IP is an edge's, so one counter
 * would be shared by many real users (infra sets 0 there; the edge's WAF rate rule is the per-IP
 * control). Null when off.
 */
function maximo(limite: Limite): number | null {
  if (!limite.porIp) return limite.max;
  const factor = Number(process.env.LIMITE_FACTOR_IP ?? 1);
  if (factor === 0) return null;
  return Number.isFinite(factor) && factor > 0 ? Math.ceil(limite.max * factor) : limite.max;
}

/**
 * Counts one attempt of `sujeto` under `limite`; throws TooManyRequestsError (429, Retry-After)
 * when the window already holds `max` attempts.
 */
export async function limitar(limite: Limite, sujeto: string, ahora: Date = new Date()): Promise<void> {
  const max = maximo(limite);
  if (max === null) return;
  const segundos = Math.floor(ahora.getTime() / 1000);
  const ventana = Math.floor(segundos / limite.ventanaSegundos);
  const fin = (ventana + 1) * limite.ventanaSegundos;
  const { tipo, expira_en } = camposLimite(fin);
  await escribirUna(
    actualizar(claveLimite(limite.ambito, sujeto, ventana), 'ADD n :uno SET tipo = :tipo, expira_en = :expira', {
      condicion: 'attribute_not_exists(n) OR n < :max',
      valores: { ':uno': 1, ':max': max, ':tipo': tipo, ':expira': expira_en },
      siFalla: () => new TooManyRequestsError(seguridadTexts.demasiadosIntentos, Math.max(1, fin - segundos)),
    }),
  );
}

/** The caller's address as API Gateway saw it (on AWS behind CloudFront: see security/README.md). */
export const ipDe = (event: ApiEvent): string => event.requestContext?.http?.sourceIp ?? 'desconocida';

/** Both limits of a route: the account's first, then the IP's. */
export async function limitarCuentaEIp(
  porCuenta: Limite,
  cuenta: string,
  porIp: Limite,
  event: ApiEvent,
  ahora: Date = new Date(),
): Promise<void> {
  await limitar(porCuenta, cuenta, ahora);
  await limitar(porIp, ipDe(event), ahora);
}
