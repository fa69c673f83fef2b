import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { BatchWriteCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { generarCuotas, sumarDias } from '@cuota/shared';
import { ulid } from 'ulid';
import { itemFor } from '../../functions/src/commons/items';
import { itemCuotaNueva } from '../../functions/src/entities/cuota';
import { ENTITY, keys } from '../../functions/src/commons/keys';
import { afterAll, describe, expect, it } from 'vitest';
import { iniciarSesionEnPila } from './inicio-de-sesion';
import { autorizacionDeControl, leerClaveDeControl } from './control-clave';
import { portInUse } from './services';
import { DEMO_PASSWORD, ROOT } from './settings';

/*
 * Crash safety of the local stack (`npm start`, started as a child process on its own ports and
 * data directory): SIGKILL to the whole process group (DynamoDB Local, the emulators, the
 * gateway and the handlers running in it) in the middle of a daily close and of a campaign send,
 * restart on the same data, run again, and the final state must equal an uninterrupted run:
 * nothing lost, nothing applied or sent twice, DynamoDB data kept across the kill.
 */

const require = createRequire(import.meta.url);
const TSX = pathToFileURL(require.resolve('tsx')).href;
// A process crash is what is simulated (not a power cut): data on tmpfs survives it and spares
// DynamoDB Local's fsyncs on a slow disk.
const BASE = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'cuota-crash-'));
const vivas = new Set<Pila>();
const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Pila {
  private salida = '';
  private terminada: Promise<void>;

  private constructor(
    readonly port: number,
    readonly dir: string,
    private readonly child: ChildProcess,
  ) {
    child.stdout!.on('data', (d: Buffer) => (this.salida = (this.salida + d.toString()).slice(-8000)));
    child.stderr!.on('data', (d: Buffer) => (this.salida = (this.salida + d.toString()).slice(-8000)));
    this.terminada = new Promise((r) => child.once('exit', () => r()));
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The stack on `port` with its data in `dir`, without demo data or a web build; resolves when /healthz says ready. */
  static async iniciar(port: number, dir: string, env: Record<string, string>): Promise<Pila> {
    for (let p = port; p <= port + 4; p++) {
      for (let i = 0; (await portInUse(p)) && i < 100; i++) await esperar(100);
    }
    const child = spawn(process.execPath, ['--import', TSX, join(ROOT, 'infra/local/start.ts')], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        CUOTA_LOCAL_DIR: dir,
        CUOTA_SEED: '0',
        CUOTA_BUILD: '0',
        LOG_LEVEL: 'ERROR',
      },
    });
    const pila = new Pila(port, dir, child);
    vivas.add(pila);
    const limite = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`la pila terminó al iniciar:\n${pila.salida}`);
      try {
        if ((await fetch(`${pila.url}/healthz`)).ok) return pila;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > limite) throw new Error(`la pila no estuvo lista en 120 s:\n${pila.salida}`);
      await esperar(200);
    }
  }

  /** SIGKILL to every process of the stack at once: no shutdown code runs. */
  async matar(): Promise<void> {
    process.kill(-this.child.pid!, 'SIGKILL');
    await this.terminada;
    vivas.delete(this);
  }

  /** Ctrl-C: the stack stops its emulators and exits. */
  async detener(): Promise<void> {
    this.child.kill('SIGTERM');
    await Promise.race([this.terminada, esperar(15_000)]);
    try {
      process.kill(-this.child.pid!, 'SIGKILL');
    } catch {
      /* already gone */
    }
    vivas.delete(this);
  }

  readonly db = () =>
    DynamoDBDocumentClient.from(
      new DynamoDBClient({
        endpoint: `http://127.0.0.1:${this.port + 1}`,
        region: 'us-east-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );

  async token(email = 'admin@demo.cr'): Promise<string> {
    const body = await iniciarSesionEnPila(this.url, email, DEMO_PASSWORD);
    if (!body.AuthenticationResult) throw new Error(`no se pudo iniciar sesión: ${JSON.stringify(body)}`);
    return body.AuthenticationResult.IdToken;
  }

  async api(token: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
    const res = await fetch(`${this.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  }
}

afterAll(async () => {
  for (const p of [...vivas]) await p.matar().catch(() => undefined);
  rmSync(BASE, { recursive: true, force: true });
});

async function todo(db: DynamoDBDocumentClient, extra: Partial<ConstructorParameters<typeof ScanCommand>[0]> = {}) {
  const out: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: 'cuota', ConsistentRead: true, ExclusiveStartKey: start, ...extra }));
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

// ---------------------------------------------------------------- the daily close

const F = '2024-03-15';
const CLIENTES = 50;
const POR_CLIENTE = 6;
const N = CLIENTES * POR_CLIENTE;
const ENV_CIERRE = { CIERRE_LEASE_MS: '5000' };

async function cerrados(db: DynamoDBDocumentClient): Promise<number> {
  const items = await todo(db, {
    FilterExpression: 'tipo = :c AND ultimo_cierre = :f',
    ExpressionAttributeValues: { ':c': 'credito', ':f': F },
    ProjectionExpression: 'id',
  });
  return items.length;
}

/**
 * What the close leaves, without what depends on the clock or on random ids: credits and cuotas
 * whole (but updated_at), notifications by user and text, reminder guards by key, the date
 * markers by estado, and every aggregate the stream consumers keep (dashboard, segments, unread
 * counters), which a redelivered stream batch after the kill must not change twice. Left out:
 * activity entries and staff profiles, which the test's own sign-ins write (the interrupted run
 * signs in twice), and WebSocket connections.
 */
async function estadoCierre(db: DynamoDBDocumentClient): Promise<string[]> {
  const filas = (await todo(db)).flatMap((item) => {
    const { updated_at: _u, actualizado_en: _a, ...resto } = item;
    switch (item.tipo) {
      case 'notificacion':
        return [
          {
            pk: item.pk,
            titulo: item.titulo,
            mensaje: item.mensaje,
            tipo_notificacion: item.tipo_notificacion,
            leida: item.leida,
          },
        ];
      case 'aviso':
        return [{ pk: item.pk, sk: item.sk, fecha: item.fecha }];
      case 'cierre':
        return [{ pk: item.pk, sk: item.sk, estado: item.estado, fecha: item.fecha }];
      case 'agregado-contribucion':
        // keyed by the entity (a notification's id is random); the stream position differs by run
        return [
          {
            entidad: item.entidad,
            contribucion: item.contribucion,
            eliminada: item.eliminada,
            ...(item.entidad === 'notificacion' ? {} : { pk: item.pk }),
          },
        ];
      case 'segmento-miembro':
        return [{ pk: item.pk, sk: item.sk }];
      case 'actividad':
      case 'perfil':
      case 'conexion':
        return [];
      default:
        return [resto];
    }
  });
  return filas.map((f) => JSON.stringify(f, Object.keys(f).sort())).sort();
}

/**
 * Waits until the stream consumers have applied everything: the table's stream holds no record
 * after the poller's checkpoints (it checkpoints a batch only once its consumers are done, and
 * what they write lands in the stream after it), twice in a row.
 */
async function quietud(pila: Pila): Promise<void> {
  const port = pila.port + 1;
  const cfg = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  };
  const streams = new DynamoDBStreamsClient(cfg);
  const tabla = await new DynamoDBClient(cfg).send(new DescribeTableCommand({ TableName: 'cuota' }));
  const arn = tabla.Table!.LatestStreamArn!;
  const pendientes = async () => {
    const checkpoints = JSON.parse(readFileSync(join(pila.dir, 'stream-checkpoints.json'), 'utf8') || '{}') as Record<
      string,
      string
    >;
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const despues = checkpoints[shard.ShardId!];
      const { ShardIterator } = await streams.send(
        new GetShardIteratorCommand({
          StreamArn: arn,
          ShardId: shard.ShardId,
          ShardIteratorType: despues ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON',
          SequenceNumber: despues,
        }),
      );
      const { Records } = await streams.send(new GetRecordsCommand({ ShardIterator, Limit: 1 }));
      if ((Records ?? []).length > 0) return true;
    }
    return false;
  };
  let quietas = 0;
  for (const limite = Date.now() + 90_000; Date.now() < limite; await esperar(300)) {
    quietas = (await pendientes()) ? 0 : quietas + 1;
    if (quietas === 2) return;
  }
  throw new Error('los consumidores del stream no terminaron');
}

/**
 * The portfolio, written with BatchWrite through the same item builders the API uses (as the
 * payment fixtures do): CLIENTES clients with a portal user, POR_CLIENTE credits each, every
 * one with its first cuota due 5 to 124 days before F, so every credit accrues mora on F.
 */
async function sembrarCartera(db: DynamoDBDocumentClient): Promise<void> {
  const items: Record<string, unknown>[] = [];
  const created_at = '2023-01-02T15:00:00.000Z';
  for (let c = 0; c < CLIENTES; c++) {
    const cliente = { id: `CRASH${String(c).padStart(4, '0')}`, nombre: `Cliente${c}`, apellido: 'Caída' };
    items.push({
      ...keys.cliente(cliente.id),
      tipo: ENTITY.cliente,
      gsi1pk: keys.clientesList(),
      gsi1sk: `${created_at}#${cliente.id}`,
      ...cliente,
      email: `crash${c}@prueba.cr`,
      user_id: `crash-usuario-${c}`,
      kyc_completado: true,
      riesgo: null,
      created_at,
    });
    let usado = 0;
    for (let j = 0; j < POR_CLIENTE; j++) {
      const k = c * POR_CLIENTE + j;
      const desembolso = sumarDias(F, -(35 + (k % 120)));
      const principal = 200_000_00 + k * 1_234_57;
      const plan = generarCuotas({
        principalCentimos: principal,
        tasaAnual: '24.00',
        plazoMeses: 6,
        fechaDesembolso: desembolso,
        metodo: 'cuota_nivelada',
      });
      const id = ulid();
      usado += principal;
      items.push(
        itemFor.credito({
          id,
          numero_credito: `CR-CAIDA-${String(k).padStart(5, '0')}`,
          cliente_id: cliente.id,
          cliente_nombre: cliente.nombre,
          cliente_apellido: cliente.apellido,
          producto_id: 'PRODUCTO-CAIDA',
          producto_nombre: 'Microcrédito',
          producto_codigo: 'CAIDA-01',
          monto_principal_centimos: principal,
          saldo_capital_centimos: principal,
          saldo_mora_centimos: 0,
          total_pagado_centimos: 0,
          tasa_interes_anual: '24.00',
          plazo_meses: 6,
          estado: 'vigente',
          fecha_desembolso: desembolso,
          fecha_primer_vencimiento: plan[0]!.fecha_vencimiento,
          proximo_vencimiento: plan[0]!.fecha_vencimiento,
          metodo_amortizacion: 'cuota_nivelada',
          tasa_moratoria_anual: k % 2 ? '31.20' : '28.00',
          dias_tolerancia: [0, 3, 10][k % 3],
          solicitud_id: `SOLICITUD-CAIDA-${k}`,
          version: 1,
          created_at: `${desembolso}T15:00:00.000Z`,
        }),
        ...plan.map((q) => itemCuotaNueva(q, id, ulid())),
      );
    }
    items.push(itemFor.lineaCredito({ cliente_id: cliente.id, usado_centimos: usado, updated_at: created_at }));
  }
  await escribir(db, items);
}

async function escribir(db: DynamoDBDocumentClient, items: Record<string, unknown>[]): Promise<void> {
  const lotes = Array.from({ length: Math.ceil(items.length / 25) }, (_, i) => items.slice(i * 25, i * 25 + 25));
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let lote = lotes.shift(); lote; lote = lotes.shift()) {
        let pendientes: Record<string, any> | undefined = { cuota: lote.map((Item) => ({ PutRequest: { Item } })) };
        while (pendientes && Object.keys(pendientes).length > 0) {
          pendientes = (await db.send(new BatchWriteCommand({ RequestItems: pendientes }))).UnprocessedItems;
        }
      }
    }),
  );
}

// ---------------------------------------------------------------- the campaign send

const DESTINATARIOS = 120;

interface Correo {
  messageId: string;
  destinatario: string;
  destination: { to: string[] };
  headers?: { name: string; value: string }[];
}

/** The messages the stack's SES holds for one campaign (its store, PORT+3). */
async function correosDe(pila: Pila, campanaId: string): Promise<Correo[]> {
  const { emails } = (await (await fetch(`http://127.0.0.1:${pila.port + 3}/store`)).json()) as { emails: Correo[] };
  const h = (e: Correo, n: string) => e.headers?.find((x) => x.name === n)?.value;
  return emails
    .filter((e) => h(e, 'X-Cuota-Campana') === campanaId)
    .map((e) => ({ ...e, destinatario: h(e, 'X-Cuota-Destinatario') ?? '' }));
}

async function destinatarios(db: DynamoDBDocumentClient, campanaId: string): Promise<Record<string, any>[]> {
  const out: Record<string, any>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new QueryCommand({
        TableName: 'cuota',
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :d)',
        ExpressionAttributeValues: { ':pk': keys.campana(campanaId).pk, ':d': 'DEST#' },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    out.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return out;
}

describe('seguridad ante caídas de la pila local', () => {
  it('SIGKILL a mitad del cierre diario, reinicio sobre los mismos datos y nueva ejecución: igual a un cierre sin interrupción', async () => {
    const datos = join(BASE, 'cierre');
    const referencia = join(BASE, 'cierre-referencia');

    // the portfolio, then a copy of the data directory taken with the stack stopped
    const s1 = await Pila.iniciar(4110, datos, ENV_CIERRE);
    await sembrarCartera(s1.db());
    expect(await todo(s1.db(), { FilterExpression: 'tipo = :c', ExpressionAttributeValues: { ':c': 'credito' } })).toHaveLength(
      N,
    );
    await quietud(s1);
    await s1.detener();
    cpSync(datos, referencia, { recursive: true });

    // the close, killed once a quarter of the credits are closed
    const s2 = await Pila.iniciar(4110, datos, ENV_CIERRE);
    const cierre = s2.api(await s2.token(), 'POST', '/api/cierre-diario', { fecha: F }).catch((e: Error) => e);
    let vistos = 0;
    for (const limite = Date.now() + 60_000; (vistos = await cerrados(s2.db())) < N / 4; await esperar(20)) {
      if (Date.now() > limite) throw new Error(`el cierre no avanzó (${vistos} créditos): ${String(await cierre)}`);
    }
    await s2.matar();
    expect(await cierre).toBeInstanceOf(Error); // the request died with the stack
    expect(vistos).toBeLessThan(N);

    // restart on the same data: what was written before the kill is there, the rest is not closed
    const s3 = await Pila.iniciar(4110, datos, ENV_CIERRE);
    const db3 = s3.db();
    const antes = await cerrados(db3);
    expect(antes).toBeGreaterThanOrEqual(vistos);
    expect(antes).toBeLessThan(N);
    expect(await todo(db3, { FilterExpression: 'tipo = :c', ExpressionAttributeValues: { ':c': 'credito' } })).toHaveLength(N);
    expect((await db3.send(new GetCommand({ TableName: 'cuota', Key: { pk: `CIERRE#${F}`, sk: 'CIERRE' } }))).Item).toMatchObject(
      {
        estado: 'en_curso',
      },
    );

    // run it again (the dead run's 5 s lease has expired by now): it closes only what was left
    const token3 = await s3.token();
    let r = await s3.api(token3, 'POST', '/api/cierre-diario', { fecha: F });
    for (let i = 0; r.body?.fechas?.[0]?.estado === 'en_curso' && i < 20; i++) {
      await esperar(1000);
      r = await s3.api(token3, 'POST', '/api/cierre-diario', { fecha: F });
    }
    expect(r.status).toBe(200);
    expect(r.body.fechas).toEqual([expect.objectContaining({ fecha: F, estado: 'cerrado', creditos_actualizados: N - antes })]);
    expect(await cerrados(db3)).toBe(N);
    await quietud(s3);
    const recuperado = await estadoCierre(db3);
    await s3.detener();

    // the reference: the same data closed once without interruption
    const s4 = await Pila.iniciar(4110, referencia, ENV_CIERRE);
    const unico = await s4.api(await s4.token(), 'POST', '/api/cierre-diario', { fecha: F });
    expect(unico.body.fechas).toEqual([expect.objectContaining({ fecha: F, estado: 'cerrado', creditos_actualizados: N })]);
    expect(unico.body.fechas[0].mora_devengada_centimos).toBeGreaterThan(0);
    await quietud(s4);
    const esperado = await estadoCierre(s4.db());
    await s4.detener();

    expect(recuperado.length).toBe(esperado.length);
    expect(recuperado).toEqual(esperado);
  }, 240_000);

  it('SIGKILL a mitad del envío de una campaña, con un correo aceptado por SES y aún no registrado: tras reiniciar y reanudar, cada destinatario lo recibe exactamente una vez', async () => {
    const datos = join(BASE, 'campana');
    // SES answers 400 ms after it stored a message: the window where a sent message is not recorded
    const env = { CAMPANA_LEASE_MS: '3000', CUOTA_SES_LATENCIA_MS: '400', SES_ENVIOS_POR_SEGUNDO: '14' };
    const c1 = await Pila.iniciar(4120, datos, env);
    const db1 = c1.db();
    const clientes = Array.from({ length: DESTINATARIOS }, (_, i) => ({
      id: `DEST${String(i).padStart(4, '0')}`,
      email: `d${i}@prueba.cr`,
    }));
    await escribir(
      db1,
      clientes.map((c, i) => ({
        ...keys.cliente(c.id),
        tipo: ENTITY.cliente,
        gsi1pk: keys.clientesList(),
        gsi1sk: `2024-01-01T00:00:00.000Z#${c.id}`,
        id: c.id,
        nombre: `Destinatario${i}`,
        apellido: 'Prueba',
        email: c.email,
        user_id: null,
        riesgo: null,
        kyc_completado: false,
        created_at: '2024-01-01T00:00:00.000Z',
      })),
    );
    const token = await c1.token();
    // the stream consumers make them members of 'todos'
    for (let i = 0; (await c1.api(token, 'GET', '/api/comunicacion/resumen')).body.total_clientes !== DESTINATARIOS; i++) {
      if (i > 200) throw new Error('el segmento no se formó');
      await esperar(100);
    }
    const creada = await c1.api(token, 'POST', '/api/campanas', {
      nombre: 'Caída a mitad de envío',
      asunto: 'Hola {nombre}',
      mensaje_html: '<p>Hola <b>{nombre}</b></p>',
      mensaje_texto: 'Hola {nombre}',
      segmento: 'todos',
    });
    expect(creada.status).toBe(201);
    const id = creada.body.id as string;
    expect((await c1.api(token, 'POST', `/api/campanas/${id}/enviar`)).status).toBe(200);

    // kill once a few batches are recorded and SES holds a message whose recipient is still only claimed
    let enVentana: string[] = [];
    let previos: Correo[] = [];
    for (const limite = Date.now() + 60_000; ; await esperar(25)) {
      if (Date.now() > limite) throw new Error('el envío no llegó a la ventana buscada');
      const [correos, dest] = await Promise.all([correosDe(c1, id), destinatarios(db1, id)]);
      const enviados = dest.filter((d) => d.estado === 'enviado').length;
      enVentana = dest
        .filter((d) => d.estado === 'reclamado' && correos.some((c) => c.destinatario === d.cliente_id))
        .map((d) => d.cliente_id);
      if (enviados >= 28 && enVentana.length > 0) {
        previos = correos;
        await c1.matar();
        break;
      }
    }
    expect(previos.length).toBeLessThan(DESTINATARIOS);

    // restart: the mail SES accepted and the recipients' claims are both still there
    const c2 = await Pila.iniciar(4120, datos, env);
    const db2 = c2.db();
    const tras = await correosDe(c2, id);
    expect(tras.map((c) => c.messageId)).toEqual(expect.arrayContaining(previos.map((c) => c.messageId)));
    const reclamados = (await destinatarios(db2, id)).filter((d) => d.estado === 'reclamado').map((d) => d.cliente_id);
    expect(reclamados).toEqual(expect.arrayContaining(enVentana));

    // the resume job (run on demand through the control port) takes the campaign once the lease is over
    let campana: Record<string, any> | undefined;
    for (const limite = Date.now() + 90_000; ; await esperar(1000)) {
      if (Date.now() > limite) throw new Error(`la campaña no terminó: ${JSON.stringify(campana)}`);
      campana = (await db2.send(new GetCommand({ TableName: 'cuota', Key: keys.campana(id), ConsistentRead: true }))).Item;
      if (campana?.estado !== 'enviando') break;
      await fetch(`http://127.0.0.1:${c2.port + 4}/jobs/reanudar-campanas`, {
        method: 'POST',
        headers: { authorization: autorizacionDeControl(leerClaveDeControl(datos)) },
      });
    }
    expect(campana).toMatchObject({ estado: 'completado', enviados: DESTINATARIOS, fallidos: 0, omitidos: 0 });

    // exactly once: one message per recipient in SES, recorded with that message's id
    const correos = await correosDe(c2, id);
    expect(correos).toHaveLength(DESTINATARIOS);
    const porDestinatario = new Map(correos.map((c) => [c.destinatario, c]));
    expect([...porDestinatario.keys()].sort()).toEqual(clientes.map((c) => c.id));
    const dest = await destinatarios(db2, id);
    expect(dest).toHaveLength(DESTINATARIOS);
    for (const d of dest) {
      const correo = porDestinatario.get(d.cliente_id)!;
      expect(d).toMatchObject({ estado: 'enviado', message_id: correo.messageId });
      expect(correo.destination.to).toEqual([clientes.find((c) => c.id === d.cliente_id)!.email]);
    }
    // the claims caught in the window were settled from the ledger, not sent again
    for (const idCliente of enVentana) {
      const d = dest.find((x) => x.cliente_id === idCliente)!;
      expect(d.por_libro).toBe(true);
      expect(d.message_id).toBe(previos.find((c) => c.destinatario === idCliente)!.messageId);
    }
    await c2.detener();
  }, 180_000);
});
