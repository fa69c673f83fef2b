import type { Context } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteDef } from './route-def';

/** An EMF document as CloudWatch reads it from a log line. */
interface Emf {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [campo: string]: unknown;
}

const contexto = (functionName: string): Context =>
  ({
    functionName,
    awsRequestId: 'req-1',
    invokedFunctionArn: 'arn',
    memoryLimitInMB: '512',
    functionVersion: '$LATEST',
  }) as Context;

/** A public route of no feature's, so defineRoute reads nothing from the table. */
const RUTA = {
  id: 'prueba-observabilidad',
  method: 'GET',
  path: '/api/prueba-observabilidad',
  handler: 'pruebas/prueba-observabilidad',
  access: 'public',
  table: 'none',
  summary: 'prueba',
  tag: 'pruebas',
} as const satisfies RouteDef;

let salida: string[];

/** The metrics module as a cold Lambda loads it, with the environment of the test (the singletons read it once). */
async function cargar() {
  vi.resetModules();
  const obs = await import('./observabilidad');
  const http = await import('./http');
  return { ...obs, ...http };
}

/** The EMF documents written to stdout since the test began. */
const emf = (): Emf[] =>
  salida
    .flatMap((chunk) => chunk.split('\n'))
    .filter((linea) => linea.includes('"_aws"'))
    .map((linea) => JSON.parse(linea) as Emf);

const conMetrica = (nombre: string) => emf().filter((d) => d._aws.CloudWatchMetrics[0]!.Metrics.some((m) => m.Name === nombre));

beforeEach(() => {
  salida = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    salida.push(String(chunk));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('conObservabilidad con métricas activas (como en Lambda)', () => {
  beforeEach(() => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    // what Lambda sets in an on-demand container: Powertools counts cold starts only there
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
  });

  it('publica en EMF, en el namespace Cuota con la dimensión service, lo que la invocación midió', async () => {
    const { conObservabilidad, metrics } = await cargar();
    const { MetricUnit } = await import('@aws-lambda-powertools/metrics');
    const handler = conObservabilidad('prueba', async (event: { n: number }) => {
      metrics.addMetric('Procesados', MetricUnit.Count, event.n);
      return { procesados: event.n };
    });
    await expect(handler({ n: 3 }, contexto('cuota-prueba'))).resolves.toEqual({ procesados: 3 });

    const [doc, ...otros] = conMetrica('Procesados');
    expect(otros).toEqual([]);
    expect(doc!._aws.CloudWatchMetrics).toEqual([
      { Namespace: 'Cuota', Dimensions: [['service']], Metrics: [{ Name: 'Procesados', Unit: 'Count' }] },
    ]);
    expect(doc).toMatchObject({ service: 'cuota-api', Procesados: 3 });
    // the first invocation of the container also counts one cold start, for this function
    expect(conMetrica('ColdStart')).toEqual([expect.objectContaining({ function_name: 'cuota-prueba', ColdStart: 1 })]);

    // a second invocation: no cold start, and what the first one measured is not published again
    salida = [];
    await handler({ n: 5 }, contexto('cuota-prueba'));
    expect(conMetrica('ColdStart')).toEqual([]);
    expect(conMetrica('Procesados').map((d) => d.Procesados)).toEqual([5]);
  });

  it('un error sale tal cual, y lo medido antes se publica igual', async () => {
    const { conObservabilidad, metrics } = await cargar();
    const { MetricUnit } = await import('@aws-lambda-powertools/metrics');
    const fallo = new Error('la tabla no responde');
    const handler = conObservabilidad('prueba', async () => {
      metrics.addMetric('Intentos', MetricUnit.Count, 1);
      throw fallo;
    });
    await expect(handler(undefined, contexto('cuota-prueba'))).rejects.toBe(fallo);
    expect(conMetrica('Intentos')).toHaveLength(1);
    // the next invocation starts empty
    salida = [];
    await expect(handler()).rejects.toBe(fallo);
    expect(conMetrica('Intentos').map((d) => d.Intentos)).toEqual([1]);
  });

  it('una invocación que no midió nada no escribe nada ni advierte', async () => {
    const { conObservabilidad } = await cargar();
    const errores = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const handler = conObservabilidad('prueba', async () => 'ok');
    await handler();
    salida = [];
    await handler();
    expect(emf()).toEqual([]);
    expect(errores).not.toHaveBeenCalled();
  });

  it('defineRoute: un 500 inesperado cuenta en ErroresNoControlados, solo con la dimensión service', async () => {
    const { defineRoute } = await cargar();
    const handler = defineRoute(RUTA, async () => {
      throw new TypeError('x is undefined');
    });
    const evento = { headers: {}, requestContext: { requestId: 'r-1' } } as unknown as Parameters<typeof handler>[0];
    const res = await handler(evento, contexto('cuota-prueba'));
    expect(res.statusCode).toBe(500);
    const [doc, ...otros] = conMetrica('ErroresNoControlados');
    expect(otros).toEqual([]);
    expect(doc!._aws.CloudWatchMetrics[0]).toEqual({
      Namespace: 'Cuota',
      Dimensions: [['service']],
      Metrics: [{ Name: 'ErroresNoControlados', Unit: 'Count' }],
    });
    // the feature and the route go as metadata: in the log line, not new metrics
    expect(doc).toMatchObject({ service: 'cuota-api', ErroresNoControlados: 1, feature: 'pruebas', route: RUTA.id });
  });

  it('defineRoute: un error del modelo (4xx) no es un error no controlado', async () => {
    const { defineRoute } = await cargar();
    const { NotFoundError } = await import('./errors');
    const handler = defineRoute(RUTA, async () => {
      throw new NotFoundError();
    });
    const evento = { headers: {}, requestContext: { requestId: 'r-2' } } as unknown as Parameters<typeof handler>[0];
    expect((await handler(evento)).statusCode).toBe(404);
    expect(conMetrica('ErroresNoControlados')).toEqual([]);
  });
});

describe('con métricas apagadas (pruebas, stack local)', () => {
  it('no escribe EMF', async () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'true');
    const { conObservabilidad, metrics } = await cargar();
    const { MetricUnit } = await import('@aws-lambda-powertools/metrics');
    await conObservabilidad('prueba', async () => metrics.addMetric('Procesados', MetricUnit.Count, 1))();
    expect(emf()).toEqual([]);
  });
});

describe('instrumentar', () => {
  it('sin trazas activas devuelve el mismo cliente', async () => {
    const { instrumentar } = await cargar();
    const cliente = { send: async () => 'ok', middlewareStack: { add: () => {} } };
    expect(instrumentar(cliente)).toBe(cliente);
  });
});
