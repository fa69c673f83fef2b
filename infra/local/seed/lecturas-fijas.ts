import { ddb } from '@cuota/functions/commons/db';
import { PARTICION_CONFIG, PARTICION_METODOS_PAGO } from '@cuota/functions/entities/configuracion';

/** The partitions nothing the seed drives writes after seedConfiguracion: settings and payment methods. */
const FIJAS = [PARTICION_CONFIG, PARTICION_METODOS_PAGO];
const NOMBRE = 'semillaLecturasFijas';
const LECTURAS = new Set(['GetItemCommand', 'QueryCommand', 'BatchGetItemCommand', 'ScanCommand']);

/** A key attribute as text, whether the document client has marshalled it yet ({ S: '…' }) or not. */
function texto(x: unknown): string | undefined {
  if (typeof x === 'string') return x;
  if (x && typeof x === 'object' && 'S' in x && typeof x.S === 'string') return x.S;
  return undefined;
}

/**
 * Runs `fn` (the demo seed) with each setting and payment method read from the table once. Every
 * use case the seed drives reads the time zone, and the payment ones a method and more settings,
 * again (about 600 of its 2 900 requests); while the demo is written nothing else runs against the
 * table (the stack answers no request until it is ready), and nothing the seed does changes those
 * items. A write that names either partition still empties what was kept.
 */
export async function conLecturasFijas<T>(fn: () => Promise<T>): Promise<T> {
  const guardadas = new Map<string, { output: unknown }>();
  ddb.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: { pk?: unknown; sk?: unknown } };
      const comando = context.commandName ?? '';
      if (comando !== 'GetItemCommand') {
        if (!LECTURAS.has(comando) && FIJAS.some((p) => JSON.stringify(args.input).includes(`"${p}"`))) guardadas.clear();
        return next(args);
      }
      const pk = texto(input.Key?.pk);
      if (!pk || !FIJAS.includes(pk)) return next(args);
      const clave = `${pk}\u0000${texto(input.Key?.sk) ?? ''}`;
      const previa = guardadas.get(clave);
      if (previa) return { ...previa, output: structuredClone(previa.output) } as Awaited<ReturnType<typeof next>>;
      const leida = await next(args);
      guardadas.set(clave, { ...leida, output: structuredClone(leida.output) });
      return leida;
    },
    { step: 'initialize', name: NOMBRE },
  );
  try {
    return await fn();
  } finally {
    ddb.middlewareStack.remove(NOMBRE);
  }
}
