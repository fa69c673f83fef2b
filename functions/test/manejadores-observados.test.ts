import { describe, expect, it } from 'vitest';
import { OBSERVADO } from '../src/commons/observabilidad';
import { EVENT_RULES, JOBS, ROUTES, STREAM_CONSUMERS, TRIGGERS, WEBSOCKET_ROUTES } from '../src/manifest';

/**
 * Every Lambda the manifest deploys (routes, Cognito triggers, WebSocket routes, stream consumers,
 * jobs, event rules) exports a `handler` built by `defineRoute` or `conObservabilidad`: the Lambda
 * context on its log lines, its X-Ray subsegment and the ColdStart metric. A handler a merge left
 * unwrapped fails here, named.
 */
describe('manejadores del manifiesto', () => {
  it('cada handler está envuelto en defineRoute o conObservabilidad', async () => {
    const modulos = [
      ...new Set(
        [ROUTES, TRIGGERS, WEBSOCKET_ROUTES, STREAM_CONSUMERS, JOBS, EVENT_RULES].flatMap((l) => l.map((d) => d.handler)),
      ),
    ];
    expect(modulos.length).toBeGreaterThan(100);
    const cargados = await Promise.all(
      modulos.map(
        async (m) =>
          [
            m,
            (await import(/* @vite-ignore */ new URL(`../src/features/${m}.ts`, import.meta.url).href)) as { handler?: unknown },
          ] as const,
      ),
    );
    const sinMarca = cargados
      .filter(([, mod]) => !(typeof mod.handler === 'function' && (mod.handler as { [OBSERVADO]?: boolean })[OBSERVADO] === true))
      .map(([m]) => m);
    expect(sinMarca).toEqual([]);
  });
});
