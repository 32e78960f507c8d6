import { SERVICE_WORKER_CHECK_MS } from '@stabile/contract';
import { navigateTo } from '../shared/session/navigation.ts';

/**
 * Spec section 4: a waiting service worker is told to skip waiting and the page reloads when the new
 * one takes control; an update check runs hourly. Only in production builds. The browser's own API
 * (no helper library): this runs on every page, /login included.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  // A click on a push notification takes the open window to its page (see src/sw.ts).
  container.addEventListener('message', (event: MessageEvent<{ type?: unknown; url?: unknown }>) => {
    const { type, url } = event.data ?? {};
    if (
      type === 'stabile:navigate' &&
      typeof url === 'string' &&
      url.startsWith('/') &&
      !url.startsWith('//')
    )
      navigateTo(url);
  });
  void container
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      // An update (a worker waiting while another controls the page): take it and reload once it rules.
      const takeWaiting = () => {
        const waiting = registration.waiting;
        if (!waiting || !container.controller) return;
        container.addEventListener('controllerchange', () => window.location.reload(), { once: true });
        waiting.postMessage({ type: 'SKIP_WAITING' });
      };
      takeWaiting();
      registration.addEventListener('updatefound', () => {
        const installing = registration.installing;
        installing?.addEventListener('statechange', () => {
          if (installing.state === 'installed') takeWaiting();
        });
      });
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, SERVICE_WORKER_CHECK_MS);
    })
    .catch(() => undefined);
}
