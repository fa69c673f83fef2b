import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { bootstrap } from './app/bootstrap';
import { ErrorScreen } from './app/routes/app-error';

const container = document.getElementById('root');
if (!container) throw new Error('Falta el elemento #root');
const root = createRoot(container);

try {
  const router = await bootstrap();
  root.render(
    <StrictMode>
      <App router={router} />
    </StrictMode>,
  );
} catch (error) {
  console.error('No se pudo iniciar la aplicación', error);
  root.render(<ErrorScreen error={error} />);
}
