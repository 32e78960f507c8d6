import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { installEscapeLayers } from './shared/ui/escape-layers.ts';
import { installFirstPopstate } from './shared/ui/first-popstate.ts';
import { installStaleChunkReload } from './shared/ui/stale-chunks.ts';

// Before any modal mounts, so that one Escape closes one layer (see escape-layers.ts).
installEscapeLayers();
// Before the router listens, so that leaving an upload can be asked first (see first-popstate.ts).
installFirstPopstate();
// A lazy piece that fails to load reloads the page instead of leaving it blank (see stale-chunks.ts).
installStaleChunkReload();

const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // A transition: the first render of the app yields to the browser every few milliseconds instead of
  // holding a phone's main thread for its whole length (nothing is on screen to keep meanwhile).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// The service worker (offline shell, updates) is not needed for the first paint.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    void import('./app/service-worker.ts').then((module) => module.registerServiceWorker());
  });
}
