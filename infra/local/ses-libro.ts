import {
  CABECERA_CAMPANA,
  CABECERA_DESTINATARIO,
  puertosDesdeEntorno,
  type LibroEntregas,
  type PuertosEnvio,
} from '../../functions/src/features/comunicacion/correo';

/**
 * The campaign sender's delivery ledger locally (the port is functions/src/features/comunicacion/
 * correo.ts; on AWS it reads the ENTREGA items the SES SEND events become).
 *
 * aws-ses-v2-local keeps every accepted message, with its headers, at GET /store; the
 * X-Cuota-Campana / X-Cuota-Destinatario headers identify them. The local stack writes each message
 * to disk before SES answers and reloads them at start (ses.ts), so the ledger survives a restart
 * like SES's own record does.
 */
interface CorreoGuardado {
  messageId: string;
  at: number;
  headers?: { name: string; value: string }[];
}

export class LibroEntregasSesLocal implements LibroEntregas {
  constructor(private readonly urlStore: string) {}

  async buscar(campanaId: string, destinatarioIds: string[], desde: Date): Promise<Map<string, string>> {
    const since = Math.max(0, Math.floor(desde.getTime() / 1000) - 60);
    const res = await fetch(`${this.urlStore}?since=${since}`);
    if (!res.ok) throw new Error(`aws-ses-v2-local /store respondió ${res.status}`);
    const { emails } = (await res.json()) as { emails: CorreoGuardado[] };
    const buscados = new Set(destinatarioIds);
    const out = new Map<string, string>();
    for (const e of emails) {
      const h = (n: string) => e.headers?.find((x) => x.name.toLowerCase() === n.toLowerCase())?.value;
      const dest = h(CABECERA_DESTINATARIO);
      if (h(CABECERA_CAMPANA) === campanaId && dest && buscados.has(dest)) out.set(dest, e.messageId);
    }
    return out;
  }
}

/**
 * The sender's adapters locally: SES as on AWS (its endpoint from AWS_ENDPOINT_URL_SESV2), the
 * ledger from SES_LOCAL_STORE_URL. The local store has a message the moment SES answers, so an
 * uncertain claim can be settled at once (SES_ASENTAMIENTO_MS, default 0; on AWS the SES events
 * take seconds).
 */
export function puertosLocales(env: NodeJS.ProcessEnv = process.env): PuertosEnvio {
  const url = env.SES_LOCAL_STORE_URL;
  if (!url) throw new Error('SES_LOCAL_STORE_URL no está configurado');
  return {
    ...puertosDesdeEntorno(env),
    libro: new LibroEntregasSesLocal(url),
    asentamientoMs: Number(env.SES_ASENTAMIENTO_MS ?? 0),
  };
}
