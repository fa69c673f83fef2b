/**
 * The local stand-in for Cognito's own throttling (on AWS the user pool limits sign-in attempts,
 * reset codes and sign-ups; cognito-local limits nothing). The `/cognito` proxy asks these
 * counters before it forwards a sign-in, a reset-code request or a sign-up, per account (the
 * username as typed, normalised) and per client address. Sliding windows, in memory: a restart
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
  /** Failed sign-ins from one address, whatever the account (guessing across accounts). */
  inicioFallidoPorIp: { max: 20, ventanaMs: 15 * MINUTO },
  /** Reset codes asked for one account (each one is an email). */
  codigoPorCuenta: { max: 3, ventanaMs: HORA },
  /** Reset codes asked from one address. */
  codigoPorIp: { max: 10, ventanaMs: HORA },
  /** Sign-ups naming one account (a repeated one only probes whether it exists). */
  registroPorCuenta: { max: 3, ventanaMs: HORA },
  /** Sign-ups from one address. */
  registroPorIp: { max: 5, ventanaMs: HORA },
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

  registrar(limite: keyof Limites, clave: string): void {
    const id = `${limite}\u0000${clave}`;
    this.eventos.set(id, [...this.vigentes(limite, clave), this.ahora()]);
    if (this.eventos.size > MAX_CLAVES) this.barrer();
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
