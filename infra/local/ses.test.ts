import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './dynamo-memory';
import { startSes, waitForPort, type Service } from './services';

/*
 * The local SES keeps the mail it accepted across a crash: the campaign sender uses its store as
 * the delivery ledger, and an empty store after a restart would make it send a claimed message
 * again. Runs the stack's launcher (ses.ts) as the stack does, and kills it with SIGKILL.
 */

const dir = mkdtempSync(join(tmpdir(), 'cuota-ses-'));
const archivo = join(dir, 'ses', 'correo.jsonl');
const abiertos: Service[] = [];

afterAll(() => {
  for (const s of abiertos) s.process.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function iniciar(port: number): Promise<Service> {
  const ses = startSes({ web: 0, dynamodb: 0, cognito: 0, control: 0, ses: port }, false, archivo);
  abiertos.push(ses);
  await waitForPort(port, 30_000, 'aws-ses-v2-local');
  return ses;
}

async function matar(ses: Service): Promise<void> {
  const salida = new Promise((r) => ses.process.once('exit', r));
  ses.process.kill('SIGKILL');
  await salida;
}

async function enviar(port: number, destinatario: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/v2/email/outbound-emails`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: 'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/ses/aws4_request',
    },
    body: JSON.stringify({
      FromEmailAddress: 'no-responder@cuota.cr',
      Destination: { ToAddresses: [`${destinatario}@prueba.cr`] },
      Content: {
        Simple: {
          Subject: { Data: 'Hola' },
          Body: { Text: { Data: 'Mensaje' } },
          Headers: [{ Name: 'X-Cuota-Destinatario', Value: destinatario }],
        },
      },
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { MessageId: string }).MessageId;
}

async function guardados(port: number): Promise<string[]> {
  const { emails } = (await (await fetch(`http://127.0.0.1:${port}/store`)).json()) as { emails: { messageId: string }[] };
  return emails.map((e) => e.messageId);
}

describe('SES local persistente (libro de entregas de las campañas)', () => {
  it('el correo aceptado sobrevive a un SIGKILL; una línea cortada por la caída no se come el correo siguiente', async () => {
    const port = await freePort();
    let ses = await iniciar(port);
    const a = await enviar(port, 'A');
    const b = await enviar(port, 'B');
    await matar(ses);
    // what SES answered is on disk before the answer
    expect(readFileSync(archivo, 'utf8').trim().split('\n')).toHaveLength(2);

    // a kill in the middle of a write leaves a torn last line
    appendFileSync(archivo, '{"messageId":"ses-cortado","from":');
    ses = await iniciar(port);
    expect(await guardados(port)).toEqual([a, b]);
    const c = await enviar(port, 'C');
    await matar(ses);

    ses = await iniciar(port);
    expect(await guardados(port)).toEqual([a, b, c]);
    const { emails } = (await (await fetch(`http://127.0.0.1:${port}/store`)).json()) as {
      emails: { headers: { name: string; value: string }[]; destination: { to: string[] } }[];
    };
    expect(emails.map((e) => e.headers.find((h) => h.name === 'X-Cuota-Destinatario')?.value)).toEqual(['A', 'B', 'C']);
    expect(emails[2]!.destination.to).toEqual(['C@prueba.cr']);
  }, 60_000);
});
