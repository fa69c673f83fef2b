import { connect, type Socket } from 'node:net';

/** What came back on a raw connection: the status of the first answer (null: none) and the text. */
export interface Crudo {
  status: number | null;
  texto: string;
}

/**
 * Writes raw bytes to a loopback port and reads what comes back. `fin` says how the client
 * leaves: 'medio' waits `paciencia` ms (250) for the answer, then half-closes (a request left waiting for
 * more sees its end); 'abortar' cuts the connection `tras` ms after writing (a body left in the
 * middle), 'reset' the same with a TCP reset. Resolves when the server closes, or after `esperaMs`.
 */
export function crudo(
  port: number,
  partes: Array<string | Buffer>,
  opts: { fin?: 'medio' | 'abortar' | 'reset'; tras?: number; paciencia?: number; esperaMs?: number } = {},
): Promise<Crudo> {
  const fin = opts.fin ?? 'medio';
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket: Socket = connect({ host: '127.0.0.1', port });
    let hecho = false;
    const terminar = () => {
      if (hecho) return;
      hecho = true;
      clearTimeout(limite);
      socket.destroy();
      const texto = Buffer.concat(chunks).toString('latin1');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(texto);
      resolve({ status: m ? Number(m[1]) : null, texto });
    };
    const limite = setTimeout(terminar, opts.esperaMs ?? 3_000);
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', terminar);
    socket.on('close', terminar);
    socket.on('connect', () => {
      for (const p of partes) socket.write(p);
      if (fin === 'medio') setTimeout(() => socket.end(), opts.paciencia ?? 250);
      else
        setTimeout(() => {
          if (fin === 'reset') socket.resetAndDestroy();
          else socket.destroy();
          terminar();
        }, opts.tras ?? 50);
    });
  });
}

/** A complete HTTP/1.1 request, `Connection: close`. */
export function peticion(metodo: string, ruta: string, cabeceras: Record<string, string> = {}, cuerpo?: string | Buffer): Buffer {
  const lineas = [`${metodo} ${ruta} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
  for (const [k, v] of Object.entries(cabeceras)) lineas.push(`${k}: ${v}`);
  if (cuerpo !== undefined && !Object.keys(cabeceras).some((k) => /^(content-length|transfer-encoding)$/i.test(k)))
    lineas.push(`Content-Length: ${Buffer.byteLength(cuerpo)}`);
  return Buffer.concat([Buffer.from(`${lineas.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(cuerpo ?? '')]);
}

/** The body of a raw answer (after the blank line), chunked framing removed. */
export function cuerpoDe(texto: string): string {
  const corte = texto.indexOf('\r\n\r\n');
  let cuerpo = texto.slice(corte + 4);
  if (/^transfer-encoding: chunked\r?$/im.test(texto.slice(0, corte))) {
    let plano = '';
    for (;;) {
      const fin = cuerpo.indexOf('\r\n');
      const n = parseInt(cuerpo.slice(0, fin), 16);
      if (!(n > 0)) break;
      plano += cuerpo.slice(fin + 2, fin + 2 + n);
      cuerpo = cuerpo.slice(fin + 2 + n + 2);
    }
    cuerpo = plano;
  }
  return Buffer.from(cuerpo, 'latin1').toString('utf8');
}
