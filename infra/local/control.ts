import { TRIGGERS } from '@cuota/functions/manifest';
import type { IncomingMessage, RequestListener } from 'node:http';
import { autorizadoEnControl } from './control-clave';
import { lambdaContext, loadHandler } from './handlers';
import { ServicioIniciando } from './scheduler';
import { CLAVE_DE_CONTROL } from './settings';
import { responderIniciando } from './web';
import type { LocalWebSocketApi } from './websocket';

/**
 * The internal control port (loopback only), standing in for AWS services that call back into
 * the app: Lambda Invoke for the Cognito triggers (cognito-local's LambdaClient points here),
 * API Gateway's `@connections` management API, and, when given, a job runner (`POST /jobs/<name>`).
 * The local stack and the security suites' stack use this same handler.
 * Until `ready()` a job is answered 503 SERVICE_STARTING and not run (the demo data is still being
 * written); the trigger endpoint works from the start, since seeding the demo users needs it.
 */
export function controlHandler(opts: {
  ws: LocalWebSocketApi;
  runJob?: (name: string, input: Record<string, unknown>) => Promise<unknown>;
  ready?: () => boolean;
  clave?: string;
}): RequestListener {
  const clave = opts.clave ?? CLAVE_DE_CONTROL;
  return async (req, res) => {
    if (!autorizadoEnControl(req, clave)) {
      req.resume();
      res.writeHead(403, { 'content-type': 'application/json' });
      return void res.end(JSON.stringify({ message: 'Forbidden' }));
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    const invoke = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
    const connection = /^\/@connections\/([^/]+)$/.exec(url.pathname);
    const job = /^\/jobs\/([^/]+)$/.exec(url.pathname);
    try {
      if (invoke && req.method === 'POST') {
        const trigger = TRIGGERS.find((t) => t.id === decodeURIComponent(invoke[1]!));
        if (!trigger) return void res.writeHead(404).end();
        const handler = await loadHandler(trigger.handler);
        const event: unknown = JSON.parse((await leer(req)) || 'null');
        let result: unknown;
        try {
          result = await handler(event, lambdaContext(trigger.id));
        } catch (error) {
          // As Lambda answers a function that threw: 200, X-Amz-Function-Error, the error as payload;
          // Cognito then refuses the call with UserLambdaValidationException and the message.
          res.writeHead(200, { 'content-type': 'application/json', 'x-amz-function-error': 'Unhandled' });
          return void res.end(JSON.stringify({ errorType: (error as Error).name, errorMessage: (error as Error).message }));
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify(result));
      }
      if (connection) return void (await opts.ws.manage(req, res, decodeURIComponent(connection[1]!)));
      if (job && req.method === 'POST' && opts.runJob) {
        if (opts.ready && !opts.ready()) {
          req.resume();
          return void responderIniciando(res);
        }
        const body = await leer(req);
        const input: unknown = body ? JSON.parse(body) : {};
        if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new SyntaxError('not an object');
        const result = await opts.runJob(job[1]!, input as Record<string, unknown>);
        res.writeHead(200, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify(result ?? null));
      }
      res.writeHead(404).end();
    } catch (error) {
      if (error instanceof ServicioIniciando) return void responderIniciando(res);
      // a body that is not JSON, or a name whose %-encoding does not decode: the caller's mistake
      if (error instanceof SyntaxError || error instanceof URIError) {
        res.writeHead(400, { 'content-type': 'application/json' });
        return void res.end(JSON.stringify({ message: 'Solicitud inválida / Bad request' }));
      }
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ message: (error as Error).message }));
    }
  };
}

async function leer(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
