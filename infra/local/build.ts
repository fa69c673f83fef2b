import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './settings';

const APPS = ['shell-app', 'admin-app', 'portal-app'] as const;

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Apps whose dist is missing or older than their sources (or the shared design system). */
export function staleApps(): string[] {
  const shared = newestMtime(join(ROOT, 'shared/src'));
  return APPS.filter((app) => {
    const marker = join(ROOT, app, 'dist', 'index.html');
    if (!existsSync(marker)) return true;
    const built = statSync(marker).mtimeMs;
    const sources = Math.max(
      shared,
      newestMtime(join(ROOT, app, 'src')),
      newestMtime(join(ROOT, app, 'index.html')),
      newestMtime(join(ROOT, app, 'vite.config.ts')),
    );
    return sources > built;
  });
}

/** Builds the given apps with their own `npm run build` (vite). */
export function buildApps(apps: string[]): void {
  for (const app of apps) {
    const started = Date.now();
    const out = spawnSync('npm', ['run', 'build', '--silent', '-w', app], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
    });
    if (out.status !== 0) {
      process.stderr.write(out.stdout + out.stderr);
      throw new Error(`falló la compilación de ${app}`);
    }
    console.log(`  ✓ ${app} compilada en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
