import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { FEDERATION_SHARED, paqueteDe } from '../shared/src/web/federation-config';
import { paginaDeSesion } from './src/build/pagina-de-sesion';

const ROOT = resolve(import.meta.dirname, '..');

/** The installed version of each shared package: the shell provides the shares under these versions. */
const versiones = Object.fromEntries(
  Object.keys(FEDERATION_SHARED).map((key) => {
    const dir = [resolve(import.meta.dirname, 'node_modules'), resolve(ROOT, 'node_modules')]
      .map((base) => resolve(base, paqueteDe(key)))
      .find((d) => existsSync(resolve(d, 'package.json')));
    if (!dir) throw new Error(`No se encuentra el paquete compartido ${key}`);
    const pkg = JSON.parse(readFileSync(resolve(dir, 'package.json'), 'utf8')) as { version: string };
    return [key, pkg.version];
  }),
);

/**
 * A plain Vite build: the shell is the federation host without the federation plugin. It loads
 * the runtime and registers the remotes (whose URLs come from the runtime config) only when a
 * route needs one (src/features/remotes), so the landing and /auth download neither.
 */
export default defineConfig({
  base: '/',
  plugins: [react(), tailwindcss(), paginaDeSesion()],
  define: {
    __VERSIONES_COMPARTIDAS__: JSON.stringify(versiones),
    // The remotes are plain remoteEntry.js URLs (no mf-manifest.json): the runtime's snapshot and
    // manifest-preload support is dropped from the shell's (the only) copy of it.
    FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: 'true',
  },
  build: { target: 'es2022' },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
