import type { ChildProcess } from 'node:child_process';
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Caller } from '../src/commons/auth';
import { ddb, tableName } from '../src/commons/db';
import { ENTITY, keys } from '../src/commons/keys';
import { claveCampanaDestinatario, PREFIJO_DESTINATARIO } from '../src/entities/campana-destinatario';
import { CABECERA_CAMPANA, CABECERA_DESTINATARIO } from '../src/features/comunicacion/correo';
import { handler as segmentos } from '../src/features/comunicacion/segmentos-stream';
import { crearCampana, enviarCampana } from '../src/features/comunicacion/service';
import { handler as agregados } from '../src/features/dashboard/agregados-stream';
import { freePort } from '../../infra/local/dynamo-memory';
import { startSes, waitForPort } from '../../infra/local/services';
import type { LectorStream } from './stream';

/**
 * Campaign-sender fixtures: a real aws-ses-v2-local (the local stack's SES), clients written
 * straight into the table and turned into segment members by the real stream consumers.
 */
export const REMITENTE: Caller = {
  userId: 'admin-campanas',
  email: 'admin@prueba.cr',
  nombre: 'Ada',
  apellido: 'Admin',
  roles: ['admin'],
  isStaff: true,
};

export async function sesLocal(): Promise<{ child: ChildProcess; endpoint: string; store: string }> {
  const port = await freePort();
  const { process: child } = startSes({ web: 0, dynamodb: 0, cognito: 0, control: 0, ses: port }, false);
  await waitForPort(port, 30_000, 'aws-ses-v2-local');
  const endpoint = `http://127.0.0.1:${port}`;
  process.env.AWS_ENDPOINT_URL_SESV2 = endpoint;
  process.env.SES_LOCAL_STORE_URL = `${endpoint}/store`;
  process.env.SES_FROM = 'no-responder@cuota.cr';
  return { child, endpoint, store: `${endpoint}/store` };
}

/** What the local poller does: the aggregates and segment consumers until the stream is quiet. */
export async function procesarStream(lector: LectorStream): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const registros = await lector.nuevos();
    if (registros.length === 0) return;
    await agregados({ Records: registros } as never);
    await segmentos({ Records: registros } as never);
  }
}

export interface ClienteSembrado {
  id: string;
  nombre: string;
  email: string | null;
}

/** `n` client items (the last `sinEmail` without an email), written with BatchWrite. */
export async function sembrarClientes(n: number, opts: { sinEmail?: number; prefijo?: string } = {}): Promise<ClienteSembrado[]> {
  const prefijo = opts.prefijo ?? Date.now().toString(36);
  const clientes: ClienteSembrado[] = Array.from({ length: n }, (_, i) => ({
    id: `${prefijo}${String(i).padStart(5, '0')}`,
    nombre: `Cliente${i}`,
    email: i >= n - (opts.sinEmail ?? 0) ? null : `c${i}.${prefijo}@prueba.cr`,
  }));
  const created_at = new Date().toISOString();
  for (let i = 0; i < clientes.length; i += 25) {
    await ddb.send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: clientes.slice(i, i + 25).map((c) => ({
            PutRequest: {
              Item: {
                ...keys.cliente(c.id),
                tipo: ENTITY.cliente,
                gsi1pk: keys.clientesList(),
                gsi1sk: `${created_at}#${c.id}`,
                id: c.id,
                created_at,
                nombre: c.nombre,
                apellido: 'Prueba',
                ...(c.email ? { email: c.email } : {}),
                user_id: null,
                riesgo: null,
                kyc_completado: false,
              },
            },
          })),
        },
      }),
    );
  }
  return clientes;
}

/** A campaign to the segment, created and moved to enviando through the store ('Enviar'). */
export async function campanaEnviando(segmento: 'todos' | 'activos' | 'morosos' = 'todos', nombre = 'Novedades') {
  const borrador = await crearCampana(
    { nombre, asunto: 'Hola {nombre}', mensaje_html: '<p>Hola <b>{nombre}</b></p>', mensaje_texto: 'Hola {nombre}', segmento },
    REMITENTE,
  );
  return enviarCampana(borrador.id, REMITENTE);
}

export interface CorreoGuardado {
  messageId: string;
  subject: string;
  destination: { to: string[] };
  body: { html?: string; text?: string };
  headers?: { name: string; value: string }[];
}

/** The messages aws-ses-v2-local holds for one campaign. */
export async function correosDe(store: string, campanaId: string): Promise<Array<CorreoGuardado & { destinatario: string }>> {
  const { emails } = (await (await fetch(store)).json()) as { emails: CorreoGuardado[] };
  const h = (e: CorreoGuardado, n: string) => e.headers?.find((x) => x.name === n)?.value;
  return emails
    .filter((e) => h(e, CABECERA_CAMPANA) === campanaId)
    .map((e) => ({ ...e, destinatario: h(e, CABECERA_DESTINATARIO) ?? '' }));
}

/** How many times each value occurs. */
export function conteo(valores: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const v of valores) m.set(v, (m.get(v) ?? 0) + 1);
  return m;
}

/** Every recipient item of a campaign (CAMPANA#id / DEST#…), all pages, read consistently. */
export async function destinatariosDe(campanaId: string): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': claveCampanaDestinatario(campanaId, '').pk, ':p': PREFIJO_DESTINATARIO },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}
