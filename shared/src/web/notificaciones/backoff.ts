export interface BackoffOptions {
  /** The first retry's ceiling (ms). */
  baseMs?: number;
  /** No wait is ever longer than this (ms). */
  maxMs?: number;
  /** A number in [0, 1); injected by tests. */
  random?: () => number;
}

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;

/**
 * How long to wait before reconnect attempt number `attempt` (0 = first retry): exponential
 * (1 s, 2 s, 4 s … capped at 30 s) with "equal jitter": half of the step is fixed and half random,
 * so a server restart does not bring every open tab back in the same instant, yet no retry is
 * immediate.
 */
export function backoffDelay(attempt: number, options: BackoffOptions = {}): number {
  const base = options.baseMs ?? BACKOFF_BASE_MS;
  const max = options.maxMs ?? BACKOFF_MAX_MS;
  const random = options.random ?? Math.random;
  const step = Math.min(max, base * 2 ** Math.max(0, Math.min(attempt, 30)));
  const half = step / 2;
  return Math.round(half + half * Math.min(Math.max(random(), 0), 1));
}
