import type { PushPayload } from '@stabile/contract';
import webpush from 'web-push';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { listDevices, removeDevice } from './device.repository.ts';

/** How long the push service keeps a message for an offline browser. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
const TITLE_MAX = 120;
const BODY_MAX = 1_000;

export interface NotifyOptions {
  /** RFC 8030 urgency: 'high' wakes a phone at once, 'low' waits for it to be awake anyway. */
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  ttlSeconds?: number;
}

export interface NotifyResult {
  /** Messages the push services accepted. */
  sent: number;
  /** Devices dropped: the push service said the subscription is gone (404/410), or the token is not one. */
  removed: number;
  /** Devices kept after a failure that may be temporary (network, 429, 5xx...). */
  failed: number;
}

/**
 * Stored tokens were validated by addDevice (https, public host); reading them back only checks
 * their shape, so an older random device id is recognised and removed.
 */
const storedSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }),
  keys: z.object({ p256dh: z.string().min(1), auth: z.string().min(1) }),
});
type StoredSubscription = z.infer<typeof storedSubscriptionSchema>;

function parseStored(token: string): StoredSubscription | null {
  try {
    const parsed = storedSubscriptionSchema.safeParse(JSON.parse(token));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * The form a subscription is stored in: endpoint and keys only, so the token sent again at logout
 * matches whatever extra fields (expirationTime) or key order the browser serialised.
 */
export function canonicalPushToken(token: string): string | null {
  const subscription = parseStored(token);
  if (!subscription) return null;
  const { endpoint, keys } = subscription;
  return JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
}

/** VAPID `sub`: the site's https address, else the sender's mailbox (push services may contact it). */
function vapidSubject(app: AppInstance): string {
  if (app.config.publicUrl.startsWith('https://')) return app.config.publicUrl;
  const address = /<([^>]+)>/.exec(app.config.mailFrom)?.[1] ?? app.config.mailFrom;
  return `mailto:${address.trim()}`;
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * Sends a Web Push notification to every device of the account: the payload is encrypted for each
 * subscription (RFC 8291, aes128gcm) and signed with the server's VAPID key. The service worker
 * shows `title` and `body`; a click opens `url`, a path of this site (e.g.
 * `/activities?dettaglio=attivita:42`).
 *
 * Subscriptions the push service reports as gone (404/410) are deleted. Failures are logged with
 * the push service's origin only (an endpoint's path identifies the browser). Never throws: call it
 * after the transaction that caused the notification and don't wait for it unless you need the
 * result, e.g. `void notifyAccount(app, accountId, { title, body, url })`.
 */
export async function notifyAccount(
  app: AppInstance,
  accountId: number,
  message: PushPayload,
  options: NotifyOptions = {},
): Promise<NotifyResult> {
  const result: NotifyResult = { sent: 0, removed: 0, failed: 0 };
  try {
    const devices = await listDevices(app.db, accountId);
    if (devices.length === 0) return result;
    const payload = JSON.stringify({
      title: truncate(message.title, TITLE_MAX),
      body: truncate(message.body, BODY_MAX),
      url: message.url,
    } satisfies PushPayload);
    const vapidDetails = { subject: vapidSubject(app), ...app.config.vapid };
    await Promise.all(
      devices.map(async ({ token }) => {
        const outcome = await sendToDevice(app, token, payload, vapidDetails, options);
        if (outcome === 'gone') {
          await removeDevice(app.db, accountId, token);
          result.removed++;
        } else if (outcome === 'sent') result.sent++;
        else result.failed++;
      }),
    );
  } catch (error) {
    app.log.error({ err: error, accountId }, 'push: invio delle notifiche non riuscito');
  }
  return result;
}

async function sendToDevice(
  app: AppInstance,
  token: string,
  payload: string,
  vapidDetails: webpush.VapidKeys & { subject: string },
  options: NotifyOptions,
): Promise<'sent' | 'gone' | 'failed'> {
  const subscription = parseStored(token);
  if (!subscription) return 'gone';
  const pushService = new URL(subscription.endpoint).origin;
  try {
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails,
      TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
      urgency: options.urgency ?? 'normal',
      contentEncoding: 'aes128gcm',
    });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch sets Content-Length itself
      if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    }
    const response = await fetch(details.endpoint, {
      method: details.method,
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return 'sent';
    if (response.status === 404 || response.status === 410) {
      app.log.info(
        { pushService, status: response.status },
        'push: sottoscrizione scaduta, dispositivo rimosso',
      );
      return 'gone';
    }
    app.log.warn(
      { pushService, status: response.status },
      'push: il servizio di notifica ha rifiutato il messaggio',
    );
    return 'failed';
  } catch (error) {
    const reason = error instanceof Error ? error.name : 'Error';
    app.log.warn({ pushService, reason }, 'push: servizio di notifica non raggiungibile');
    return 'failed';
  }
}
