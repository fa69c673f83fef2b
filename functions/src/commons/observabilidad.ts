import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';
import { logger, redactar } from './logger';

/** The `service` dimension of every metric and the service of every trace (the logger's serviceName too). */
export const SERVICIO = 'cuota-api';
/** CloudWatch namespace of the product's own metrics (the alarms read them from here). */
export const NAMESPACE = 'Cuota';

/**
 * X-Ray, built once per cold start. It records only on Lambda with active tracing (it turns itself
 * off without AWS_EXECUTION_ENV, and locally POWERTOOLS_TRACE_ENABLED=false says so too). Outgoing
 * HTTPS calls are not patched: the AWS clients are traced through {@link instrumentar}, and nothing
 * else leaves the function.
 */
export const tracer = new Tracer({ serviceName: SERVICIO, captureHTTPsRequests: false });

/**
 * Embedded metric format (EMF) on stdout, read by CloudWatch Logs: no API call, no extra latency.
 * Metrics are kept until {@link observar} publishes them at the end of the invocation.
 */
export const metrics = new Metrics({ namespace: NAMESPACE, serviceName: SERVICIO });

/** An AWS SDK v3 client whose calls appear as X-Ray subsegments (the same client when tracing is off). */
export function instrumentar<T>(client: T): T {
  return tracer.captureAWSv3Client(client);
}

/**
 * The error as it goes into the trace: the same name, its message and stack passed through the
 * logger's redaction, so a trace holds no secret a log line would not.
 */
function errorParaTraza(error: unknown): Error {
  const original = error instanceof Error ? error : new Error(String(error));
  const limpio = new Error(String(redactar('', original.message)));
  limpio.name = original.name;
  limpio.stack = original.stack === undefined ? undefined : String(redactar('', original.stack));
  return limpio;
}

/** Marks the current trace (sub)segment as failed, with the (redacted) error. */
export function anotarError(error: unknown): void {
  if (tracer.isTracingEnabled()) tracer.addErrorAsMetadata(errorParaTraza(error));
}

/**
 * A request that ended in an unexpected 500 (commons/http.ts `errorResult`): one `ErroresNoControlados`
 * with the `service` dimension only, so one alarm covers every route; the route goes as metadata
 * (searchable in the log line, no extra metric per route).
 */
export function errorNoControlado(error: unknown, ruta?: { id: string; handler: string }): void {
  anotarError(error);
  metrics.addMetric('ErroresNoControlados', MetricUnit.Count, 1);
  if (ruta) {
    metrics.addMetadata('feature', ruta.handler.split('/')[0]!);
    metrics.addMetadata('route', ruta.id);
  }
}

/** What a Lambda hands a handler as its second argument (tests and the local stack pass part of it, or nothing). */
type ContextoLambda = Partial<Context> | undefined;

/**
 * One invocation with its observability: the Lambda context on every log line, an X-Ray subsegment
 * `## <nombre>` with the cold-start and service annotations, the `ColdStart` metric on the first
 * invocation of a container, and the metrics the invocation added published when it ends, thrown
 * or not. An error is recorded on the subsegment and thrown again, unchanged.
 */
export async function observar<R>(nombre: string, context: ContextoLambda, fn: () => Promise<R>): Promise<R> {
  if (context?.awsRequestId) logger.addContext(context as Context);
  metrics.captureColdStartMetric(context?.functionName);
  const segmento = tracer.isTracingEnabled() ? tracer.getSegment() : undefined;
  const sub = segmento?.addNewSubsegment(`## ${nombre}`);
  if (sub) {
    tracer.setSegment(sub);
    tracer.annotateColdStart();
    tracer.addServiceNameAnnotation();
  }
  try {
    return await fn();
  } catch (error) {
    anotarError(error);
    throw error;
  } finally {
    if (sub && segmento) {
      sub.close();
      tracer.setSegment(segmento);
    }
    // only when there is something: publishing nothing makes Powertools warn on every invocation
    if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  }
}

/**
 * Set on every handler built by `defineRoute` or {@link conObservabilidad}: a test walks the manifest
 * and refuses a Lambda handler without it (one a merge left unwrapped has no context, trace or metrics).
 */
export const OBSERVADO = Symbol.for('cuota.observado');

/** `handler`, marked as observed ({@link OBSERVADO}). */
export function marcarObservado<F extends (...args: never[]) => unknown>(handler: F): F {
  Object.defineProperty(handler, OBSERVADO, { value: true });
  return handler;
}

/** The handler's parameters, with the Lambda context after the event when the handler takes neither. */
type ArgumentosLambda<A extends unknown[]> = A extends []
  ? [event?: unknown, context?: ContextoLambda]
  : A extends [infer E]
    ? [event: E, context?: ContextoLambda]
    : A;

/**
 * A handler that is not an HTTP route (Cognito triggers, WebSocket routes, stream consumers, jobs,
 * event rules) wrapped in {@link observar}: same arguments, same result, same errors. HTTP routes
 * get the same through `defineRoute`.
 */
export function conObservabilidad<A extends [event?: unknown, context?: ContextoLambda, ...rest: unknown[]], R>(
  nombre: string,
  handler: (...args: A) => Promise<R>,
): (...args: ArgumentosLambda<A>) => Promise<R> {
  return marcarObservado((...args: ArgumentosLambda<A>) =>
    observar(nombre, args[1] as ContextoLambda, () => handler(...(args as unknown[] as A))),
  );
}
