import { z } from 'zod';
import { zBigNumber, zString } from '../common/primitives.ts';
import { ValidationMessage } from '../validators/messages.ts';

export const NotificationMessage = {
  SubscriptionInvalid: 'Il token del dispositivo non è una sottoscrizione push valida',
  EndpointInvalid: "L'indirizzo deve essere quello https di un servizio di notifica push del browser",
  KeysInvalid: 'Le chiavi della sottoscrizione push non sono valide',
} as const;

/** Longest push-service URL accepted (real ones are 200-600 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/**
 * The push services browsers subscribe to (Chrome, Edge and Opera through FCM or WNS, Firefox,
 * Safari): an endpoint elsewhere is refused, so that addDevice cannot make the server POST to any
 * other host (its own network, a metadata service, a name that resolves anywhere).
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return PUSH_SERVICE_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

const pushEndpointSchema = zString(NotificationMessage.EndpointInvalid)
  .max(PUSH_ENDPOINT_MAX_LENGTH, NotificationMessage.EndpointInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      // https on its default port 443 only (URL drops an explicit :443, so port is '').
      return (
        url.protocol === 'https:' &&
        url.port === '' &&
        !url.username &&
        !url.password &&
        isPushServiceHost(url.hostname)
      );
    } catch {
      return false;
    }
  }, NotificationMessage.EndpointInvalid);

/**
 * The browser's PushSubscription as `subscription.toJSON()` gives it: the push service's endpoint
 * and the keys of RFC 8291 in base64url, p256dh a 65-byte P-256 point, auth 16 bytes.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: zBigNumber().nullable().optional(),
  keys: z.object(
    {
      p256dh: zString(NotificationMessage.KeysInvalid).regex(
        /^B[A-Za-z0-9_-]{86}=?$/,
        NotificationMessage.KeysInvalid,
      ),
      auth: zString(NotificationMessage.KeysInvalid).regex(
        /^[A-Za-z0-9_-]{22}(==)?$/,
        NotificationMessage.KeysInvalid,
      ),
    },
    NotificationMessage.KeysInvalid,
  ),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;

/** Parses a device token (the JSON text of a PushSubscription); null when it is not one. */
export function parsePushSubscription(token: string): PushSubscriptionJson | null {
  let value: unknown;
  try {
    value = JSON.parse(token);
  } catch {
    return null;
  }
  const parsed = pushSubscriptionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

// ---------------------------------------------------------------------------------------------
// POST /api/notifiche/addDevice
// ---------------------------------------------------------------------------------------------

/**
 * For the web device the token IS the Web Push subscription, sent as `JSON.stringify(subscription)`.
 * A malformed one is refused with 113 and the message of what is wrong.
 */
export const addDeviceRequestSchema = z.object({
  token: zString(ValidationMessage.Required)
    .min(1, ValidationMessage.Required)
    .max(4096, NotificationMessage.SubscriptionInvalid)
    .superRefine((token, ctx) => {
      let value: unknown;
      try {
        value = JSON.parse(token);
      } catch {
        ctx.addIssue({ code: 'custom', message: NotificationMessage.SubscriptionInvalid });
        return;
      }
      const parsed = pushSubscriptionSchema.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        ctx.addIssue({
          code: 'custom',
          message:
            issue?.code === 'invalid_type' && issue.path.length === 0
              ? NotificationMessage.SubscriptionInvalid
              : (issue?.message ?? NotificationMessage.SubscriptionInvalid),
        });
      }
    }),
  device: z.literal('web'),
});
export type AddDeviceRequest = z.infer<typeof addDeviceRequestSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/notifiche/chiavePubblica
// ---------------------------------------------------------------------------------------------

/** The server's VAPID public key (base64url, uncompressed P-256 point): the browser's applicationServerKey. */
export const vapidPublicKeyResponseSchema = z.object({ chiavePubblica: zString() });
export type VapidPublicKeyResponse = z.infer<typeof vapidPublicKeyResponseSchema>;

/** What the service worker receives in a push message (encrypted by the server, RFC 8291). */
export const pushPayloadSchema = z.object({
  title: zString(),
  body: zString(),
  /** Same-origin path opened when the notification is clicked, e.g. `/activities?dettaglio=attivita:42`. */
  url: zString(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
