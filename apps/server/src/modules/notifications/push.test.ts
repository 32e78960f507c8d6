import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession } from '../../test/sessions.ts';
import { addDevice, listDevices } from './device.repository.ts';
import { decryptPushMessage, fakeBrowser } from './push.test-helpers.ts';
import { notifyAccount } from './push.ts';

interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A stand-in for the browsers' push services (FCM, Mozilla, Apple) on this machine: accepts what is
 * sent to /ok/..., answers 410 on /gone/... (subscription expired) and 503 on /busy/....
 */
let pushService: Server;
let pushOrigin: string;
const received: ReceivedPush[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = path.startsWith('/ok/') ? 201 : path.startsWith('/gone/') ? 410 : 503;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pushService.close(resolve));
  await t.close();
});

const message = {
  title: 'Il fornitore ha risposto',
  body: 'Idraulica Rossi ha accettato l’intervento della pratica 42.',
  url: '/activities?dettaglio=attivita:42',
};

describe('notifyAccount', () => {
  it('sends every device of the account an encrypted message signed with the VAPID key', async () => {
    const session = await createTestSession(t);
    const phone = fakeBrowser();
    const laptop = fakeBrowser();
    await addDevice(
      t.database.db,
      session.accountId,
      JSON.stringify(phone.subscription(`${pushOrigin}/ok/phone-secret`)),
      'web',
    );
    await addDevice(
      t.database.db,
      session.accountId,
      JSON.stringify(laptop.subscription(`${pushOrigin}/ok/laptop-secret`)),
      'web',
    );
    const other = await createTestSession(t);
    await addDevice(
      t.database.db,
      other.accountId,
      JSON.stringify(fakeBrowser().subscription(`${pushOrigin}/ok/other`)),
      'web',
    );
    received.length = 0;

    const result = await notifyAccount(t.app, session.accountId, message, { urgency: 'high' });

    expect(result).toEqual({ sent: 2, removed: 0, failed: 0 });
    expect(received.map((r) => r.path).sort()).toEqual(['/ok/laptop-secret', '/ok/phone-secret']);
    const push = received.find((r) => r.path === '/ok/phone-secret')!;
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.ttl).toBe('86400');
    expect(push.headers.urgency).toBe('high');
    // the push service only sees ciphertext; the browser holding the keys reads the message
    expect(push.body.toString('latin1')).not.toContain('fornitore');
    expect(JSON.parse(decryptPushMessage(phone, push.body))).toEqual(message);
    expect(() => decryptPushMessage(laptop, push.body)).toThrow();

    // Authorization: vapid t=<JWT signed with the private key>, k=<public key>
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization));
    expect(match?.[2]).toBe(t.config.vapid.publicKey);
    const raw = Buffer.from(t.config.vapid.publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33, 65).toString('base64url'),
      },
      'ES256',
    );
    expect(decodeProtectedHeader(match![1]!).alg).toBe('ES256');
    const { payload } = await jwtVerify(match![1]!, key, { audience: pushOrigin });
    expect(payload.sub).toBe('mailto:noreply@stabile.local');
    expect(payload.exp! * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
  });

  it('removes the subscriptions the push service reports as gone and keeps the ones that failed', async () => {
    const session = await createTestSession(t);
    const gone = JSON.stringify(fakeBrowser().subscription(`${pushOrigin}/gone/expired-secret`));
    const busy = JSON.stringify(fakeBrowser().subscription(`${pushOrigin}/busy/busy-secret`));
    const ok = JSON.stringify(fakeBrowser().subscription(`${pushOrigin}/ok/fine`));
    for (const token of [gone, busy, ok, 'web-8c4f0b6e-legacy-random-id'])
      await addDevice(t.database.db, session.accountId, token, 'web');
    const warn = vi.spyOn(t.app.log, 'warn');

    const result = await notifyAccount(t.app, session.accountId, message);

    expect(result).toEqual({ sent: 1, removed: 2, failed: 1 });
    const left = (await listDevices(t.database.db, session.accountId)).map((d) => d.token).sort();
    expect(left).toEqual([busy, ok].sort());
    // failures are logged by push service, never with the endpoint that identifies the browser
    expect(warn).toHaveBeenCalled();
    expect(JSON.stringify(warn.mock.calls)).not.toContain('secret');
    expect(JSON.stringify(warn.mock.calls)).toContain(pushOrigin);
    warn.mockRestore();
  });

  it('never throws: an unreachable push service or an account without devices is a result', async () => {
    const session = await createTestSession(t);
    expect(await notifyAccount(t.app, session.accountId, message)).toEqual({
      sent: 0,
      removed: 0,
      failed: 0,
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await addDevice(
      t.database.db,
      session.accountId,
      JSON.stringify(fakeBrowser().subscription(`http://127.0.0.1:${port}/ok/unreachable`)),
      'web',
    );
    expect(await notifyAccount(t.app, session.accountId, message)).toEqual({
      sent: 0,
      removed: 0,
      failed: 1,
    });
    expect(await listDevices(t.database.db, session.accountId)).toHaveLength(1);
  });
});
