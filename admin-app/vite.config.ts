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

const EXPOSES = {
  './creditos': './src/exposes/creditos.tsx',
  './clientes': './src/exposes/clientes.tsx',
  './dashboard': './src/exposes/dashboard.tsx',
  './solicitudes': './src/exposes/solicitudes.tsx',
  './usuarios': './src/exposes/usuarios.tsx',
  './productos': './src/exposes/productos.tsx',
  './conciliacion': './src/exposes/conciliacion.tsx',
  './configuracion': './src/exposes/configuracion.tsx',
  './monitoreo': './src/exposes/monitoreo.tsx',
  './comunicacion': './src/exposes/comunicacion.tsx',
  './cobranza': './src/exposes/cobranza.tsx',
  './reportes': './src/exposes/reportes.tsx',
  './riesgo': './src/exposes/riesgo.tsx',
};

// Served at /apps/admin/ next to the shell; remoteEntry.js lands at the dist root.
export default defineConfig({
  base: '/apps/admin/',
  plugins: [
    react(),
    tailwindcss(),
    precargaFederada(EXPOSES),
    federation({
      name: REMOTE_NAMES.admin,
      filename: 'remoteEntry.js',
      exposes: EXPOSES,
      shared: REMOTE_FEDERATION_SHARED,
      experiments: REMOTE_FEDERATION_EXPERIMENTS,
      dts: false,
    }),
  ],
  build: { target: 'es2022' },
  server: { port: 5174, strictPort: true, origin: 'http://127.0.0.1:5174' },
  preview: { port: 5174, strictPort: true },
});
