import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_DIR } from './settings';

/** `npm run reset`: wipes the local data (refuses while the stack runs). */
const lock = join(LOCAL_DIR, 'stack.lock');
if (existsSync(lock)) {
  const { pid } = JSON.parse(readFileSync(lock, 'utf8')) as { pid: number };
  try {
    process.kill(pid, 0);
    console.error(`✗ Cuota está corriendo (pid ${pid}); detenla con Ctrl-C antes de borrar los datos.`);
    process.exit(1);
  } catch {
    /* stale lock */
  }
}
rmSync(LOCAL_DIR, { recursive: true, force: true });
console.log(`Datos locales borrados (${LOCAL_DIR}). El próximo npm start cargará los datos de demostración.`);
