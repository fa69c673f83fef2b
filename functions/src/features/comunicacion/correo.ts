import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { valorDeCabecera } from '#commons/cabeceras';
import { batchGetAll } from '#commons/db';
import { keys } from '#commons/keys';
import { instrumentar } from '#commons/observabilidad';

/**
 * The two ports of the campaign sender and their adapters.
 *
 * Correo sends one message. LibroEntregas answers "did SES accept a message for this campaign and
 * recipient?" — the delivery ledger that settles a claim whose send was never recorded (the sender
 * died between the SES call and the write of its result):
 * - on AWS: the configuration set publishes SEND events (with the message tags campana and
 *   destinatario) to EventBridge; comunicacion/registrar-entrega records each as an ENTREGA item,
 *   read back here with BatchGet.
 * - locally the ledger is the local SES's own store; that adapter lives with the local stack
 *   (infra/local/ses-libro.ts), which hands it to the sender (despacharCon) instead of this one.
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

/**
 * SESv2 SendEmail; the endpoint comes from AWS_ENDPOINT_URL_SESV2 (aws-ses-v2-local locally).
 * Every header value is one line (commons/cabeceras.ts): a name or subject cannot add headers.
 */
export class CorreoSes implements Correo {
  // One attempt per call: an SDK retry after a lost response could send the same message twice.
  // The sender retries only what SES refused (throttling) and settles the rest with the ledger.
  private readonly client = instrumentar(new SESv2Client({ maxAttempts: 1 }));

  constructor(
    private readonly remitente: string,
    private readonly configurationSet?: string,
  ) {}

  async enviar(m: MensajeCampana): Promise<{ messageId: string }> {
    const h = valorDeCabecera;
    const out = await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: h(this.remitente),
        Destination: { ToAddresses: [h(m.para)] },
        Content: {
          Simple: {
            Subject: { Data: h(m.asunto), Charset: 'UTF-8' },
            Body: { Html: { Data: m.html, Charset: 'UTF-8' }, Text: { Data: m.texto, Charset: 'UTF-8' } },
            Headers: [
              { Name: CABECERA_CAMPANA, Value: h(m.campanaId) },
              { Name: CABECERA_DESTINATARIO, Value: h(m.destinatarioId) },
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

/** What the campaign sender needs besides its pacing: how to send, the ledger, and its settle window. */
export interface PuertosEnvio {
  correo: Correo;
  libro: LibroEntregas;
  /** An uncertain claim is only settled by the ledger once it is older than this. */
  asentamientoMs: number;
}

/** The AWS adapters, configured from the environment. */
export function puertosDesdeEntorno(env: NodeJS.ProcessEnv = process.env): PuertosEnvio {
  const remitente = env.SES_FROM_ADDRESS ?? env.SES_FROM;
  if (!remitente) throw new Error('SES_FROM_ADDRESS no está configurado');
  const correo = new CorreoSes(remitente, env.SES_CONFIGURATION_SET || undefined);
  // SES events take seconds to reach the ledger, so an uncertain claim is only settled once it is
  // older than this window.
  const asentamientoMs = Number(env.SES_ASENTAMIENTO_MS ?? 120_000);
  return { correo, libro: new LibroEntregasTabla(), asentamientoMs };
}
