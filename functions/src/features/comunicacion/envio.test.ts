import type { ChildProcess } from 'node:child_process';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  campanaEnviando,
  conteo,
  correosDe,
  destinatariosDe,
  procesarStream,
  REMITENTE,
  sembrarClientes,
  sesLocal,
  type ClienteSembrado,
} from '../../../test/campanas-fixtures';
import { notificacionesDe } from '../../../test/lending-fixtures';
import { LectorStream, tablaPropia } from '../../../test/stream';
import { ddb, tableName } from '#commons/db';
import { ENTITY, keys } from '#commons/keys';
import { LibroEntregasSesLocal } from '../../../../infra/local/ses-libro';
import { CorreoSes, type Correo, type MensajeCampana } from './correo';
import { ejecutarEnvio, leerDestinatario, type OpcionesEnvio } from './envio';
import { campanaDeItem as toCampana } from '#entities/campana';
import { enviarCampana } from './service';
import { leerCampana } from './store';

let ses: Awaited<ReturnType<typeof sesLocal>>;
let lector: LectorStream;
let clientes: ClienteSembrado[];

beforeAll(async () => {
  ses = await sesLocal();
});
afterAll(() => {
  (ses?.child as ChildProcess | undefined)?.kill('SIGKILL');
});

/** Each test: its own table with `n` clients in the 'todos' segment. */
async function escenario(n: number, sinEmail = 0) {
  lector = new LectorStream((await tablaPropia('cuota-envio')).streamArn);
  clientes = await sembrarClientes(n, { sinEmail });
  await procesarStream(lector);
}

const opciones = (over: Partial<OpcionesEnvio> = {}): OpcionesEnvio => ({
  correo: new CorreoSes('no-responder@cuota.cr'),
  libro: new LibroEntregasSesLocal(ses.store),
  porSegundo: 50,
  leaseMs: 5_000,
  asentamientoMs: 0,
  ...over,
});

/** A correo that fails as told for some addresses and sends the rest through the real SES. */
class CorreoConFallas implements Correo {
  readonly real = new CorreoSes('no-responder@cuota.cr');
  llamadas = 0;
  constructor(private readonly falla: (m: MensajeCampana, llamada: number) => { name: string; enviarAntes?: boolean } | null) {}
  async enviar(m: MensajeCampana) {
    const llamada = ++this.llamadas;
    const f = this.falla(m, llamada);
    if (!f) return this.real.enviar(m);
    if (f.enviarAntes) await this.real.enviar(m); // SES accepted it, but the answer is lost
    throw Object.assign(new Error(`simulado: ${f.name}`), { name: f.name, $metadata: {} });
  }
}

describe('envío de una campaña por aws-ses-v2-local', () => {
  beforeEach(async () => escenario(6, 1));

  it('envía una vez a cada cliente con email dentro de la tasa, omite al que no tiene, termina y avisa a quien la creó', async () => {
    const campana = await campanaEnviando('todos', 'Bienvenida');
    expect(campana).toMatchObject({ estado: 'enviando', total_destinatarios: 6 });
    const inicio = Date.now();
    const r = await ejecutarEnvio(campana.id, opciones({ porSegundo: 2 }));
    // 5 messages at 2 per second: batches of 2, 2, 1 — at least two full seconds
    expect(Date.now() - inicio).toBeGreaterThanOrEqual(2000);
    expect(r).toMatchObject({
      resultado: 'completado',
      campana: { estado: 'completado', enviados: 5, fallidos: 0, omitidos: 1 },
    });

    const correos = await correosDe(ses.store, campana.id);
    expect(correos).toHaveLength(5);
    const c0 = correos.find((c) => c.destinatario === clientes[0]!.id)!;
    expect(c0).toMatchObject({
      subject: 'Hola Cliente0',
      destination: { to: [clientes[0]!.email] },
      body: { html: '<p>Hola <b>Cliente0</b></p>', text: 'Hola Cliente0' },
    });

    const items = await destinatariosDe(campana.id);
    expect(items.map((i) => i.estado).sort()).toEqual(['enviado', 'enviado', 'enviado', 'enviado', 'enviado', 'omitido']);
    expect(items.find((i) => i.cliente_id === clientes[0]!.id)).toMatchObject({
      estado: 'enviado',
      message_id: c0.messageId,
      por_libro: false,
    });

    const guardada = toCampana((await leerCampana(campana.id))!);
    expect(guardada).toMatchObject({ estado: 'completado', enviados: 5, omitidos: 1 });
    expect(guardada.completado_en).not.toBeNull();
    const item = await leerCampana(campana.id);
    expect(item).not.toHaveProperty('lease_owner');
    expect(item).not.toHaveProperty('gsi3pk');

    const avisos = (await notificacionesDe(REMITENTE.userId)).filter((n) => n.titulo === 'Campaña finalizada');
    expect(avisos).toHaveLength(1);
    expect(avisos[0]).toMatchObject({
      tipo_notificacion: 'success',
      accion_url: '/comunicacion',
      mensaje: 'La campaña "Bienvenida" terminó: 5 de 6 enviados, 0 fallidos, 1 sin email.',
    });

    // a second dispatch of a finished campaign does nothing
    expect(await ejecutarEnvio(campana.id, opciones())).toEqual({ resultado: 'ocupada' });
    expect(await correosDe(ses.store, campana.id)).toHaveLength(5);
  });

  it('mientras otro envío tiene la campaña, un segundo despacho no envía nada', async () => {
    const campana = await campanaEnviando();
    const lento = new CorreoConFallas(() => null);
    const primero = ejecutarEnvio(campana.id, opciones({ correo: lento, porSegundo: 2 }));
    await new Promise((r) => setTimeout(r, 200));
    expect(await ejecutarEnvio(campana.id, opciones())).toEqual({ resultado: 'ocupada' });
    expect((await primero).resultado).toBe('completado');
    expect(conteo((await correosDe(ses.store, campana.id)).map((c) => c.destinatario)).size).toBe(5);
    expect((await correosDe(ses.store, campana.id)).length).toBe(5);
  });

  it('resuelve con el libro de entregas los reclamos de un envío muerto y las respuestas perdidas: nadie recibe dos', async () => {
    const campana = await campanaEnviando();
    const [a, b, c] = clientes;
    const reclamoMuerto = (cl: ClienteSembrado) =>
      ddb.send(
        new PutCommand({
          TableName: tableName(),
          Item: {
            ...keys.campanaDestinatario(campana.id, cl.id),
            tipo: ENTITY.campanaDestinatario,
            campana_id: campana.id,
            cliente_id: cl.id,
            email: cl.email,
            estado: 'reclamado',
            intento: 'RUN-MUERTO',
            reclamado_en: new Date(Date.now() - 10_000).toISOString(),
          },
        }),
      );
    // a: the dead run's message reached SES before it died; b: it died before calling SES
    await reclamoMuerto(a!);
    await reclamoMuerto(b!);
    const previo = await new CorreoSes('no-responder@cuota.cr').enviar({
      campanaId: campana.id,
      destinatarioId: a!.id,
      para: a!.email!,
      asunto: 'Hola',
      html: '<p>Hola</p>',
      texto: 'Hola',
    });
    // c: SES accepts it but the answer is lost (a timeout)
    const correo = new CorreoConFallas((m) =>
      m.destinatarioId === c!.id && m.para ? { name: 'TimeoutError', enviarAntes: true } : null,
    );
    const r = await ejecutarEnvio(campana.id, opciones({ correo }));
    expect(r).toMatchObject({ resultado: 'completado', campana: { enviados: 5, omitidos: 1, fallidos: 0 } });

    const veces = conteo((await correosDe(ses.store, campana.id)).map((x) => x.destinatario));
    expect([...veces.values()]).toEqual([1, 1, 1, 1, 1]);
    expect(await leerDestinatario(campana.id, a!.id)).toMatchObject({
      estado: 'enviado',
      message_id: previo.messageId,
      por_libro: true,
    });
    expect(await leerDestinatario(campana.id, b!.id)).toMatchObject({ estado: 'enviado', por_libro: false });
    expect(await leerDestinatario(campana.id, c!.id)).toMatchObject({ estado: 'enviado', por_libro: true });
  });

  it('una dirección rechazada queda fallida; si todas fallan la campaña termina en error', async () => {
    const campana = await campanaEnviando();
    const rechazada = clientes[1]!.id;
    const r = await ejecutarEnvio(
      campana.id,
      opciones({ correo: new CorreoConFallas((m) => (m.destinatarioId === rechazada ? { name: 'BadRequestException' } : null)) }),
    );
    expect(r).toMatchObject({ resultado: 'completado', campana: { enviados: 4, fallidos: 1, omitidos: 1 } });
    expect(await leerDestinatario(campana.id, rechazada)).toMatchObject({
      estado: 'fallido',
      error_envio: 'BadRequestException: simulado: BadRequestException',
    });

    const todas = await campanaEnviando('todos', 'Rechazada');
    const mal = await ejecutarEnvio(todas.id, opciones({ correo: new CorreoConFallas(() => ({ name: 'MessageRejected' })) }));
    expect(mal).toMatchObject({ resultado: 'error', campana: { estado: 'error', enviados: 0, fallidos: 5, omitidos: 1 } });
    const aviso = (await notificacionesDe(REMITENTE.userId)).find((n) => String(n.mensaje).includes('"Rechazada"'));
    expect(aviso).toMatchObject({ titulo: 'Campaña con error', tipo_notificacion: 'error' });
  });

  it('un error fatal de SES detiene la campaña en error sin perder a nadie, y Enviar la reanuda', async () => {
    const campana = await campanaEnviando();
    // the third send finds the account paused; batches of 2
    const pausada = new CorreoConFallas((_m, llamada) => (llamada >= 3 ? { name: 'SendingPausedException' } : null));
    const r = await ejecutarEnvio(campana.id, opciones({ correo: pausada, porSegundo: 2 }));
    expect(r).toMatchObject({ resultado: 'error', campana: { estado: 'error', enviados: 2 } });
    const avisos = (await notificacionesDe(REMITENTE.userId)).filter((n) => n.titulo === 'Campaña con error');
    expect(avisos.length).toBeGreaterThanOrEqual(1);
    // only the settled recipients have items: the refused claims were given back
    expect((await destinatariosDe(campana.id)).map((i) => i.estado)).toEqual(['enviado', 'enviado']);

    const reanudada = await enviarCampana(campana.id, REMITENTE);
    expect(reanudada).toMatchObject({ estado: 'enviando', enviados: 2 });
    const fin = await ejecutarEnvio(campana.id, opciones());
    expect(fin).toMatchObject({ resultado: 'completado', campana: { enviados: 5, omitidos: 1 } });
    const veces = conteo((await correosDe(ses.store, campana.id)).map((x) => x.destinatario));
    expect(veces.size).toBe(5);
    expect([...veces.values()].every((v) => v === 1)).toBe(true);
  });

  it('cede la campaña cerca del fin de su tiempo y la siguiente ejecución sigue desde el cursor', async () => {
    const campana = await campanaEnviando();
    let restante = 100_000;
    const r = await ejecutarEnvio(
      campana.id,
      opciones({ porSegundo: 2, restanteMs: () => restante, margenMs: 1000, alRegistrarLote: () => (restante = 500) }),
    );
    expect(r).toEqual({ resultado: 'pausada' });
    const item = await leerCampana(campana.id);
    expect(item).toMatchObject({ estado: 'enviando', enviados: 2 });
    expect(item!.despacho).toBeTruthy();
    expect(item).not.toHaveProperty('lease_owner');
    const fin = await ejecutarEnvio(campana.id, opciones());
    expect(fin).toMatchObject({ resultado: 'completado', campana: { enviados: 5, omitidos: 1 } });
    expect(await correosDe(ses.store, campana.id)).toHaveLength(5);
  });
});
