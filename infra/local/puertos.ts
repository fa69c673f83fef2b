import { createServer } from 'node:net';
import { esperarServicio, startCognito } from './services';
import { HOST, type Ports } from './settings';

/**
 * Ports for throw-away stacks in tests. Chosen below Linux's ephemeral range (32768 and up),
 * where outgoing connections take their local ports, and checked by binding them: a port another
 * process listens on, or holds for a connection, is skipped.
 */
const DESDE = 20_000;
const HASTA = 32_000;

function libre(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, HOST, () => server.close(() => resolve(true)));
  });
}

/** The first of `n` consecutive loopback ports that are free now. */
export async function puertosLibres(n = 5): Promise<number> {
  for (let intento = 0; intento < 200; intento++) {
    const base = DESDE + Math.floor(Math.random() * (HASTA - DESDE - n));
    let todos = true;
    for (let p = base; p < base + n && todos; p++) todos = await libre(p);
    if (todos) return base;
  }
  throw new Error(`no hay ${n} puertos libres seguidos entre ${DESDE} y ${HASTA}`);
}

/** A local stack's five ports, free now. */
export async function puertosDePrueba(): Promise<Ports> {
  const base = await puertosLibres(5);
  return { web: base, dynamodb: base + 1, cognito: base + 2, ses: base + 3, control: base + 4 };
}

/**
 * cognito-local on ports that were free a moment ago. Another test file may take one of them
 * before the emulator binds it; the emulator then exits, and it is started again on other ports.
 */
export async function arrancarCognitoDePrueba() {
  for (let intento = 1; ; intento++) {
    const ports = await puertosDePrueba();
    const service = startCognito(ports, false);
    try {
      await esperarServicio(service, ports.cognito, 45_000);
      return { ports, service };
    } catch (error) {
      service.process.kill('SIGKILL');
      if (intento === 3) throw error;
    }
  }
}
