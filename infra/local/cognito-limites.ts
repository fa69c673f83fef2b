/**
 * The local stand-in for Cognito's own throttling (on AWS the user pool limits sign-in attempts,
 * reset codes and sign-ups; cognito-local limits nothing). The `/cognito` proxy asks these
 * counters before it forwards a sign-in or a reset-code request, per account (the e-mail as typed,
 * normalised: the proxy refuses any other name for an account) and per client address, and counts
 * the attempt before forwarding it, so parallel requests cannot pass the limit. Sign-ups are the
 * server's (POST /api/auth/registro, limited in functions/src/commons/limites.ts). Sliding windows, in memory: a restart
 * forgets them, which is fine for a single-machine stack.
 */

const MINUTO = 60_000;
const HORA = 60 * MINUTO;

export interface Limite {
  /** Events allowed in the window; the next one is refused until the oldest leaves the window. */
  max: number;
  ventanaMs: number;
}

/** Every local limit, in one place. */
export const LIMITES_LOCALES = {
  /** Failed sign-ins (wrong password, unknown account, wrong TOTP code) for one account. */
  inicioFallidoPorCuenta: { max: 5, ventanaMs: 15 * MINUTO },
  /**
   * Failed sign-ins from one address, whatever the account (guessing across accounts). Every local
   * client is 127.0.0.1, so this one counts every failure on the machine: it is set high enough that
   * a few mistyped passwords never lock everybody out, while a scripted guesser still stops. Like
   * the per-account one it refuses every attempt while over (a correct password included: letting it
   * through would tell the guesser which one was right).
   */
  inicioFallidoPorIp: { max: 100, ventanaMs: 15 * MINUTO },
  /** Reset codes asked for one account (each one is an email). */
  codigoPorCuenta: { max: 3, ventanaMs: HORA },
  /** Reset codes asked from one address. */
  codigoPorIp: { max: 10, ventanaMs: HORA },
} as const satisfies Record<string, Limite>;

export type Limites = Record<keyof typeof LIMITES_LOCALES, Limite>;

/**
 * The limits the stack runs with: LIMITES_LOCALES, each `max` multiplied by
 * `CUOTA_LIMITES_LOCALES` when it is set (a positive number). The e2e suite and the benchmark,
 * which sign up and sign in many accounts from 127.0.0.1, raise them this way.
 */
export function limitesDesdeEntorno(env: NodeJS.ProcessEnv = process.env): Limites {
  const factor = Number(env.CUOTA_LIMITES_LOCALES ?? 1);
  if (!Number.isFinite(factor) || factor <= 0) throw new Error(`CUOTA_LIMITES_LOCALES inválido: ${env.CUOTA_LIMITES_LOCALES}`);
  return Object.fromEntries(
    Object.entries(LIMITES_LOCALES).map(([nombre, l]) => [nombre, { max: Math.ceil(l.max * factor), ventanaMs: l.ventanaMs }]),
  ) as Limites;
}

/** An account as the counters key it: the username as typed, trimmed, NFKC-normalised and lower-cased. */
export function cuentaNormalizada(username: unknown): string {
  return typeof username === 'string' ? username.normalize('NFKC').trim().toLowerCase() : '';
}

/** Keys kept before the counters sweep the expired ones. */
const MAX_CLAVES = 10_000;

/** Sliding-window counters, one list of timestamps per (limit, key). */
export class Contadores {
  private readonly eventos = new Map<string, number[]>();

  constructor(
    private readonly limites: Limites,
    private readonly ahora: () => number = Date.now,
  ) {}

  private vigentes(limite: keyof Limites, clave: string): number[] {
    const id = `${limite}\u0000${clave}`;
    const desde = this.ahora() - this.limites[limite].ventanaMs;
    const lista = (this.eventos.get(id) ?? []).filter((t) => t > desde);
    if (lista.length === 0) this.eventos.delete(id);
    else this.eventos.set(id, lista);
    return lista;
  }

  /** Seconds until one more event fits under `limite` for `clave`; 0 when it fits now. */
  esperaSegundos(limite: keyof Limites, clave: string): number {
    const lista = this.vigentes(limite, clave);
    const { max, ventanaMs } = this.limites[limite];
    if (lista.length < max) return 0;
    const libre = lista[lista.length - max]! + ventanaMs;
    return Math.max(1, Math.ceil((libre - this.ahora()) / 1000));
  }

  /** Counts one event now; returns its time, for `retirar`. */
  registrar(limite: keyof Limites, clave: string): number {
    const id = `${limite}\u0000${clave}`;
    const ahora = this.ahora();
    this.eventos.set(id, [...this.vigentes(limite, clave), ahora]);
    if (this.eventos.size > MAX_CLAVES) this.barrer();
    return ahora;
  }

  /** Takes back one event `registrar` counted at `marca` (an attempt that turned out not to be a failure). */
  retirar(limite: keyof Limites, clave: string, marca: number): void {
    const id = `${limite}\u0000${clave}`;
    const lista = this.eventos.get(id);
    const i = lista?.indexOf(marca) ?? -1;
    if (!lista || i < 0) return;
    lista.splice(i, 1);
    if (lista.length === 0) this.eventos.delete(id);
  }

  /** Drops every list whose events all left their window (many one-off accounts must not pile up). */
  private barrer(): void {
    for (const id of [...this.eventos.keys()]) {
      const [limite, clave] = id.split('\u0000') as [keyof Limites, string];
      this.vigentes(limite, clave);
    }
  }

  olvidar(limite: keyof Limites, clave: string): void {
    this.eventos.delete(`${limite}\u0000${clave}`);
  }
}
