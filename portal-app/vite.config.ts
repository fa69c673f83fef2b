import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  precargaFederada,
  REMOTE_FEDERATION_EXPERIMENTS,
  REMOTE_FEDERATION_SHARED,
  REMOTE_NAMES,
} from '../shared/src/web/federation-config';

const EXPOSES = { './portal': './src/exposes/portal.tsx', './paginas': './src/exposes/paginas.tsx' };

// Served at /apps/portal/ next to the shell; remoteEntry.js lands at the dist root.
export default defineConfig({
  base: '/apps/portal/',
  plugins: [
    react(),
    tailwindcss(),
    precargaFederada(EXPOSES),
    federation({
      name: REMOTE_NAMES.portal,
      filename: 'remoteEntry.js',
      exposes: EXPOSES,
      shared: REMOTE_FEDERATION_SHARED,
      experiments: REMOTE_FEDERATION_EXPERIMENTS,
      dts: false,
    }),
  ],
  build: { target: 'es2022' },
  server: { port: 5175, strictPort: true, origin: 'http://127.0.0.1:5175' },
  preview: { port: 5175, strictPort: true },
});
