import {
  InternalServerError,
  ProvisionedThroughputExceededException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { LimitExceededException, SendingPausedException, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';

/**
 * Faults the local emulators cannot produce (DynamoDB throttling, transaction conflicts and
 * internal errors, SES quotas, Cognito's request limits), injected with aws-sdk-client-mock into
 * the module-scope clients the handlers use. Every call goes through to the real emulator except
 * the ones the plan picks: a fault replaces the call (`antes`, nothing was written) or follows it
 * (`despues`, the write happened and its answer was lost).
 */

type Cliente = Parameters<typeof mockClient>[0];
type Comando = { constructor: { name: string }; input: unknown };
/** The part of aws-sdk-client-mock's stub used here: its sinon stub of `send`. */
interface Stub {
  send: { callsFake(fn: (this: unknown, command: Comando, ...resto: unknown[]) => Promise<unknown>): unknown };
  restore(): void;
}

export interface Falla {
  /** The command's class name, e.g. 'TransactWriteCommand', 'GetCommand', 'SendEmailCommand'. */
  comando: string;
  /** The error thrown (a new one per call). */
  error: () => Error;
  /** How many calls of `comando` fail (Infinity: all, until `quitar`). */
  veces: number;
  /** Calls of `comando` that pass before the first fault (default 0). */
  saltar?: number;
  /** 'despues': the real call runs, then the error is thrown (an answer lost after the write). */
  cuando?: 'antes' | 'despues';
}

export interface Inyeccion {
  /** Calls of each command so far (faulted or not). */
  llamadas: Map<string, number>;
  /** Faults thrown so far. */
  fallas: () => number;
  /** The commands the client received, in order (the command objects themselves). */
  recibidos: Comando[];
  /** Clears the faults: every call goes through from now on. */
  quitar(): void;
  /** Restores the client's own send. */
  restaurar(): void;
}

/**
 * Wraps `cliente.send` (an instance such as `ddb` or `cognito`, or a client class for the ones a
 * module builds itself) with a fault schedule; see `Falla`. Calls that do not fault go to the
 * emulator, or to `responder` when there is none.
 */
export function inyectarFallas(
  cliente: Cliente,
  plan: readonly Falla[],
  opts: { responder?: (command: Comando) => unknown } = {},
): Inyeccion {
  type Enviar = (this: unknown, c: unknown, ...r: unknown[]) => Promise<unknown>;
  const c = cliente as unknown as { prototype?: { send: Enviar }; send?: Enviar };
  const objetivo = (typeof cliente === 'function' ? c.prototype : c) as { send: Enviar };
  const original = objetivo.send;
  const stub = mockClient(cliente) as unknown as Stub;
  const llamadas = new Map<string, number>();
  const recibidos: Inyeccion['recibidos'] = [];
  let fallas = 0;
  let activo = true;
  stub.send.callsFake(async function (this: unknown, command: Comando, ...resto: unknown[]) {
    const nombre = command.constructor.name;
    const n = (llamadas.get(nombre) ?? 0) + 1;
    llamadas.set(nombre, n);
    recibidos.push(command);
    const falla = activo
      ? plan.find((f) => f.comando === nombre && n > (f.saltar ?? 0) && n <= (f.saltar ?? 0) + f.veces)
      : undefined;
    if (falla?.cuando !== 'despues' && falla) {
      fallas++;
      throw falla.error();
    }
    const out = opts.responder ? await opts.responder(command) : await original.call(this, command, ...resto);
    if (falla) {
      fallas++;
      throw falla.error();
    }
    return out;
  });
  return {
    llamadas,
    fallas: () => fallas,
    recibidos,
    quitar: () => {
      activo = false;
    },
    restaurar: () => stub.restore(),
  };
}

const meta = { $metadata: { httpStatusCode: 400 } };

export const dynamo = {
  limite: () =>
    new ProvisionedThroughputExceededException({
      message: 'The level of configured provisioned throughput for the table was exceeded',
      ...meta,
    }),
  /** ThrottlingException has no class of its own in the SDK: the service's error shape. */
  throttling: () =>
    Object.assign(new Error('Rate of requests exceeds the allowed throughput.'), {
      name: 'ThrottlingException',
      $fault: 'client',
      ...meta,
    }),
  conflicto: (n = 1) =>
    new TransactionCanceledException({
      message: 'Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]',
      CancellationReasons: Array.from({ length: n }, (_, i) => ({ Code: i === 0 ? 'TransactionConflict' : 'None' })),
      ...meta,
    }),
  interno: () => new InternalServerError({ message: 'Internal server error', $metadata: { httpStatusCode: 500 } }),
};

/** SESv2 (the client lives in the functions workspace, so suites outside it take it from here). */
export { SESv2Client, type SendEmailCommand } from '@aws-sdk/client-sesv2';
export const correo = {
  throttling: () =>
    new TooManyRequestsException({ message: 'Maximum sending rate exceeded.', $metadata: { httpStatusCode: 429 } }),
  /** The daily quota, as SESv2 names it… */
  cuota: () => new LimitExceededException({ message: 'Daily message quota exceeded.', $metadata: { httpStatusCode: 400 } }),
  /** …and as a throttling error carrying the quota's message (SES v1's way, still seen through v2). */
  cuotaComoThrottling: () =>
    new TooManyRequestsException({ message: 'Daily message quota exceeded.', $metadata: { httpStatusCode: 429 } }),
  pausada: () =>
    new SendingPausedException({ message: 'Sending is paused for this account.', $metadata: { httpStatusCode: 400 } }),
};
