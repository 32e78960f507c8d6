import {
  AuthPath,
  addDeviceRequestSchema,
  deviceRequestSchema,
  deviceResponseSchema,
  envelopeSchema,
  NotificationPath,
  vapidPublicKeyResponseSchema,
} from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { ok } from '../../shared/envelope.ts';
import { addDevice, removeDevice } from './device.repository.ts';
import { canonicalPushToken } from './push.ts';

const TAGS = ['notifiche'];

/**
 * Push-notification devices of the account: the web app subscribes with the server's VAPID key and
 * registers the subscription as its token; logout removes it. Sending: `notifyAccount` in push.ts.
 */
export async function deviceRoutes(app: AppInstance) {
  app.get(
    NotificationPath.chiavePubblica,
    {
      config: { auth: 'account' },
      schema: {
        tags: TAGS,
        summary: 'Chiave pubblica VAPID per la sottoscrizione Web Push',
        description: 'Il browser la passa come applicationServerKey a pushManager.subscribe().',
        security: [{ bearer: [] }],
        response: { 200: envelopeSchema(vapidPublicKeyResponseSchema) },
      },
    },
    async (_request, reply) => ok(reply, { chiavePubblica: app.config.vapid.publicKey }),
  );

  app.post(
    AuthPath.addDevice,
    {
      config: { auth: 'account' },
      schema: {
        tags: TAGS,
        summary: 'Registra il dispositivo per le notifiche push',
        description:
          'Il token è la sottoscrizione Web Push del browser, JSON.stringify(subscription): endpoint https e chiavi p256dh e auth in base64url.',
        security: [{ bearer: [] }],
        body: addDeviceRequestSchema,
        response: { 200: envelopeSchema(deviceResponseSchema) },
      },
    },
    async (request, reply) => {
      const token = canonicalPushToken(request.body.token) ?? request.body.token;
      await addDevice(app.db, request.auth!.accountId, token, request.body.device);
      return ok(reply, { ok: true as const });
    },
  );

  app.post(
    AuthPath.removeDevice,
    {
      config: { auth: 'account' },
      schema: {
        tags: TAGS,
        summary: 'Rimuove il dispositivo dalle notifiche push',
        description: 'Un token non registrato non è un errore.',
        security: [{ bearer: [] }],
        body: deviceRequestSchema,
        response: { 200: envelopeSchema(deviceResponseSchema) },
      },
    },
    async (request, reply) => {
      const { token } = request.body;
      const canonical = canonicalPushToken(token);
      await removeDevice(app.db, request.auth!.accountId, ...(canonical ? [token, canonical] : [token]));
      return ok(reply, { ok: true as const });
    },
  );
}
