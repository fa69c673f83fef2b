import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { ROOT } from './settings';

type AnyHandler = (event: unknown, context?: unknown) => Promise<unknown>;
const cache = new Map<string, Promise<AnyHandler>>();

/**
 * Handlers whose adapters differ locally. The Lambda code has no branch for the local stack: the
 * module exports a factory beside its `handler`, and here it gets the local adapters.
 */
const LOCAL_ADAPTERS: Record<string, (mod: unknown) => Promise<AnyHandler>> = {
  // the campaign sender's delivery ledger: the local SES's store instead of the SES events' items
  'comunicacion/despachar-campanas': async (mod) => {
    const { puertosLocales } = await import('./ses-libro');
    return (mod as typeof import('../../functions/src/features/comunicacion/despachar-campanas')).despacharCon(
      puertosLocales,
    ) as AnyHandler;
  },
};

/** Loads `functions/src/features/<name>.ts` (the module a Lambda bundles) once, lazily. */
export function loadHandler(name: string): Promise<AnyHandler> {
  let loaded = cache.get(name);
  if (!loaded) {
    const file = pathToFileURL(join(ROOT, 'functions', 'src', 'features', `${name}.ts`)).href;
    loaded = import(file).then((mod: { handler?: AnyHandler }) => {
      const local = LOCAL_ADAPTERS[name];
      if (local) return local(mod);
      if (typeof mod.handler !== 'function') throw new Error(`${name} no exporta handler`);
      return mod.handler;
    });
    cache.set(name, loaded);
    loaded.catch(() => cache.delete(name));
  }
  return loaded;
}

/** A Lambda context whose remaining time counts down from `timeoutMs` (the function's timeout on AWS). */
export function lambdaContext(functionName: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  return {
    functionName,
    awsRequestId: crypto.randomUUID(),
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    callbackWaitsForEmptyEventLoop: false,
  };
}
