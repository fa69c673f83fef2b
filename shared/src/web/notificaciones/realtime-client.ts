import { backoffDelay } from './backoff';

/** What the server pushes on `/ws` (api.md "WebSocket /ws"); `pong` answers our keep-alive. */
export interface RealtimeMessage {
  type: string;
  data?: unknown;
}

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'offline' | 'stopped';

/** The part of the browser WebSocket the client uses, so tests can hand in a fake. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface RealtimeClientOptions {
  /** The configured WebSocket URL (RuntimeConfig.wsUrl), without the token. */
  url: () => string;
  /** The current Cognito ID token; asked again on every (re)connect so an expired one is refreshed. */
  getToken: () => Promise<string | null>;
  onMessage: (message: RealtimeMessage) => void;
  /** After a reconnect (not the first connect): pushes sent while away were missed, catch up. */
  onReconnect?: () => void;
  onStatus?: (status: RealtimeStatus) => void;
  createSocket?: SocketFactory;
  /** Where `online` / `offline` events arrive (window); null disables the offline pause. */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
  isOnline?: () => boolean;
  random?: () => number;
  /** A connection open this long counts as stable: the back-off starts again from 1 s. */
  stableAfterMs?: number;
  /** Keep-alive period; API Gateway closes a WebSocket idle for 10 minutes. */
  heartbeatMs?: number;
}

const OPEN = 1;

/** `wsUrl` + `?token=`; a relative or http(s) URL is turned into ws(s) on the page's origin. */
export function socketUrl(
  base: string,
  token: string,
  pageUrl: string = globalThis.location?.href ?? 'http://localhost/',
): string {
  const url = new URL(base, pageUrl);
  if (url.protocol === 'http:') url.protocol = 'ws:';
  if (url.protocol === 'https:') url.protocol = 'wss:';
  url.searchParams.set('token', token);
  return url.toString();
}

function parse(data: unknown): RealtimeMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
      return value as RealtimeMessage;
    }
  } catch {
    // not JSON: nothing for us
  }
  return null;
}

/**
 * The browser side of `/ws`: connects with the current ID token, reconnects with exponential
 * back-off and jitter (1 s … 30 s, reset once a connection has been stable), pauses while the
 * browser is offline and reconnects at once when it is back, and stops for good on stop()
 * (sign-out or unmount). Framework-free; the React hook wires it to the query cache.
 */
export class RealtimeClient {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private started = false;
  private everOpened = false;
  /** Bumped by stop/offline so a connect still waiting for its token gives up. */
  private generation = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private stableTimer: ReturnType<typeof setTimeout> | undefined;
  private heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  private status: RealtimeStatus = 'idle';
  private readonly createSocket: SocketFactory;
  private readonly events: RealtimeClientOptions['events'];
  private readonly isOnline: () => boolean;

  constructor(private readonly options: RealtimeClientOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.events = options.events === undefined ? (typeof window === 'undefined' ? null : window) : options.events;
    this.isOnline = options.isOnline ?? (() => globalThis.navigator?.onLine ?? true);
  }

  get currentStatus(): RealtimeStatus {
    return this.status;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.events?.addEventListener('online', this.handleOnline);
    this.events?.addEventListener('offline', this.handleOffline);
    void this.connect();
  }

  stop(): void {
    if (!this.started) return;
    this.started = false;
    this.events?.removeEventListener('online', this.handleOnline);
    this.events?.removeEventListener('offline', this.handleOffline);
    this.teardown();
    this.setStatus('stopped');
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  /** Drops the socket and every timer without scheduling anything. */
  private teardown(): void {
    this.generation += 1;
    clearTimeout(this.reconnectTimer);
    this.clearConnectionTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onmessage = socket.onerror = null;
      try {
        socket.close(1000);
      } catch {
        // already closed
      }
    }
  }

  private clearConnectionTimers(): void {
    clearTimeout(this.stableTimer);
    clearInterval(this.heartbeatTimer);
  }

  private readonly handleOffline = () => {
    if (!this.started) return;
    this.teardown();
    this.setStatus('offline');
  };

  private readonly handleOnline = () => {
    if (!this.started || this.socket) return;
    clearTimeout(this.reconnectTimer);
    this.attempt = 0;
    void this.connect();
  };

  private scheduleReconnect(): void {
    if (!this.started) return;
    const delay = backoffDelay(this.attempt, { random: this.options.random });
    this.attempt += 1;
    this.setStatus('waiting');
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connect(), delay);
  }

  private async connect(): Promise<void> {
    if (!this.started || this.socket) return;
    if (!this.isOnline()) {
      this.setStatus('offline');
      return;
    }
    const generation = ++this.generation;
    this.setStatus('connecting');
    let token: string | null = null;
    try {
      token = await this.options.getToken();
    } catch {
      token = null;
    }
    if (generation !== this.generation || !this.started) return;
    if (!token) return this.scheduleReconnect();

    let socket: SocketLike;
    try {
      socket = this.createSocket(socketUrl(this.options.url(), token));
    } catch {
      return this.scheduleReconnect();
    }
    this.socket = socket;
    socket.onopen = () => {
      this.setStatus('open');
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.stableTimer = setTimeout(() => {
        this.attempt = 0;
      }, this.options.stableAfterMs ?? 10_000);
      this.heartbeatTimer = setInterval(
        () => {
          if (socket.readyState === OPEN) socket.send(JSON.stringify({ action: 'ping' }));
        },
        this.options.heartbeatMs ?? 5 * 60_000,
      );
      if (reconnected) this.options.onReconnect?.();
    };
    socket.onmessage = (event) => {
      const message = parse(event.data);
      if (message) this.options.onMessage(message);
    };
    // A refused upgrade (401) or a dropped connection both end here; `error` is always followed by `close`.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearConnectionTimers();
      if (!this.isOnline()) return this.setStatus('offline');
      this.scheduleReconnect();
    };
  }
}
