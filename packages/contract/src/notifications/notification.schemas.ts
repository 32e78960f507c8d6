import { z } from 'zod';
import { ValidationMessage } from '../validators/messages.ts';

export const NotificationMessage = {
  SubscriptionInvalid: 'Il token del dispositivo non è una sottoscrizione push valida',
  EndpointInvalid: "L'indirizzo del servizio di notifica deve essere un URL https pubblico",
  KeysInvalid: 'Le chiavi della sottoscrizione push non sono valide',
} as const;

/** Longest push-service URL accepted (real ones are 200-600 characters). */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/**
 * Hosts a push service never lives on: loopback, private and link-local addresses, bare IPs and
 * single-label names. Refusing them keeps addDevice from being a way to make the server POST to
 * its own network.
 */
function isPublicHostname(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (!host.includes('.') || host.endsWith('.localhost') || host.endsWith('.local')) return false;
  if (/^\d+(\.\d+){3}$/.test(host) || host.startsWith('[')) return false;
  return true;
}

const pushEndpointSchema = z
  .string(NotificationMessage.EndpointInvalid)
  .max(PUSH_ENDPOINT_MAX_LENGTH, NotificationMessage.EndpointInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'https:' && !url.username && !url.password && isPublicHostname(url.hostname);
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
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z
        .string(NotificationMessage.KeysInvalid)
        .regex(/^B[A-Za-z0-9_-]{86}=?$/, NotificationMessage.KeysInvalid),
      auth: z
        .string(NotificationMessage.KeysInvalid)
        .regex(/^[A-Za-z0-9_-]{22}(==)?$/, NotificationMessage.KeysInvalid),
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
  token: z
    .string(ValidationMessage.Required)
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
export const vapidPublicKeyResponseSchema = z.object({ chiavePubblica: z.string() });
export type VapidPublicKeyResponse = z.infer<typeof vapidPublicKeyResponseSchema>;

/** What the service worker receives in a push message (encrypted by the server, RFC 8291). */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  /** Same-origin path opened when the notification is clicked, e.g. `/activities?dettaglio=attivita:42`. */
  url: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
