/**
 * The campaign sender in a process of its own, for the kill-and-resume test. Configured from the
 * environment with the local stack's adapters; SES's answers are held back REMITENTE_RETRASO_MS
 * after SES has accepted each message, which widens the window a kill must hit: sent, but not
 * recorded yet.
 */
import { puertosLocales } from '../../infra/local/ses-libro';
import type { Correo } from '../src/features/comunicacion/correo';
import { ejecutarEnvio } from '../src/features/comunicacion/envio';

const id = process.argv[2];
if (!id) throw new Error('uso: remitente-hijo <campanaId>');
const puertos = puertosLocales();
const retraso = Number(process.env.REMITENTE_RETRASO_MS ?? 0);
const correo: Correo = {
  enviar: async (m) => {
    const r = await puertos.correo.enviar(m);
    await new Promise((res) => setTimeout(res, retraso));
    return r;
  },
};
const r = await ejecutarEnvio(id, {
  ...puertos,
  correo,
  porSegundo: Number(process.env.SES_ENVIOS_POR_SEGUNDO ?? 14),
  leaseMs: Number(process.env.CAMPANA_LEASE_MS ?? 60_000),
});
process.stdout.write(`terminado ${r.resultado}\n`);
