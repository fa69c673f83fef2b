import { cuentaNormalizada } from './cognito-limites';

/**
 * The sign-in Sessions the `/cognito` proxy handed out, as Cognito itself keeps them on AWS.
 * cognito-local answers RespondToAuthChallenge for any Session string; here a Session is only good
 * when InitiateAuth returned it, with the password, for the account the challenge names, for a few
 * minutes, and for one completed sign-in (a wrong code leaves it open: Amplify answers again with it).
 */

/** A Session's life: Cognito's own is 3 minutes. */
export const VIDA_DE_SESION_MS = 3 * 60_000;
/** Sessions kept at most (the oldest go first); each is a password that was right minutes ago. */
const MAX_SESIONES = 10_000;
/**
 * Live Sessions per account (its oldest goes first): one account signing in over and over cannot
 * push other users' live sessions out of the store (a real sign-in needs one, a retry two).
 */
export const MAX_SESIONES_POR_CUENTA = 3;

export interface Sesion {
  /** The account as the sign-in named it (the e-mail, normalised): the throttle's key. */
  cuenta: string;
  /** The names the challenge answer may use: the e-mail and the pool's Username (USER_ID_FOR_SRP, Amplify's choice). */
  nombres: Set<string>;
  vence: number;
}

const campo = (o: unknown, nombre: string): unknown =>
  typeof o === 'object' && o !== null ? (o as Record<string, unknown>)[nombre] : undefined;

export class SesionesDeReto {
  private readonly sesiones = new Map<string, Sesion>();

  constructor(private readonly ahora: () => number = Date.now) {}

  /** Records the Session of an InitiateAuth answer that asks for `reto`, for `cuenta`. */
  anotar(cuenta: string, respuesta: string, reto: string): void {
    let cuerpo: unknown;
    try {
      cuerpo = JSON.parse(respuesta);
    } catch {
      return;
    }
    const sesion = campo(cuerpo, 'Session');
    if (campo(cuerpo, 'ChallengeName') !== reto || typeof sesion !== 'string' || sesion === '') return;
    const parametros = campo(cuerpo, 'ChallengeParameters');
    const nombres = new Set(
      [cuenta, cuentaNormalizada(campo(parametros, 'USER_ID_FOR_SRP')), cuentaNormalizada(campo(parametros, 'USERNAME'))].filter(
        (n) => n !== '',
      ),
    );
    const propias = [...this.sesiones].filter(([, s]) => s.cuenta === cuenta).map(([id]) => id);
    for (const id of propias.slice(0, Math.max(0, propias.length - MAX_SESIONES_POR_CUENTA + 1))) this.sesiones.delete(id);
    if (this.sesiones.size >= 1_000) this.barrer();
    if (this.sesiones.size >= MAX_SESIONES) this.sesiones.delete(this.sesiones.keys().next().value!);
    this.sesiones.set(sesion, { cuenta, nombres, vence: this.ahora() + VIDA_DE_SESION_MS });
  }

  /** The live Session `sesion` when `username` names its account; null otherwise. */
  de(sesion: unknown, username: unknown): Sesion | null {
    if (typeof sesion !== 'string') return null;
    const s = this.sesiones.get(sesion);
    if (!s) return null;
    if (s.vence <= this.ahora()) {
      this.sesiones.delete(sesion);
      return null;
    }
    return s.nombres.has(cuentaNormalizada(username)) ? s : null;
  }

  /**
   * Takes the Session out while its answer is checked, so two parallel answers cannot both
   * complete with it; `devolver` puts it back when the answer did not complete the sign-in.
   */
  tomar(sesion: string): Sesion | null {
    const s = this.sesiones.get(sesion) ?? null;
    this.sesiones.delete(sesion);
    return s;
  }

  /** Puts back a Session `tomar` took (a wrong code: Amplify lets the user type it again), while it lives. */
  devolver(sesion: string, s: Sesion): void {
    if (s.vence > this.ahora()) this.sesiones.set(sesion, s);
  }

  private barrer(): void {
    const ahora = this.ahora();
    for (const [id, s] of this.sesiones) if (s.vence <= ahora) this.sesiones.delete(id);
  }
}
