import { deviceRequestSchema, deviceResponseSchema } from '../auth/auth.schemas.ts';
import { endpoint } from '../common/endpoint.ts';
import { addDeviceRequestSchema, vapidPublicKeyResponseSchema } from './notification.schemas.ts';

const tags = ['notifiche'] as const;

/**
 * The push-notification calls of the account: the web app subscribes with the server's VAPID key
 * and registers the subscription as its token; logout removes it.
 */
export const NotificationApi = {
  chiavePubblica: endpoint({
    operationId: 'chiavePubblicaNotifiche',
    method: 'GET',
    path: '/api/notifiche/chiavePubblica',
    summary: 'Chiave pubblica VAPID per la sottoscrizione Web Push',
    description: 'Il browser la passa come applicationServerKey a pushManager.subscribe().',
    tags,
    auth: 'account',
    response: vapidPublicKeyResponseSchema,
  }),
  addDevice: endpoint({
    operationId: 'registraDispositivo',
    method: 'POST',
    path: '/api/notifiche/addDevice',
    summary: 'Registra il dispositivo per le notifiche push',
    description:
      'Il token è la sottoscrizione Web Push del browser, JSON.stringify(subscription): endpoint https e chiavi p256dh e auth in base64url.',
    tags,
    auth: 'account',
    body: addDeviceRequestSchema,
    response: deviceResponseSchema,
  }),
  removeDevice: endpoint({
    operationId: 'rimuoviDispositivo',
    method: 'POST',
    path: '/api/notifiche/removeDevice',
    summary: 'Rimuove il dispositivo dalle notifiche push',
    description: 'Un token non registrato non è un errore.',
    tags,
    auth: 'account',
    body: deviceRequestSchema,
    response: deviceResponseSchema,
  }),
};
