import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// The service worker (offline shell, updates) is not needed for the first paint.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./app/service-worker.ts').then((module) => module.registerServiceWorker());
  });
}
