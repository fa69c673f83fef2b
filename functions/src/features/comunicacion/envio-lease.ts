import { CondicionFallida } from '#commons/errors';
import { escribirUna } from '#commons/transaccion';
import { cederLeaseOp, extenderLeaseOp, tomarLeaseOp } from './escrituras';
import { leerCampana } from './store';
import type { CampanaItem } from '#entities/campana';

/** Another run holds the campaign now (a condition on the lease or on a claim failed). */
export class LeasePerdido extends Error {}

/**
 * The run's hold on the campaign. Before every round of sends it makes sure the lease has at least
 * a third of its time left (extending it otherwise), so a run that stalled past its lease stops
 * instead of sending claims another run may have taken over.
 */
export class Lease {
  constructor(
    readonly campanaId: string,
    readonly yo: string,
    readonly leaseMs: number,
    public hasta: number,
  ) {}

  async asegurar(): Promise<void> {
    if (this.hasta - Date.now() < this.leaseMs / 3) await this.extender(Date.now() + this.leaseMs);
  }

  async extender(hastaMs: number): Promise<void> {
    await escribirUna(extenderLeaseOp(this.campanaId, this.yo, new Date(hastaMs).toISOString(), () => new LeasePerdido()));
    this.hasta = hastaMs;
  }
}

/** Takes the campaign if it is enviando and its lease is free or expired (the despacho token is consumed); null otherwise. */
export async function tomarLease(
  campanaId: string,
  yo: string,
  leaseMs: number,
): Promise<{ item: CampanaItem; lease: Lease } | null> {
  const ahora = new Date();
  const hasta = ahora.getTime() + leaseMs;
  try {
    await escribirUna(tomarLeaseOp(campanaId, yo, ahora, new Date(hasta).toISOString()));
  } catch (error) {
    if (error instanceof CondicionFallida) return null;
    throw error;
  }
  const item = await leerCampana(campanaId);
  if (!item || item.lease_owner !== yo) return null;
  return { item, lease: new Lease(campanaId, yo, leaseMs, hasta) };
}

/**
 * Frees the lease. `redespachar` sets a new despacho (the stream starts the next run at once);
 * otherwise the lease stays until `hastaMs` and the reanudar-campanas job dispatches it after.
 * A lease already lost is left as it is.
 */
export async function ceder(lease: Lease, opts: { redespachar: boolean; hastaMs?: number }): Promise<void> {
  const hasta = new Date(opts.hastaMs ?? Date.now() - 1).toISOString();
  try {
    await escribirUna(cederLeaseOp(lease.campanaId, lease.yo, hasta, opts.redespachar));
  } catch (error) {
    if (!(error instanceof CondicionFallida)) throw error;
  }
}
