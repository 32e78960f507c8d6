import { SERVICE_WORKER_CHECK_MS } from '@stabile/contract';
import { Workbox } from 'workbox-window';
import { navigateTo } from '../shared/session/navigation.ts';

/**
 * Spec section 4: a waiting service worker is told to skip waiting and the page reloads when the new
 * one takes control; an update check runs hourly. Only in production builds.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  // A click on a push notification takes the open window to its page (see src/sw.ts).
  navigator.serviceWorker.addEventListener(
    'message',
    (event: MessageEvent<{ type?: unknown; url?: unknown }>) => {
      const { type, url } = event.data ?? {};
      if (
        type === 'stabile:navigate' &&
        typeof url === 'string' &&
        url.startsWith('/') &&
        !url.startsWith('//')
      )
        navigateTo(url);
    },
  );
  workbox.addEventListener('waiting', () => {
    workbox.addEventListener('controlling', () => window.location.reload());
    workbox.messageSkipWaiting();
  });
  void workbox.register().then((registration) => {
    if (!registration) return;
    setInterval(() => {
      if (navigator.onLine) void registration.update().catch(() => undefined);
    }, SERVICE_WORKER_CHECK_MS);
  });
}
