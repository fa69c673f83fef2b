import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { fijarRouter } from './app/navegacion';
import { createAppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');

// No await before the first render: the landing needs neither the config nor the session; the
// routes that do load them (app/sesion.tsx) in their loaders.
const router = createAppRouter();
fijarRouter(router);
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
