import { federation } from '@module-federation/vite';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { FEDERATION_SHARED } from '../shared/src/web/federation-config';

// The remotes' URLs are not known at build time: src/main.tsx registers them from /config.json.
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    federation({
      name: 'shell',
      remotes: {},
      shared: FEDERATION_SHARED,
      dts: false,
    }),
  ],
  build: { target: 'es2022' },
  server: { port: 5173, strictPort: true },
  preview: { port: 4173, strictPort: true },
});
