import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NotificationMessage } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession } from '../../test/sessions.ts';
import { fakeBrowser } from './push.test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/dGVzdC1zdWJzY3JpcHRpb24';

function rows(accountId: number) {
  return t.database.db
    .selectFrom('devices')
    .select(['token', 'device'])
    .where('account_id', '=', accountId)
    .execute();
}

describe('GET /api/notifiche/chiavePubblica', () => {
  it("gives the logged-in account the server's VAPID public key", async () => {
    const session = await createTestSession(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/notifiche/chiavePubblica',
      headers: { authorization: session.headers.authorization! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ chiavePubblica: t.config.vapid.publicKey });
    expect(Buffer.from(t.config.vapid.publicKey, 'base64url')).toHaveLength(65);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/notifiche/chiavePubblica' });
    expect(anonymous.json().error.code).toBe(111);
  });

  it('generates the keys once and keeps them in DATA_DIR/secrets.json across restarts', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'stabile-vapid-'));
    try {
      // a secrets file written before push existed keeps its secrets and gains the VAPID keys
      writeFileSync(
        path.join(dataDir, 'secrets.json'),
        JSON.stringify({ jwtSecret: 'j'.repeat(64), linkSecret: 'l'.repeat(64) }),
      );
      const first = loadConfig({ DATA_DIR: dataDir });
      expect(first.jwtSecret).toBe('j'.repeat(64));
      const stored = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
      expect(stored.vapidPublicKey).toBe(first.vapid.publicKey);
      expect(loadConfig({ DATA_DIR: dataDir }).vapid).toEqual(first.vapid);
      // keys from the environment win, and must come in pairs
      const env = { VAPID_PUBLIC_KEY: `B${'a'.repeat(86)}`, VAPID_PRIVATE_KEY: 'b'.repeat(43) };
      expect(loadConfig({ DATA_DIR: dataDir, ...env }).vapid).toEqual({
        publicKey: env.VAPID_PUBLIC_KEY,
        privateKey: env.VAPID_PRIVATE_KEY,
      });
      expect(() => loadConfig({ DATA_DIR: dataDir, VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY })).toThrow(
        /VAPID_PRIVATE_KEY/,
      );
      expect(() => loadConfig({ DATA_DIR: dataDir, ...env, VAPID_PRIVATE_KEY: 'corta' })).toThrow(
        /VAPID_PRIVATE_KEY/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('POST /api/notifiche/addDevice and /removeDevice', () => {
  it('registers the Web Push subscription of the browser and removes it at logout', async () => {
    const session = await createTestSession(t);
    const headers = { authorization: session.headers.authorization! };
    const subscription = fakeBrowser().subscription(ENDPOINT);
    const token = JSON.stringify(subscription);
    for (let i = 0; i < 2; i++) {
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/notifiche/addDevice',
        headers,
        payload: { token, device: 'web' },
      });
      expect(add.statusCode).toBe(200);
      expect(add.json().data).toEqual({ ok: true });
    }
    expect(await rows(session.accountId)).toEqual([
      { token: JSON.stringify({ endpoint: ENDPOINT, keys: subscription.keys }), device: 'web' },
    ]);
    // the browser may serialise the same subscription differently at logout
    const again = JSON.stringify({
      keys: { auth: subscription.keys.auth, p256dh: subscription.keys.p256dh },
      endpoint: ENDPOINT,
    });
    const remove = await t.app.inject({
      method: 'POST',
      url: '/api/notifiche/removeDevice',
      headers,
      payload: { token: again, device: 'web' },
    });
    expect(remove.json().data).toEqual({ ok: true });
    expect(await rows(session.accountId)).toEqual([]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/notifiche/removeDevice',
      headers,
      payload: { token: 'mai-visto', device: 'web' },
    });
    expect(unknown.json().data).toEqual({ ok: true });
  });

  it('gives a subscription to the account that registered it last (shared computer)', async () => {
    const first = await createTestSession(t);
    const second = await createTestSession(t);
    const token = JSON.stringify(fakeBrowser().subscription(ENDPOINT));
    for (const session of [first, second])
      await t.app.inject({
        method: 'POST',
        url: '/api/notifiche/addDevice',
        headers: { authorization: session.headers.authorization! },
        payload: { token, device: 'web' },
      });
    expect(await rows(first.accountId)).toEqual([]);
    expect(await rows(second.accountId)).toHaveLength(1);
  });

  it('refuses a malformed subscription with 113 and an Italian message', async () => {
    const session = await createTestSession(t);
    const valid = fakeBrowser().subscription(ENDPOINT);
    const cases: [unknown, string][] = [
      ['push-token-1', NotificationMessage.SubscriptionInvalid],
      [JSON.stringify([1, 2]), NotificationMessage.SubscriptionInvalid],
      [
        JSON.stringify({ ...valid, endpoint: 'http://fcm.googleapis.com/fcm/send/x' }),
        NotificationMessage.EndpointInvalid,
      ],
      [
        JSON.stringify({ ...valid, endpoint: 'https://127.0.0.1:8443/push' }),
        NotificationMessage.EndpointInvalid,
      ],
      [JSON.stringify({ ...valid, endpoint: 'https://intranet/push' }), NotificationMessage.EndpointInvalid],
      // Only the browsers' push services, on https port 443.
      ...[
        'https://localtest.me/push',
        'https://10.0.0.1.nip.io/push',
        'https://metadata.google.internal/computeMetadata/v1/',
        'https://fcm.googleapis.com:8443/fcm/send/x',
        'https://fcm.googleapis.com.evil.example/fcm/send/x',
        'https://evilfcm.googleapis.com.example/x',
      ].map((endpoint): [unknown, string] => [
        JSON.stringify({ ...valid, endpoint }),
        NotificationMessage.EndpointInvalid,
      ]),
      [
        JSON.stringify({ ...valid, keys: { p256dh: valid.keys.p256dh, auth: 'corto' } }),
        NotificationMessage.KeysInvalid,
      ],
      [
        JSON.stringify({ ...valid, keys: { p256dh: 'x'.repeat(87), auth: valid.keys.auth } }),
        NotificationMessage.KeysInvalid,
      ],
      [JSON.stringify({ endpoint: ENDPOINT }), NotificationMessage.KeysInvalid],
    ];
    for (const [token, expected] of cases) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifiche/addDevice',
        headers: { authorization: session.headers.authorization! },
        payload: { token, device: 'web' },
      });
      expect(res.statusCode, String(token)).toBe(400);
      expect(res.json().error.code).toBe(113);
      expect(res.json().error.message).toContain(expected);
    }
    const ios = await t.app.inject({
      method: 'POST',
      url: '/api/notifiche/addDevice',
      headers: { authorization: session.headers.authorization! },
      payload: { token: JSON.stringify(valid), device: 'ios' },
    });
    expect(ios.json().error.code).toBe(113);
    expect(await rows(session.accountId)).toEqual([]);
  });

  it('refuses a call without login (111)', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/notifiche/addDevice',
      payload: { token: JSON.stringify(fakeBrowser().subscription(ENDPOINT)), device: 'web' },
    });
    expect(anonymous.json().error.code).toBe(111);
  });
});
