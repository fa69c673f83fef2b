import { BatchWriteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Cliente } from '@cuota/shared';
import { ddb, tableName } from '@cuota/functions/commons/db';
import { ConflictError } from '@cuota/functions/commons/errors';
import { keys } from '@cuota/functions/commons/keys';
import { clienteIdOfUser, createCliente, getCliente } from '@cuota/functions/handlers/clientes/store';
import {
  buildDemoClientes,
  buildDemoPortfolio,
  createRng,
  demoClienteSemilla,
  portfolioItems,
  type ClienteSemilla,
  type Item,
  type Persona,
} from './demo-portfolio';
import { seedConfiguracion } from './configuracion';

/** Fixed seeds: the same business date always yields the same portfolio. */
export const SEMILLA_CLIENTES = 20_260_101;
export const SEMILLA_CARTERA = 50_600_506;

export interface DemoUserRef {
  userId: string;
  email: string;
  nombre: string;
  apellido: string;
}

export interface SeedDemoOptions {
  now: Date;
  users: {
    cliente: DemoUserRef;
    /** Optional: staff named (with their user ids) in the activity log. */
    admin?: DemoUserRef;
    analista?: DemoUserRef;
    cobrador?: DemoUserRef;
  };
}

export interface SeedDemoSummary {
  clientes: number;
  solicitudes: number;
  creditos: number;
  cuotas: number;
  pagos: number;
  notificaciones: number;
  productos: number;
  /** Settings, payment methods and bank accounts written (absent ones only). */
  configuracion: number;
}

/**
 * Writes the demo portfolio to TABLE_NAME (endpoint from the standard AWS_ENDPOINT_URL_DYNAMODB).
 * Clients go through createCliente (unique guards, search terms, counters); the rest of the
 * portfolio is built purely (demo-portfolio.ts) and written with BatchWriteItem.
 * Safe to re-run: clients that already exist (same email or user) are reused.
 */
export async function seedDemoData(opts: SeedDemoOptions): Promise<SeedDemoSummary> {
  const { now } = opts;
  const clientes: Cliente[] = [];
  // one at a time: every createCliente transaction updates the same client counters
  for (const semilla of buildDemoClientes(now, createRng(SEMILLA_CLIENTES))) {
    clientes.push(await ensureCliente(semilla));
  }
  const u = opts.users.cliente;
  const existente = await clienteIdOfUser(u.userId);
  const demo = (existente && (await getCliente(existente))) || (await ensureCliente(demoClienteSemilla(now, u)));

  const persona = (x?: DemoUserRef): Persona | undefined => (x ? { userId: x.userId, nombre: `${x.nombre} ${x.apellido}` } : undefined);
  const portfolio = buildDemoPortfolio({
    now,
    rng: createRng(SEMILLA_CARTERA),
    clientes,
    demo: { cliente: demo, userId: u.userId },
    staff: { admin: persona(opts.users.admin), analista: persona(opts.users.analista), cobrador: persona(opts.users.cobrador) },
  });
  await batchPut(portfolioItems(portfolio));
  const configuracion = await seedConfiguracion(now);
  return {
    clientes: clientes.length + 1,
    solicitudes: portfolio.solicitudes.length,
    creditos: portfolio.creditos.length,
    cuotas: portfolio.cuotas.length,
    pagos: portfolio.pagos.length,
    notificaciones: portfolio.notificaciones.length,
    productos: portfolio.productos.length,
    configuracion,
  };
}

async function ensureCliente({ datos, creadoEn }: ClienteSemilla): Promise<Cliente> {
  try {
    return await createCliente(datos, creadoEn);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const guard = await ddb.send(new GetCommand({ TableName: tableName(), Key: keys.unicoEmail(datos.email) }));
    const found = guard.Item ? await getCliente(String(guard.Item.cliente_id)) : null;
    if (!found) throw error;
    return found;
  }
}

const BATCH = 25;
const PARALLEL = 8;

/** BatchWriteItem in chunks of 25, a few chunks in flight, retrying UnprocessedItems with back-off. */
export async function batchPut(items: Item[]): Promise<void> {
  const table = tableName();
  const chunks: Item[][] = [];
  for (let i = 0; i < items.length; i += BATCH) chunks.push(items.slice(i, i + BATCH));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const chunk = chunks[next++]!;
      let pending: NonNullable<ConstructorParameters<typeof BatchWriteCommand>[0]['RequestItems']> = {
        [table]: chunk.map((Item) => ({ PutRequest: { Item } })),
      };
      for (let attempt = 0; Object.keys(pending).length > 0; attempt++) {
        if (attempt > 0) {
          if (attempt > 8) throw new Error('BatchWriteItem: elementos sin procesar tras 8 reintentos');
          await new Promise((r) => setTimeout(r, Math.min(2000, 50 * 2 ** attempt)));
        }
        const out = await ddb.send(new BatchWriteCommand({ RequestItems: pending }));
        pending = (out.UnprocessedItems ?? {}) as typeof pending;
        for (const [k, v] of Object.entries(pending)) if (!v || v.length === 0) delete pending[k];
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, chunks.length) }, worker));
}
