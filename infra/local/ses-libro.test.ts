import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correosGuardados, LibroEntregasSesLocal } from './ses-libro';

/*
 * The ledger reads LocalStack's /_aws/ses too ({ messages: [...] }, the record its SES provider
 * keeps: Id, Timestamp in UTC without a zone, RawData for a raw message, no headers for a simple
 * one). Served here by a tiny server with that shape; not checked against a running LocalStack.
 */
const raw = (campana: string, destinatario: string) =>
  [
    'From: no-responder@cuota.cr',
    'To: ana@correo.cr',
    `X-Cuota-Campana: ${campana}`,
    'X-Cuota-Destinatario:',
    `  ${destinatario}`,
    'Subject: Aviso',
    '',
    'X-Cuota-Destinatario: cuerpo-no-cabecera',
  ].join('\r\n');

describe('LibroEntregasSesLocal con el almacén de LocalStack', () => {
  let server: Server;
  let url: string;
  const ahora = new Date('2026-11-26T15:00:00Z');
  const messages = [
    // raw, in the window: found (folded header joined)
    { Id: 'm-1', Timestamp: '2026-11-26T15:00:05.123', RawData: raw('camp-1', 'cli-1') },
    // simple: LocalStack keeps no headers, cannot be attributed
    { Id: 'm-2', Timestamp: '2026-11-26T15:00:06', Source: 'x', Body: { text_part: 'X-Cuota-Campana: camp-1' } },
    // with a Headers list (a record that has them)
    {
      Id: 'm-3',
      Timestamp: '2026-11-26T15:00:07Z',
      Headers: [
        { Name: 'x-cuota-campana', Value: 'camp-1' },
        { Name: 'X-Cuota-Destinatario', Value: 'cli-3' },
      ],
    },
    // another campaign
    { Id: 'm-4', Timestamp: '2026-11-26T15:00:08', RawData: raw('camp-2', 'cli-4') },
    // an hour before `desde` (UTC without zone; read as local time it would move by the offset)
    { Id: 'm-5', Timestamp: '2026-11-26T14:00:00', RawData: raw('camp-1', 'cli-5') },
  ];
  const pedidos: string[] = [];

  const tz = process.env.TZ;
  beforeAll(async () => {
    // Costa Rica is UTC−6: a zone-less timestamp read as local time would land 6 h off
    process.env.TZ = 'America/Costa_Rica';
    server = createServer((req, res) => {
      pedidos.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messages }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/_aws/ses`;
  });
  afterAll(() => {
    process.env.TZ = tz;
    server.close();
  });

  it('encuentra los mensajes de la campaña con sus cabeceras y omite los de antes de la ventana', async () => {
    const libro = new LibroEntregasSesLocal(url);
    const out = await libro.buscar('camp-1', ['cli-1', 'cli-2', 'cli-3', 'cli-4', 'cli-5'], ahora);
    expect([...out.entries()].sort()).toEqual([
      ['cli-1', 'm-1'],
      ['cli-3', 'm-3'],
    ]);
    expect(pedidos.at(-1)).toMatch(/^\/_aws\/ses\?since=\d+$/);
  });

  it('el formato de aws-ses-v2-local (/store) sigue igual, y uno desconocido es un error', () => {
    const emails = [{ messageId: 'a', at: 1, headers: [{ name: 'X-Cuota-Campana', value: 'c' }] }];
    expect(correosGuardados({ emails })).toEqual(emails);
    expect(() => correosGuardados({ otra: [] })).toThrow(/emails|messages/);
  });
});
