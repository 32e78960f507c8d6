import { NotificationApi as Api } from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { accountOf } from '../../shared/scope.ts';
import { addDevice, removeDevice } from './device.repository.ts';
import { canonicalPushToken } from './push.ts';

/**
 * Push-notification devices of the account: the web app subscribes with the server's VAPID key and
 * registers the subscription as its token; logout removes it. Sending: `notifyAccount` in push.ts.
 */
export async function deviceRoutes(app: AppInstance) {
  route(app, Api.chiavePubblica, async () => ({ chiavePubblica: app.config.vapid.publicKey }));

  route(app, Api.addDevice, async ({ request, body }) => {
    const token = canonicalPushToken(body.token) ?? body.token;
    await addDevice(app.db, accountOf(request).accountId, token, body.device);
    return { ok: true as const };
  });

  route(app, Api.removeDevice, async ({ request, body }) => {
    const { token } = body;
    const canonical = canonicalPushToken(token);
    await removeDevice(app.db, accountOf(request).accountId, ...(canonical ? [token, canonical] : [token]));
    return { ok: true as const };
  });
}
