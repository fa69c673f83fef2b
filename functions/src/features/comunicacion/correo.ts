import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { batchGetAll } from '#commons/db';
import { keys } from '#commons/keys';

/**
 * The two ports of the campaign sender and their adapters.
 *
 * Correo sends one message. LibroEntregas answers "did SES accept a message for this campaign and
 * recipient?" — the delivery ledger that settles a claim whose send was never recorded (the sender
 * died between the SES call and the write of its result):
 * - on AWS: the configuration set publishes SEND events (with the message tags campana and
 *   destinatario) to EventBridge; comunicacion/registrar-entrega records each as an ENTREGA item,
 *   read back here with BatchGet.
 * - locally: aws-ses-v2-local keeps every accepted message, with its headers, at GET /store; the
 *   X-Cuota-Campana / X-Cuota-Destinatario headers identify them. The local stack writes each
 *   message to disk before SES answers and reloads them at start (infra/local/ses.ts), so the
 *   ledger survives a restart like SES's own record does.
 */
export interface MensajeCampana {
  campanaId: string;
  destinatarioId: string;
  para: string;
  asunto: string;
  html: string;
  texto: string;
}

export interface Correo {
  enviar(m: MensajeCampana): Promise<{ messageId: string }>;
}

export interface LibroEntregas {
  /** destinatarioId → SES message id, for those of `destinatarioIds` SES accepted a message for. */
  buscar(campanaId: string, destinatarioIds: string[], desde: Date): Promise<Map<string, string>>;
}

export const CABECERA_CAMPANA = 'X-Cuota-Campana';
export const CABECERA_DESTINATARIO = 'X-Cuota-Destinatario';

/** SESv2 SendEmail; the endpoint comes from AWS_ENDPOINT_URL_SESV2 (aws-ses-v2-local locally). */
export class CorreoSes implements Correo {
  // One attempt per call: an SDK retry after a lost response could send the same message twice.
  // The sender retries only what SES refused (throttling) and settles the rest with the ledger.
  private readonly client = new SESv2Client({ maxAttempts: 1 });

  constructor(
    private readonly remitente: string,
    private readonly configurationSet?: string,
  ) {}

  async enviar(m: MensajeCampana): Promise<{ messageId: string }> {
    const out = await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.remitente,
        Destination: { ToAddresses: [m.para] },
        Content: {
          Simple: {
            Subject: { Data: m.asunto, Charset: 'UTF-8' },
            Body: { Html: { Data: m.html, Charset: 'UTF-8' }, Text: { Data: m.texto, Charset: 'UTF-8' } },
            Headers: [
              { Name: CABECERA_CAMPANA, Value: m.campanaId },
              { Name: CABECERA_DESTINATARIO, Value: m.destinatarioId },
            ],
          },
        },
        EmailTags: [
          { Name: 'campana', Value: m.campanaId },
          { Name: 'destinatario', Value: m.destinatarioId },
        ],
        ...(this.configurationSet ? { ConfigurationSetName: this.configurationSet } : {}),
      }),
    );
    if (!out.MessageId) throw Object.assign(new Error('SES no devolvió MessageId'), { name: 'SinMessageId' });
    return { messageId: out.MessageId };
  }
}

/** AWS: the ENTREGA items registrar-entrega wrote from the SES SEND events. */
export class LibroEntregasTabla implements LibroEntregas {
  async buscar(campanaId: string, destinatarioIds: string[]): Promise<Map<string, string>> {
    const items = await batchGetAll(
      destinatarioIds.map((d) => keys.campanaEntrega(campanaId, d)),
      { consistent: true },
    );
    const out = new Map<string, string>();
    items.forEach((item, i) => {
      if (item) out.set(destinatarioIds[i]!, String(item.message_id));
    });
    return out;
  }
}

interface CorreoGuardado {
  messageId: string;
  at: number;
  headers?: { name: string; value: string }[];
}

/** Local: aws-ses-v2-local's GET /store (every message it accepted; kept on disk by the local stack). */
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

/** The adapters from the environment: local aws-ses-v2-local when SES_LOCAL_STORE_URL is set. */
export function puertosDesdeEntorno(env: NodeJS.ProcessEnv = process.env): {
  correo: Correo;
  libro: LibroEntregas;
  asentamientoMs: number;
} {
  const remitente = env.SES_FROM_ADDRESS ?? env.SES_FROM;
  if (!remitente) throw new Error('SES_FROM_ADDRESS no está configurado');
  const correo = new CorreoSes(remitente, env.SES_CONFIGURATION_SET || undefined);
  const local = env.SES_LOCAL_STORE_URL;
  // The local store has a message the moment SES answers; SES events on AWS take seconds, so an
  // uncertain claim is only settled once it is older than this window.
  const asentamientoMs = Number(env.SES_ASENTAMIENTO_MS ?? (local ? 0 : 120_000));
  return { correo, libro: local ? new LibroEntregasSesLocal(local) : new LibroEntregasTabla(), asentamientoMs };
}
