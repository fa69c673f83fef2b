import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crudo, cuerpoDe, peticion, type Crudo } from './crudo';
import { detenerPila, esperarLista, lanzarPila, puertosLibres, type Hija } from './pila-hija';

/*
 * Malformed HTTP, over raw TCP, at every port `npm start` opens: the origin (static pages, /api,
 * /cognito, /ws), DynamoDB Local, cognito-local, the SES emulator and the control port. The stack
 * runs as a child process (infra/local/start.ts), so a request that crashes a server shows as a
 * port that stops answering. After every case each port must still answer a good request; our
 * own servers must answer a bad request 4xx, never 500 (an unexpected error).
 * FUZZ_RUNS sets the number of generated requests per port, FUZZ_SEED replays a run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

let base = 0;
let hija: Hija;

type Nombre = 'origen' | 'dynamodb' | 'cognito' | 'ses' | 'control';
const DESPLAZAMIENTO: Record<Nombre, number> = { origen: 0, dynamodb: 1, cognito: 2, ses: 3, control: 4 };
const puerto = (n: Nombre) => base + DESPLAZAMIENTO[n];

/** A good request per port and the status it gets (null: any HTTP answer; third-party emulators answer a bare GET as they like). */
const SANA: Record<Nombre, [Buffer, number | null]> = {
  origen: [peticion('GET', '/healthz'), 200],
  dynamodb: [peticion('GET', '/'), null],
  cognito: [peticion('GET', '/'), null],
  ses: [peticion('GET', '/health-check'), 200],
  // without the per-start key the control port refuses everything with 403: alive, and nothing ran
  control: [peticion('GET', '/nada'), 403],
};

async function sigueViva(n: Nombre, caso: string): Promise<void> {
  const [sana, esperado] = SANA[n];
  const r = await crudo(puerto(n), [sana], { paciencia: 3_000 });
  expect(hija.child.exitCode, `la pila terminó tras ${caso}:\n${hija.salida()}`).toBeNull();
  expect(r.status, `${n} no respondió tras ${caso}:\n${hija.salida()}`).not.toBeNull();
  if (esperado !== null) expect(r.status, `${n} tras ${caso}`).toBe(esperado);
}

beforeAll(async () => {
  base = await puertosLibres();
  hija = lanzarPila(base);
  await esperarLista(hija, base);
}, 120_000);
afterAll(async () => {
  if (hija) await detenerPila(hija);
});

describe('las peticiones que tumbaban el origen local', () => {
  it('GET /%ff: 400 y el origen sigue sirviendo', async () => {
    const r = await crudo(base, [peticion('GET', '/%ff')], { paciencia: 3_000 });
    expect(r.status).toBe(400);
    expect(r.texto).toMatch(/^x-frame-options: DENY\r$/im); // the origin's security headers, as on every answer
    await sigueViva('origen', 'GET /%ff');
  });

  it('GET /api/clientes/%ff: 400 en español (no 404 ni 500)', async () => {
    const r = await crudo(base, [peticion('GET', '/api/clientes/%ff')], { paciencia: 3_000 });
    expect(r.status).toBe(400);
    expect(JSON.parse(cuerpoDe(r.texto))).toEqual({ code: 'BAD_REQUEST', message: 'La dirección de la solicitud no es válida' });
    await sigueViva('origen', 'GET /api/clientes/%ff');
  });

  it('la línea de petición GET http://[ : 400', async () => {
    const r = await crudo(base, [peticion('GET', 'http://[')], { paciencia: 3_000 });
    expect(r.status).toBe(400);
    await sigueViva('origen', 'GET http://[');
  });

  it('/cognito con el cuerpo `{`: una respuesta y el origen sigue sirviendo', async () => {
    for (const target of ['GetTokensFromRefreshToken', 'InitiateAuth']) {
      const r = await crudo(
        base,
        [
          peticion(
            'POST',
            '/cognito',
            { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
            '{',
          ),
        ],
        { paciencia: 3_000 },
      );
      expect(r.status, target).not.toBeNull();
      await sigueViva('origen', `/cognito ${target} {`);
    }
  });

  it('un cliente que corta un POST a mitad del cuerpo (API pública y /cognito)', async () => {
    for (const ruta of ['/api/auth/restablecer-contrasena', '/cognito']) {
      for (const fin of ['abortar', 'reset'] as const) {
        const cabeza = peticion('POST', ruta, { 'content-type': 'application/json', 'content-length': '100' });
        await crudo(base, [cabeza, '{"correo":"a'], { fin, tras: 100 });
        await sigueViva('origen', `POST ${ruta} cortado (${fin})`);
      }
    }
  });

  it('/ws: un upgrade cortado con reset mientras se acepta', async () => {
    const upgrade = peticion('GET', '/ws', {
      Upgrade: 'websocket',
      Connection: 'Upgrade',
      'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
      'Sec-WebSocket-Version': '13',
    });
    for (const tras of [0, 5, 50]) {
      await crudo(base, [upgrade], { fin: 'reset', tras });
      await sigueViva('origen', `upgrade /ws con reset a los ${tras} ms`);
    }
  });
});

/** Hand-written malformed requests for a path: bad %-encodings, request lines, headers, framing, bytes, methods. */
function casos(ruta: string): Array<[string, Array<string | Buffer>, 'medio' | 'abortar' | 'reset']> {
  const r = (s: string) => Buffer.from(s, 'latin1');
  const linea = (l: string, extra = '') => r(`${l}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${extra}\r\n`);
  const post = (extra: string, cuerpo: string) =>
    r(`POST ${ruta} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n${extra}\r\n${cuerpo}`);
  return [
    ...['%', '%f', '%ff', '%zz', '%c0%af', '%00', '..%2f..%2f..%2fetc%2fpasswd', '%ed%a0%80', '?a=%ff&b=%', '#%ff'].map(
      (s): [string, Buffer[], 'medio'] => [`ruta ${s}`, [linea(`GET ${ruta}${s} HTTP/1.1`)], 'medio'],
    ),
    ['línea vacía', [r('\r\n\r\n')], 'medio'],
    ['sin versión', [linea(`GET ${ruta}`)], 'medio'],
    ['versión 9.9', [linea(`GET ${ruta} HTTP/9.9`)], 'medio'],
    ['espacios de más', [linea(`GET  ${ruta}  HTTP/1.1`)], 'medio'],
    ['NUL en la ruta', [linea(`GET ${ruta}\0x HTTP/1.1`)], 'medio'],
    ['forma absoluta http://[', [linea('GET http://[ HTTP/1.1')], 'medio'],
    ['forma absoluta a la API', [linea('GET http://x/api/clientes/%ff HTTP/1.1')], 'medio'],
    ['OPTIONS *', [linea('OPTIONS * HTTP/1.1')], 'medio'],
    ['CONNECT', [linea('CONNECT 127.0.0.1:1 HTTP/1.1')], 'medio'],
    ['método inventado', [linea(`FOO ${ruta} HTTP/1.1`)], 'medio'],
    ['método con control', [linea(`G\x01T ${ruta} HTTP/1.1`)], 'medio'],
    ['método en minúsculas', [linea(`get ${ruta} HTTP/1.1`)], 'medio'],
    ['cabecera enorme', [linea(`GET ${ruta} HTTP/1.1`, `X-Grande: ${'a'.repeat(40_000)}\r\n`)], 'medio'],
    ['mil cabeceras', [linea(`GET ${ruta} HTTP/1.1`, 'X-A: b\r\n'.repeat(1_000))], 'medio'],
    ['nombre de cabecera con espacio', [linea(`GET ${ruta} HTTP/1.1`, 'Mala Cabecera: x\r\n')], 'medio'],
    ['cabecera con NUL', [linea(`GET ${ruta} HTTP/1.1`, 'X-A: a\0b\r\n')], 'medio'],
    ['cabecera plegada', [linea(`GET ${ruta} HTTP/1.1`, 'X-A: a\r\n b\r\n')], 'medio'],
    ['cabecera sin dos puntos', [linea(`GET ${ruta} HTTP/1.1`, 'XA\r\n')], 'medio'],
    [
      'bytes no UTF-8 en la ruta',
      [
        Buffer.concat([
          r(`GET ${ruta}`),
          Buffer.from([0xff, 0xfe, 0xc3]),
          r(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'),
        ]),
      ],
      'medio',
    ],
    [
      'bytes no UTF-8 en una cabecera',
      [
        Buffer.concat([
          r(`GET ${ruta} HTTP/1.1\r\nHost: x\r\nX-A: `),
          Buffer.from([0xff, 0xc3, 0x28]),
          r('\r\nConnection: close\r\n\r\n'),
        ]),
      ],
      'medio',
    ],
    ['host con forma absoluta', [linea(`GET ${ruta} HTTP/1.1`, 'Host: [::\r\n')], 'medio'],
    ['chunked mal formado', [post('Transfer-Encoding: chunked\r\n', 'zz\r\nhola\r\n0\r\n\r\n')], 'medio'],
    ['chunked truncado', [post('Transfer-Encoding: chunked\r\n', '10\r\nho')], 'medio'],
    ['chunked con tamaño enorme', [post('Transfer-Encoding: chunked\r\n', 'ffffffffffffffffff\r\nx\r\n')], 'medio'],
    ['Content-Length y chunked', [post('Content-Length: 4\r\nTransfer-Encoding: chunked\r\n', '0\r\n\r\n')], 'medio'],
    ['dos Content-Length distintos', [post('Content-Length: 1\r\nContent-Length: 2\r\n', 'ab')], 'medio'],
    ['Content-Length negativo', [post('Content-Length: -1\r\n', '')], 'medio'],
    ['Content-Length no numérico', [post('Content-Length: abc\r\n', '')], 'medio'],
    ['cuerpo truncado', [post('Content-Length: 100\r\nContent-Type: application/json\r\n', '{"a":')], 'medio'],
    [
      'cuerpo no UTF-8',
      [Buffer.concat([post('Content-Length: 3\r\nContent-Type: application/json\r\n', ''), Buffer.from([0xff, 0xfe, 0x7b])])],
      'medio',
    ],
    ['cuerpo cortado', [post('Content-Length: 1000\r\nContent-Type: application/json\r\n', '{"a":"')], 'abortar'],
    ['cuerpo cortado con reset', [post('Content-Length: 1000\r\nContent-Type: application/json\r\n', '{"a":"')], 'reset'],
    ['cabeceras cortadas', [r(`GET ${ruta} HTTP/1.1\r\nHost: x\r\nX-A: `)], 'reset'],
  ];
}

/** Paths of the origin the cases go to: static pages, the API (a customer route, a public route with a body), Cognito, the WebSocket path. */
const RUTAS_ORIGEN = ['/', '/api/clientes/1', '/api/auth/restablecer-contrasena', '/cognito', '/ws'];
const RUTAS: Record<Nombre, string[]> = {
  origen: RUTAS_ORIGEN,
  dynamodb: ['/'],
  cognito: ['/'],
  ses: ['/v2/email/outbound-emails', '/store', '/get-emlContent'],
  control: ['/2015-03-31/functions/pre-sign-up/invocations', '/@connections/x'],
};

/**
 * Our own servers answer a bad request 4xx: a 500 would be an unexpected error. Not checked: the
 * third-party emulators (DynamoDB Local, cognito-local): there only survival is checked.
 */
function sinErrorInterno(n: Nombre, ruta: string, caso: string, r: Crudo): void {
  if (n === 'dynamodb' || n === 'cognito') return;
  expect(r.status, `${n} ${ruta} ${caso}: ${r.texto.slice(0, 300)}`).not.toBe(500);
}

describe.each(Object.keys(DESPLAZAMIENTO) as Nombre[])('peticiones mal formadas al puerto %s', (n) => {
  it('cada una tiene respuesta (o un corte) y el puerto sigue respondiendo', async () => {
    for (const ruta of RUTAS[n]) {
      for (const [caso, partes, fin] of casos(ruta)) {
        const r = await crudo(puerto(n), partes, { fin });
        sinErrorInterno(n, ruta, caso, r);
        await sigueViva(n, `${ruta} ${caso}`);
      }
    }
  });

  it('basura generada (fast-check): el puerto sigue respondiendo', async () => {
    const segmento = fc.oneof(
      fc.constantFrom('%', '%f', '%ff', '%zz', '%00', '..', '/', '?', '#', '%2e%2e', 'é', '\u{1F4B8}', '{id}', '*'),
      fc.string({ maxLength: 8 }),
    );
    const ruta = fc.tuple(fc.constantFrom(...RUTAS[n], 'http://[', 'http://x', ''), fc.array(segmento, { maxLength: 6 }));
    const cabecera = fc.tuple(
      fc.oneof(
        fc.constantFrom('Content-Length', 'Transfer-Encoding', 'Upgrade', 'Connection', 'Host', 'Expect', 'Content-Type'),
        fc.string({ maxLength: 12 }),
      ),
      fc.oneof(
        fc.constantFrom('chunked', 'websocket', 'Upgrade', '-1', '99999999999', '100-continue', ''),
        fc.string({ maxLength: 20 }),
      ),
    );
    const armada = fc
      .record({
        metodo: fc.oneof(
          fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH'),
          fc.string({ maxLength: 6 }),
        ),
        ruta,
        version: fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2', ''),
        cabeceras: fc.array(cabecera, { maxLength: 5 }),
        cuerpo: fc.uint8Array({ maxLength: 64 }),
        fin: fc.constantFrom('medio' as const, 'medio' as const, 'abortar' as const, 'reset' as const),
      })
      .map(({ metodo, ruta: [inicio, segs], version, cabeceras, cuerpo, fin }) => {
        const texto = [
          `${metodo} ${inicio}${segs.join('')} ${version}`,
          'Connection: close',
          ...cabeceras.map(([k, v]) => `${k}: ${v}`),
        ];
        return {
          ruta: inicio,
          partes: [Buffer.from(`${texto.join('\r\n')}\r\n\r\n`, 'utf8'), Buffer.from(cuerpo)],
          fin,
        };
      });
    const bytes = fc.uint8Array({ minLength: 1, maxLength: 200 }).map((b) => ({
      ruta: '',
      partes: [Buffer.from(b), Buffer.from('\r\n\r\n')],
      fin: 'medio' as const,
    }));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ arbitrary: armada, weight: 3 }, { arbitrary: bytes, weight: 1 }),
        async ({ ruta: r0, partes, fin }) => {
          const r = await crudo(puerto(n), partes, { fin, paciencia: 300, esperaMs: 1_500 });
          sinErrorInterno(n, r0, 'generada', r);
          await sigueViva(n, `basura ${JSON.stringify(Buffer.concat(partes).toString('latin1').slice(0, 200))}`);
        },
      ),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
