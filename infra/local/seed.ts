import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb, tableName } from '@cuota/functions/commons/db';
import { crearPerfilSiFalta } from '@cuota/functions/handlers/perfil/perfiles';
import type { DemoUser } from './bootstrap';

const MARKER = { pk: 'SISTEMA', sk: 'DATOS_DEMO' };
const EN_CURSO = { pk: 'SISTEMA', sk: 'DATOS_DEMO_EN_CURSO' };

/**
 * Starts loading the engine the demo seed drives (about a second of module loading), so that it can
 * overlap the emulators' start. Awaiting the promise rethrows a failed load; until then a failure is
 * held, not reported as unhandled.
 */
export function precargarSemilla(): Promise<void> {
  if (process.env.CUOTA_SEED === '0') return Promise.resolve();
  const carga = import('./seed/demo-data').then(() => undefined);
  carga.catch(() => undefined);
  return carga;
}

/**
 * Loads the demo portfolio once: a marker item records that it was loaded. The portfolio is
 * produced by running the lending engine's use cases, which are not idempotent as a whole: a
 * load that was interrupted (another marker says it began) is not resumed on top of itself.
 */
export async function seedIfEmpty(users: DemoUser[], now = new Date()): Promise<string> {
  if (process.env.CUOTA_SEED === '0') return 'Sin datos de demostración (CUOTA_SEED=0).';
  const marker = await ddb.send(new GetCommand({ TableName: tableName(), Key: MARKER, ConsistentRead: true }));
  if (marker.Item) return `Datos de demostración ya cargados (${String(marker.Item.resumen)}).`;
  const previo = await ddb.send(new GetCommand({ TableName: tableName(), Key: EN_CURSO, ConsistentRead: true }));
  if (previo.Item) {
    throw new Error(
      `la carga de los datos de demostración que empezó el ${String(previo.Item.iniciado_en)} no terminó; ` +
        'bórralos con npm run reset y vuelve a iniciar',
    );
  }
  await ddb.send(
    new PutCommand({ TableName: tableName(), Item: { ...EN_CURSO, tipo: 'sistema', iniciado_en: new Date().toISOString() } }),
  );
  const byRole = (role: string | null) => users.find((u) => (role ? u.roles.includes(role) : u.roles.length === 0))!;
  const { seedDemoData } = await import('./seed/demo-data');
  const summary = await seedDemoData({
    now,
    users: { cliente: byRole(null), admin: byRole('admin'), analista: byRole('analista'), cobrador: byRole('cobrador') },
  });
  const resumen = Object.entries(summary)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  await ddb.send(
    new PutCommand({ TableName: tableName(), Item: { ...MARKER, tipo: 'sistema', resumen, cargado_en: now.toISOString() } }),
  );
  return `Datos de demostración cargados: ${resumen}.`;
}

/** Staff profiles (names shown in the header and activity) for the demo staff users; idempotent. */
export async function ensureStaffProfiles(users: DemoUser[], now = new Date()): Promise<void> {
  for (const u of users.filter((x) => x.roles.length > 0)) {
    await crearPerfilSiFalta({
      id: u.userId,
      nombre: u.nombre,
      apellido: u.apellido,
      email: u.email,
      telefono: null,
      created_at: now.toISOString(),
    });
  }
}
