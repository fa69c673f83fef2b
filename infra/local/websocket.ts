import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, type WebSocket } from 'ws';
import { WEBSOCKET_ROUTES } from '@cuota/functions/manifest';
import { lambdaContext, loadHandler } from './handlers';

const handlerFor = (routeKey: string) => WEBSOCKET_ROUTES.find((r) => r.routeKey === routeKey)!.handler;

/**
 * API Gateway WebSocket API stand-in: `$connect` (a non-200 answer rejects the upgrade),
 * `$disconnect`, `$default`, and the `@connections` management endpoints that
 * @aws-sdk/client-apigatewaymanagementapi calls.
 */
export class LocalWebSocketApi {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 128 * 1024 });
  private readonly sockets = new Map<string, { socket: WebSocket; connectedAt: number; sourceIp: string }>();

  private event(routeKey: string, eventType: string, connectionId: string, extra: Record<string, unknown> = {}) {
    return {
      requestContext: {
        routeKey,
        eventType,
        connectionId,
        requestId: randomUUID(),
        apiId: 'local',
        stage: 'local',
        domainName: '127.0.0.1',
        connectedAt: this.sockets.get(connectionId)?.connectedAt ?? Date.now(),
      },
      isBase64Encoded: false,
      ...extra,
    };
  }

  private async invoke(routeKey: string, event: unknown): Promise<{ statusCode?: number; body?: string }> {
    const handler = await loadHandler(handlerFor(routeKey));
    return ((await handler(event, lambdaContext(routeKey))) ?? {}) as { statusCode?: number; body?: string };
  }

  async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const connectionId = randomUUID().replace(/-/g, '').slice(0, 16) + '=';
    const query = Object.fromEntries(url.searchParams.entries());
    let result: { statusCode?: number };
    try {
      result = await this.invoke(
        '$connect',
        this.event('$connect', 'CONNECT', connectionId, { queryStringParameters: query, headers: req.headers }),
      );
    } catch (error) {
      console.error('[ws] $connect falló', error);
      result = { statusCode: 500 };
    }
    const status = result.statusCode ?? 200;
    if (status !== 200) {
      socket.write(
        `HTTP/1.1 ${status === 401 ? '401 Unauthorized' : `${status} Error`}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
      );
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      this.sockets.set(connectionId, { socket: ws, connectedAt: Date.now(), sourceIp: req.socket.remoteAddress ?? '' });
      ws.on('message', (data) => {
        void this.invoke('$default', this.event('$default', 'MESSAGE', connectionId, { body: data.toString() }))
          .then((r) => {
            if (r.body && ws.readyState === ws.OPEN) ws.send(r.body);
          })
          .catch((error) => console.error('[ws] $default falló', error));
      });
      ws.on('close', () => {
        this.sockets.delete(connectionId);
        void this.invoke('$disconnect', this.event('$disconnect', 'DISCONNECT', connectionId)).catch((error) =>
          console.error('[ws] $disconnect falló', error),
        );
      });
    });
  }

  /** `POST|GET|DELETE /@connections/{id}`; 410 Gone for unknown connections, as on AWS. */
  async manage(req: IncomingMessage, res: ServerResponse, connectionId: string): Promise<void> {
    const entry = this.sockets.get(connectionId);
    if (!entry || entry.socket.readyState !== entry.socket.OPEN) {
      res.writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' });
      res.end(JSON.stringify({ message: 'GoneException' }));
      return;
    }
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      try {
        for await (const chunk of req) chunks.push(chunk as Buffer);
      } catch {
        return void res.destroy(); // the caller went away mid-body: nothing to deliver
      }
      entry.socket.send(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200).end();
    } else if (req.method === 'DELETE') {
      entry.socket.close(1000);
      res.writeHead(204).end();
    } else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          ConnectedAt: new Date(entry.connectedAt).toISOString(),
          Identity: { SourceIp: entry.sourceIp },
          LastActiveAt: new Date().toISOString(),
        }),
      );
    }
  }

  close(): void {
    for (const { socket } of this.sockets.values()) socket.terminate();
    this.wss.close();
  }
}
