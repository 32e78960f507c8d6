/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * The service worker, built by vite-plugin-pwa (injectManifest): offline shell and updates as
 * before, plus Web Push. Visible texts are Italian; it imports nothing from the app to stay small.
 */
declare const self: ServiceWorkerGlobalScope;

// Offline shell: the build's files are precached; every navigation is answered by index.html,
// except the server's own paths.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/user\//, /^\/health/],
  }),
);

// Spec section 4: the page tells a waiting worker to skip waiting (see app/service-worker.ts).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const DEFAULT_TITLE = 'Stabile';
const DEFAULT_BODY = 'Hai una nuova notifica.';

interface ShownPush {
  title: string;
  body: string;
  url: string;
}

/** A path of this site, never another origin (a push payload is not trusted to send the user away). */
function sameOriginUrl(value: unknown): string {
  if (typeof value !== 'string') return '/';
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

function readPush(data: PushMessageData | null): ShownPush {
  let value: Partial<Record<keyof ShownPush, unknown>> = {};
  try {
    value = (data?.json() as typeof value | null) ?? {};
  } catch {
    // not JSON: show the generic text
  }
  return {
    title: typeof value.title === 'string' && value.title ? value.title : DEFAULT_TITLE,
    body: typeof value.body === 'string' ? value.body : DEFAULT_BODY,
    url: sameOriginUrl(value.url),
  };
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      icon: '/icons/icon-192.png',
      lang: 'it',
      data: { url: push.url },
    }),
  );
});

/** A click focuses an open window of the app and takes it to the url, or opens a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const focused = await open.focus();
        // the app navigates inside the page (see app/service-worker.ts), without a reload
        focused.postMessage({ type: 'stabile:navigate', url });
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
