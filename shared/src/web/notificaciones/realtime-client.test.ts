import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RealtimeClient, socketUrl, type RealtimeClientOptions } from './realtime-client';
import { FakeSocket } from './socket-de-prueba';

let sockets: FakeSocket[];
let online: boolean;
let events: EventTarget;
let tokens: number;

function client(overrides: Partial<RealtimeClientOptions> = {}) {
  const onMessage = vi.fn();
  const onReconnect = vi.fn();
  const c = new RealtimeClient({
    url: () => 'ws://127.0.0.1:3000/ws',
    getToken: async () => `token-${++tokens}`,
    onMessage,
    onReconnect,
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    events,
    isOnline: () => online,
    random: () => 0,
    stableAfterMs: 10_000,
    heartbeatMs: 60_000,
    ...overrides,
  });
  return { c, onMessage, onReconnect };
}

const last = () => sockets[sockets.length - 1]!;
/** Lets the pending getToken promise resolve. */
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  online = true;
  events = new EventTarget();
  tokens = 0;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('socketUrl', () => {
  it('añade el token a la URL configurada y pasa http(s) o rutas relativas a ws(s)', () => {
    expect(socketUrl('ws://127.0.0.1:3000/ws', 'a.b.c')).toBe('ws://127.0.0.1:3000/ws?token=a.b.c');
    expect(socketUrl('wss://x.execute-api.us-east-1.amazonaws.com/prod', 't')).toBe(
      'wss://x.execute-api.us-east-1.amazonaws.com/prod?token=t',
    );
    expect(socketUrl('/ws', 't', 'https://cuota.example/portal')).toBe('wss://cuota.example/ws?token=t');
    expect(socketUrl('/ws', 't+/=', 'http://127.0.0.1:3000/')).toBe('ws://127.0.0.1:3000/ws?token=t%2B%2F%3D');
  });
});

describe('RealtimeClient', () => {
  it('se conecta con el ID token y entrega los mensajes JSON con type', async () => {
    const { c, onMessage } = client();
    c.start();
    await flush();
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe('ws://127.0.0.1:3000/ws?token=token-1');
    last().open();
    expect(c.currentStatus).toBe('open');
    last().receive(JSON.stringify({ type: 'notificacion', data: { id: 'n1' } }));
    last().receive('no es json');
    last().receive(JSON.stringify({ sin: 'tipo' }));
    expect(onMessage).toHaveBeenCalledTimes(1);
    expect(onMessage).toHaveBeenCalledWith({ type: 'notificacion', data: { id: 'n1' } });
    c.stop();
  });

  it('reconecta con espera exponencial y pide un token nuevo en cada intento', async () => {
    const { c } = client();
    c.start();
    await flush();
    last().drop(); // never opened: attempt 0 → 500 ms (random 0 = half of 1 s)
    expect(c.currentStatus).toBe('waiting');
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(last().url).toContain('token=token-2');
    last().drop(); // attempt 1 → 1 s
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);
    last().drop(); // attempt 2 → 2 s
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sockets).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(4);
    expect(last().url).toContain('token=token-4');
    c.stop();
  });

  it('la espera no pasa de 30 s', async () => {
    const { c } = client({ random: () => 1 });
    c.start();
    await flush();
    for (let i = 0; i < 8; i++) {
      last().drop();
      await vi.advanceTimersByTimeAsync(30_000);
    }
    expect(sockets).toHaveLength(9);
    last().drop();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(sockets).toHaveLength(9);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(10);
    c.stop();
  });

  it('vuelve a empezar desde 1 s tras una conexión estable, pero no si se cae enseguida', async () => {
    const { c } = client();
    c.start();
    await flush();
    last().drop();
    await vi.advanceTimersByTimeAsync(500);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_000);
    // open but dropped after 2 s: still backing off (attempt 2 → 2 s)
    last().open();
    await vi.advanceTimersByTimeAsync(2_000);
    last().drop();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sockets).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(4);
    // stable for 10 s: the next wait is the first one again
    last().open();
    await vi.advanceTimersByTimeAsync(10_000);
    last().drop();
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(5);
    c.stop();
  });

  it('avisa al reconectar (no en la primera conexión) para ponerse al día', async () => {
    const { c, onReconnect } = client();
    c.start();
    await flush();
    last().open();
    expect(onReconnect).not.toHaveBeenCalled();
    last().drop();
    await vi.advanceTimersByTimeAsync(500);
    last().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    c.stop();
  });

  it('sin sesión (token nulo) no abre socket y reintenta con espera', async () => {
    let token: string | null = null;
    const { c } = client({ getToken: async () => token });
    c.start();
    await flush();
    expect(sockets).toHaveLength(0);
    expect(c.currentStatus).toBe('waiting');
    token = 'ya-hay-sesion';
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(1);
    expect(last().url).toContain('token=ya-hay-sesion');
    c.stop();
  });

  it('stop() cierra el socket y no vuelve a conectar', async () => {
    const { c } = client();
    c.start();
    await flush();
    const socket = last();
    socket.open();
    c.stop();
    expect(socket.closedWith).toBe(1000);
    expect(c.currentStatus).toBe('stopped');
    socket.drop(); // a late close event from the old socket changes nothing
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
  });

  it('stop() mientras espera el token no abre nada después', async () => {
    let resolve: (t: string) => void = () => undefined;
    const { c } = client({ getToken: () => new Promise<string>((r) => (resolve = r)) });
    c.start();
    c.stop();
    resolve('tarde');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(0);
  });

  it('se pausa sin conexión a internet y reconecta en cuanto vuelve', async () => {
    const { c } = client();
    c.start();
    await flush();
    const socket = last();
    socket.open();
    online = false;
    events.dispatchEvent(new Event('offline'));
    expect(socket.closedWith).toBe(1000);
    expect(c.currentStatus).toBe('offline');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
    online = true;
    events.dispatchEvent(new Event('online'));
    await flush();
    expect(sockets).toHaveLength(2);
    c.stop();
    events.dispatchEvent(new Event('online'));
    await flush();
    expect(sockets).toHaveLength(2);
  });

  it('no intenta conectar si arranca sin conexión', async () => {
    online = false;
    const { c } = client();
    c.start();
    await flush();
    expect(sockets).toHaveLength(0);
    expect(c.currentStatus).toBe('offline');
    online = true;
    events.dispatchEvent(new Event('online'));
    await flush();
    expect(sockets).toHaveLength(1);
    c.stop();
  });

  it('envía un ping periódico mientras está abierto', async () => {
    const { c } = client();
    c.start();
    await flush();
    last().open();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(last().sent).toEqual([JSON.stringify({ action: 'ping' })]);
    c.stop();
  });
});
