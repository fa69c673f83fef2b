import { ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * Every SDK client of the functions resolves its endpoint from the SDK's standard variables, so one
 * AWS_ENDPOINT_URL (LocalStack) reaches them all and a per-service variable wins over it. Checked
 * by pointing them at tiny HTTP servers and making one call with each client: the table's
 * (#commons/db), the user pool's (#commons/cognito) and the campaign sender's SESv2 client
 * (comunicacion/correo). The @connections clients take WS_CALLBACK_URL explicitly (no variable
 * of the SDK applies to them).
 */
interface Pedido {
  target: string | undefined;
  path: string;
}

async function servidor(): Promise<{ server: Server; url: string; pedidos: Pedido[] }> {
  const pedidos: Pedido[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    req.resume();
    req.on('end', () => {
      const target = req.headers['x-amz-target'] as string | undefined;
      pedidos.push({ target, path: req.url ?? '' });
      if (target?.startsWith('DynamoDB_')) {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        return void res.end('{}');
      }
      if (target?.startsWith('AWSCognitoIdentityProviderService.')) {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' });
        return void res.end('{"Users":[]}');
      }
      if (req.url?.startsWith('/v2/email/outbound-emails')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end('{"MessageId":"msg-prueba"}');
      }
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pedidos };
}

const VARIABLES = [
  'AWS_ENDPOINT_URL',
  'AWS_ENDPOINT_URL_DYNAMODB',
  'AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER',
  'AWS_ENDPOINT_URL_SESV2',
] as const;

/** Fresh modules (the clients are built once per module), one call with each client. */
async function unaLlamadaPorCliente(): Promise<void> {
  vi.resetModules();
  const { ddb } = await import('#commons/db');
  const { cognito } = await import('#commons/cognito');
  const { CorreoSes } = await import('../features/comunicacion/correo');
  await ddb.send(new GetCommand({ TableName: 'cuota', Key: { pk: 'a', sk: 'b' } }));
  await cognito.send(new ListUsersCommand({ UserPoolId: 'us-east-1_prueba' }));
  const enviado = await new CorreoSes('no-responder@cuota.cr').enviar({
    campanaId: 'c1',
    destinatarioId: 'd1',
    para: 'ana@correo.cr',
    asunto: 'Aviso',
    html: '<p>Hola</p>',
    texto: 'Hola',
  });
  expect(enviado.messageId).toBe('msg-prueba');
}

const recibidos = (pedidos: Pedido[]) => ({
  dynamodb: pedidos.filter((p) => p.target === 'DynamoDB_20120810.GetItem').length,
  cognito: pedidos.filter((p) => p.target === 'AWSCognitoIdentityProviderService.ListUsers').length,
  sesv2: pedidos.filter((p) => p.path === '/v2/email/outbound-emails').length,
});

describe('endpoints de los clientes del SDK', () => {
  let general: Awaited<ReturnType<typeof servidor>>;
  let propio: Awaited<ReturnType<typeof servidor>>;
  const antes: Partial<Record<string, string>> = {};

  beforeAll(async () => {
    general = await servidor();
    propio = await servidor();
    for (const v of VARIABLES) antes[v] = process.env[v];
  });
  beforeEach(() => {
    general.pedidos.length = 0;
    propio.pedidos.length = 0;
    for (const v of VARIABLES) delete process.env[v];
  });
  afterEach(() => {
    for (const v of VARIABLES) {
      if (antes[v] === undefined) delete process.env[v];
      else process.env[v] = antes[v];
    }
    vi.resetModules();
  });
  afterAll(() => {
    general.server.close();
    propio.server.close();
  });

  it('AWS_ENDPOINT_URL lleva DynamoDB, Cognito y SESv2 al mismo endpoint', async () => {
    process.env.AWS_ENDPOINT_URL = general.url;
    await unaLlamadaPorCliente();
    expect(recibidos(general.pedidos)).toEqual({ dynamodb: 1, cognito: 1, sesv2: 1 });
  });

  it('una variable por servicio gana a AWS_ENDPOINT_URL', async () => {
    process.env.AWS_ENDPOINT_URL = general.url;
    process.env.AWS_ENDPOINT_URL_DYNAMODB = propio.url;
    process.env.AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER = propio.url;
    process.env.AWS_ENDPOINT_URL_SESV2 = propio.url;
    await unaLlamadaPorCliente();
    expect(recibidos(propio.pedidos)).toEqual({ dynamodb: 1, cognito: 1, sesv2: 1 });
    expect(general.pedidos).toEqual([]);
  });

  it('solo la de un servicio: ese va a su endpoint y el resto a AWS_ENDPOINT_URL', async () => {
    process.env.AWS_ENDPOINT_URL = general.url;
    process.env.AWS_ENDPOINT_URL_SESV2 = propio.url;
    await unaLlamadaPorCliente();
    expect(recibidos(general.pedidos)).toEqual({ dynamodb: 1, cognito: 1, sesv2: 0 });
    expect(recibidos(propio.pedidos)).toEqual({ dynamodb: 0, cognito: 0, sesv2: 1 });
  });
});
