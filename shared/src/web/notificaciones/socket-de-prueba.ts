import type { SocketLike } from './realtime-client';

/** A WebSocket stand-in a test drives by hand: open(), receive() or push(), drop(); it keeps what was sent. */
export class FakeSocket implements SocketLike {
  readyState = 0;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onerror: SocketLike['onerror'] = null;
  sent: string[] = [];
  closedWith: number | undefined;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.readyState = 3;
    this.closedWith = code;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  receive(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  /** Receives `data` as the server sends it (JSON). */
  push(data: unknown) {
    this.receive(JSON.stringify(data));
  }
  drop() {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}
