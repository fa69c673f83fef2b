import { ensureStaffProfiles } from '../../infra/local/seed';
import { seedDemoData } from '../../infra/local/seed/demo-data';
import { ADMIN, ANALISTA, COBRADOR } from './events';

/** The demo's users as the seed takes them: the staff are the test callers, the client a user of its own. */
export const usuariosDemo = (clienteUserId: string) => ({
  cliente: { userId: clienteUserId, email: 'cliente@demo.cr', nombre: 'Carolina', apellido: 'Mora' },
  admin: { userId: ADMIN.sub, email: 'admin@demo.cr', nombre: 'Adriana', apellido: 'Vargas' },
  analista: { userId: ANALISTA.sub, email: 'analista@demo.cr', nombre: 'Luis', apellido: 'Jiménez' },
  cobrador: { userId: COBRADOR.sub, email: 'cobrador@demo.cr', nombre: 'Marco', apellido: 'Solano' },
});

/** The demo portfolio seeded at `now` through the real engine, with the staff profiles it names. */
export async function sembrarDemo(usuarios: ReturnType<typeof usuariosDemo>, now: Date) {
  await ensureStaffProfiles(
    [usuarios.admin, usuarios.analista, usuarios.cobrador].map((u, i) => ({
      ...u,
      roles: [['admin', 'analista', 'cobrador'][i]!],
    })),
    now,
  );
  return seedDemoData({ now, users: usuarios });
}
