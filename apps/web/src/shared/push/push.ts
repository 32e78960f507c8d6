/**
 * Browser Web Push for the notification banner: the device token is the browser's PushSubscription
 * for the server's VAPID key, as JSON. Kept small: logout imports it on every page.
 */
export function pushPermission(): NotificationPermission | 'unsupported' {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator))
    return 'unsupported';
  return Notification.permission;
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = `${value}${'='.repeat((4 - (value.length % 4)) % 4)}`.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function bytesToBase64Url(buffer: ArrayBuffer | null): string {
  if (!buffer) return '';
  let binary = '';
  for (const byte of new Uint8Array(buffer)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 3_000));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/**
 * The browser's subscription for this VAPID key, subscribing when there is none (a subscription
 * made for another key is replaced). Needs the permission already granted. Throws when push is not
 * available (no service worker, push service unreachable).
 */
export async function subscribePush(applicationServerKey: string): Promise<string> {
  const registration = await serviceWorkerRegistration();
  if (!registration) throw new Error('service worker not available');
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && bytesToBase64Url(subscription.options.applicationServerKey) !== applicationServerKey) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: base64UrlToBytes(applicationServerKey),
  });
  return JSON.stringify(subscription.toJSON());
}

/** Logout: drops the browser's push subscription too. */
export async function unsubscribePush(): Promise<void> {
  try {
    const registration = await serviceWorkerRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    await subscription?.unsubscribe();
  } catch {
    // nothing to remove
  }
}
