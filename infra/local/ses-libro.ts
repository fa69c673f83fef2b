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
 *
 * LocalStack (CUOTA_SES=localstack) keeps them at GET /_aws/ses as `{ messages: [...] }`, each
 * with Id, Timestamp (UTC, without a zone), Source, Destination, Subject and Body, and RawData for a
 * raw message (LocalStack's SES provider, save_for_retrospection). Its record of a simple message
 * has no headers: such a message cannot be told apart and is not in the ledger (a claim it would
 * settle is sent again, as after a lost send). The headers are read when the record has them (a
 * `Headers` list, or the head of RawData). Not run here against a LocalStack (no Docker).
 */
interface CorreoGuardado {
  messageId: string;
  at: number;
  headers?: { name: string; value: string }[];
}

interface MensajeLocalStack {
  Id: string;
  Timestamp?: string;
  Headers?: { Name: string; Value: string }[];
  RawData?: string;
}

/** LocalStack writes UTC timestamps without a zone suffix, which Date.parse would read as local time. */
const instanteUtc = (t: string | undefined): number => (t ? Date.parse(/Z$|[+-]\d\d:?\d\d$/.test(t) ? t : `${t}Z`) : Number.NaN);

/** The header lines of a raw MIME message (up to the first empty line, folded lines joined). */
function cabecerasCrudas(raw: string): { name: string; value: string }[] {
  const cabeza = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return cabeza
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .flatMap((linea) => {
      const i = linea.indexOf(':');
      return i > 0 ? [{ name: linea.slice(0, i).trim(), value: linea.slice(i + 1).trim() }] : [];
    });
}

/** Both stores' records as aws-ses-v2-local's: message id, seconds, headers when known. */
export function correosGuardados(cuerpo: unknown): CorreoGuardado[] {
  const { emails, messages } = cuerpo as { emails?: CorreoGuardado[]; messages?: MensajeLocalStack[] };
  if (emails) return emails;
  if (!messages) throw new Error('el almacén de SES no devolvió ni `emails` ni `messages`');
  return messages.map((m) => ({
    messageId: m.Id,
    at: Math.floor(instanteUtc(m.Timestamp) / 1000),
    headers: m.Headers
      ? m.Headers.map((h) => ({ name: h.Name, value: h.Value }))
      : m.RawData
        ? cabecerasCrudas(m.RawData)
        : undefined,
  }));
}

export class LibroEntregasSesLocal implements LibroEntregas {
  constructor(private readonly urlStore: string) {}

  async buscar(campanaId: string, destinatarioIds: string[], desde: Date): Promise<Map<string, string>> {
    const since = Math.max(0, Math.floor(desde.getTime() / 1000) - 60);
    const res = await fetch(`${this.urlStore}?since=${since}`);
    if (!res.ok) throw new Error(`el almacén de SES (${this.urlStore}) respondió ${res.status}`);
    const emails = correosGuardados(await res.json());
    const buscados = new Set(destinatarioIds);
    const out = new Map<string, string>();
    for (const e of emails) {
      // aws-ses-v2-local filters by `since` itself; LocalStack ignores it and answers everything
      if (e.at < since) continue;
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
