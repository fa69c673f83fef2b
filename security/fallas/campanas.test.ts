import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ddb, tableName } from '../../functions/src/commons/db';
import { campanaDeItem } from '../../functions/src/entities/campana';
import { CorreoSes, LibroEntregasTabla } from '../../functions/src/features/comunicacion/correo';
import { ejecutarEnvio, type OpcionesEnvio } from '../../functions/src/features/comunicacion/envio';
import { crearCampana, enviarCampana } from '../../functions/src/features/comunicacion/service';
import { leerCampana } from '../../functions/src/features/comunicacion/store';
import { procesarStream, REMITENTE, sembrarClientes, type ClienteSembrado } from '../../functions/test/campanas-fixtures';
import {
  correo,
  inyectarFallas,
  SESv2Client,
  type Falla,
  type Inyeccion,
  type SendEmailCommand,
} from '../../functions/test/fallas';
import { LectorStream, tablaPropia } from '../../functions/test/stream';

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
  const out = await ddb.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `CAMPANA#${campanaId}`, ':p': 'DEST#' },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((i) => String(i.estado));
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
      expect(await estados(c.id)).not.toContain('fallido');

      ses!.quitar();
      await enviarCampana(c.id, REMITENTE);
      const otra = await ejecutarEnvio(c.id, opciones());
      expect(otra).toMatchObject({ resultado: 'completado', campana: { enviados: 4, fallidos: 0 } });
      expect([...aceptados].sort()).toEqual(clientes.map((x) => x.email).sort());
    },
  );
});
