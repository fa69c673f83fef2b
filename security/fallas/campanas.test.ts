import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ddb, tableName } from '../../functions/src/commons/db';
import { keys } from '../../functions/src/commons/keys';
import { campanaDeItem } from '../../functions/src/entities/campana';
import { CorreoSes, LibroEntregasTabla } from '../../functions/src/features/comunicacion/correo';
import { ejecutarEnvio, type OpcionesEnvio } from '../../functions/src/features/comunicacion/envio';
import { crearCampana, enviarCampana } from '../../functions/src/features/comunicacion/service';
import { leerCampana } from '../../functions/src/features/comunicacion/store';
import {
  destinatariosDe,
  procesarStream,
  REMITENTE,
  sembrarClientes,
  type ClienteSembrado,
} from '../../functions/test/campanas-fixtures';
import {
  correo,
  inyectarFallas,
  SESv2Client,
  type Falla,
  type Inyeccion,
  type SendEmailCommand,
} from '../../functions/test/fallas';
import { LectorStream, tablaPropia } from '../../functions/test/stream';
import { notificacionesDe } from '../../functions/test/lending-fixtures';

/**
 * Campaign sending under the SES faults the local SES never produces: throttling, the daily
 * quota, a paused account. The SESv2 client is mocked (every message it accepts gets an id);
 * DynamoDB is the suite's DynamoDB Local. Throttling backs off and leaves the rest pending (never
 * failed), and a later run sends each recipient exactly once; the daily quota stops the campaign
 * at once with a clear Spanish reason, without hammering SES, resumable with 'Enviar'.
 */

let clientes: ClienteSembrado[];
let ses: Inyeccion | null = null;
afterEach(() => {
  ses?.restaurar();
  ses = null;
});

beforeEach(async () => {
  const lector = new LectorStream((await tablaPropia('cuota-fallas')).streamArn);
  clientes = await sembrarClientes(4);
  await procesarStream(lector);
});

const LEASE_MS = 300;
const opciones = (): OpcionesEnvio => ({
  correo: new CorreoSes('Cuota <no-responder@cuota.cr>'),
  libro: new LibroEntregasTabla(),
  porSegundo: 50,
  leaseMs: LEASE_MS,
  asentamientoMs: 0,
});

let mensajes = 0;
/** SES (mocked) with a fault plan; what it accepted, by recipient. */
function sesConFallas(plan: Falla[]) {
  const aceptados: string[] = [];
  ses = inyectarFallas(SESv2Client, plan, {
    responder: (c) => {
      const input = (c as SendEmailCommand).input;
      aceptados.push(input.Destination!.ToAddresses![0]!);
      return { MessageId: `msg-${++mensajes}`, $metadata: {} };
    },
  });
  return aceptados;
}

async function campana(asunto = 'Hola {nombre}') {
  const borrador = await crearCampana(
    { nombre: 'Fallas', asunto, mensaje_html: '<p>Hola</p>', mensaje_texto: 'Hola', segmento: 'todos' },
    REMITENTE,
  );
  return enviarCampana(borrador.id, REMITENTE);
}

async function estados(campanaId: string) {
  return (await destinatariosDe(campanaId)).map((i) => String(i.estado));
}

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));
const throttling = correo.throttling;

describe('envío de campaña con SES limitado', () => {
  it('throttling pasajero: reintenta con espera y cada destinatario recibe exactamente un correo', async () => {
    const c = await campana();
    const aceptados = sesConFallas([{ comando: 'SendEmailCommand', error: throttling, veces: 3 }]);
    const r = await ejecutarEnvio(c.id, opciones());
    expect(r).toMatchObject({ resultado: 'completado', campana: { enviados: 4, fallidos: 0 } });
    expect(ses!.fallas()).toBe(3);
    expect([...aceptados].sort()).toEqual(clientes.map((x) => x.email).sort());
  });

  it('throttling persistente: la campaña se pausa con los destinatarios pendientes (no fallidos); la reanudación envía una vez a cada uno', async () => {
    const c = await campana();
    const aceptados = sesConFallas([{ comando: 'SendEmailCommand', error: throttling, veces: Infinity }]);
    const r = await ejecutarEnvio(c.id, opciones());
    expect(r).toEqual({ resultado: 'pausada' });
    expect(aceptados).toHaveLength(0);
    expect(await estados(c.id)).not.toContain('fallido');
    expect(campanaDeItem((await leerCampana(c.id))!)).toMatchObject({ estado: 'enviando', fallidos: 0, enviados: 0 });

    ses!.quitar();
    await esperar(LEASE_MS + 50);
    const otra = await ejecutarEnvio(c.id, opciones());
    expect(otra).toMatchObject({ resultado: 'completado', campana: { enviados: 4, fallidos: 0 } });
    expect([...aceptados].sort()).toEqual(clientes.map((x) => x.email).sort());
  });

  const CUOTA: Array<[string, () => Error]> = [
    ['LimitExceededException', correo.cuota],
    ['TooManyRequestsException (cuota diaria)', correo.cuotaComoThrottling],
    ['SendingPausedException', correo.pausada],
  ];

  it.each(CUOTA)(
    '%s: se detiene de inmediato con un motivo claro en español, sin insistir; "Enviar" la retoma sin duplicar',
    async (_n, error) => {
      const c = await campana();
      const aceptados = sesConFallas([{ comando: 'SendEmailCommand', error, veces: Infinity, saltar: 1 }]);
      const inicio = Date.now();
      const r = await ejecutarEnvio(c.id, opciones());
      expect(r).toMatchObject({ resultado: 'error', campana: { estado: 'error', enviados: 1, fallidos: 0 } });
      expect(Date.now() - inicio).toBeLessThan(2_000);
      expect(ses!.llamadas.get('SendEmailCommand')).toBeLessThanOrEqual(clientes.length);
      const item = (await leerCampana(c.id))!;
      expect(String(item.error_envio)).toMatch(/cuota diaria|pausad/i);
      const aviso = (await notificacionesDe(REMITENTE.userId)).find((n) => String(n.mensaje).includes(String(item.error_envio)));
      expect(aviso).toMatchObject({ titulo: 'Campaña con error' });
      expect(await estados(c.id)).not.toContain('fallido');

      ses!.quitar();
      await enviarCampana(c.id, REMITENTE);
      const otra = await ejecutarEnvio(c.id, opciones());
      expect(otra).toMatchObject({ resultado: 'completado', campana: { enviados: 4, fallidos: 0 } });
      expect([...aceptados].sort()).toEqual(clientes.map((x) => x.email).sort());
    },
  );
});

describe('cabeceras del correo sin caracteres de control', () => {
  const INYECCION = '\r\nBcc: x@evil.example';
  const limpio = (v: unknown) => {
    expect(typeof v).toBe('string');
    expect(String(v)).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
  };

  it('un nombre de cliente o un asunto con CR/LF (o U+2028) produce un asunto de una línea y ninguna cabecera extra', async () => {
    const [victima] = clientes;
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.cliente(victima!.id),
        UpdateExpression: 'SET nombre = :n',
        ExpressionAttributeValues: { ':n': `Ana${INYECCION}\u2028X-Otra: 1\u0000` },
      }),
    );
    const c = await campana(`Oferta{nombre}${INYECCION}\nX-Mailer: malo`);
    const recibidos: SendEmailCommand['input'][] = [];
    ses = inyectarFallas(SESv2Client, [], {
      responder: (cmd) => {
        recibidos.push((cmd as SendEmailCommand).input);
        return { MessageId: `msg-${++mensajes}`, $metadata: {} };
      },
    });
    const r = await ejecutarEnvio(c.id, opciones());
    expect(r).toMatchObject({ resultado: 'completado', campana: { enviados: 4 } });
    expect(recibidos).toHaveLength(4);
    for (const input of recibidos) {
      const simple = input.Content!.Simple!;
      limpio(simple.Subject!.Data);
      limpio(input.FromEmailAddress);
      input.Destination!.ToAddresses!.forEach(limpio);
      for (const h of simple.Headers ?? []) {
        limpio(h.Name);
        limpio(h.Value);
      }
      expect((simple.Headers ?? []).map((h) => h.Name)).toEqual(['X-Cuota-Campana', 'X-Cuota-Destinatario']);
      expect(input.Destination!.BccAddresses ?? []).toEqual([]);
    }
    const para = recibidos.find((i) => i.Destination!.ToAddresses![0] === victima!.email)!;
    expect(para.Content!.Simple!.Subject!.Data).toBe(
      'OfertaAna Bcc: x@evil.example X-Otra: 1 Bcc: x@evil.example X-Mailer: malo',
    );
  });
});
