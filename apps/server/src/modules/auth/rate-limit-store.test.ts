import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AppInstance, buildApp } from '../../app.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { clientAddress, createAccount } from './auth.test-helpers.ts';
import { deleteExpiredRateLimits, incrementRateLimit } from './rate-limit-store.ts';

const WINDOW = 15 * 60_000;

let t: TestApp;
/** A second API server on the same database, as behind a load balancer. */
let second: AppInstance;
beforeAll(async () => {
  t = await buildTestApp();
  second = await buildApp({
    config: t.config,
    db: t.database.db,
    dialect: t.database.dialect,
    mailer: { send: async () => {} },
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

function login(app: AppInstance, remoteAddress: string, username: string, password: string) {
  return app.inject({ method: 'POST', url: '/user/login', remoteAddress, payload: { username, password } });
}

describe('login throttling shared through the database', () => {
  it('counts attempts across two servers: after 10 failures the next attempt gets 429 code 121 on either', async () => {
    const account = await createAccount(t);
    const address = clientAddress();
    for (let i = 0; i < 10; i++) {
      const app = i % 2 === 0 ? t.app : second;
      expect((await login(app, address, account.email, `sbagliata-${i}`)).json().error.code).toBe(101);
    }
    for (const app of [t.app, second]) {
      const blocked = await login(app, address, account.email, account.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        data: null,
        error: {
          code: 121,
          message: 'Troppi tentativi. Riprova tra 1 minuto.',
          status: 429,
        },
      });
    }
  });

  it('lets the client in again once the window has passed', async () => {
    const account = await createAccount(t);
    const address = clientAddress();
    for (let i = 0; i < 11; i++) await login(i % 2 ? second : t.app, address, account.email, 'sbagliata');
    expect((await login(second, address, account.email, account.password)).statusCode).toBe(429);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + WINDOW + 1000);
      expect((await login(t.app, address, account.email, account.password)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stores only a hash of the key: no username or address in the table', async () => {
    const account = await createAccount(t, { email: 'riservato.rossi@example.it' });
    const address = clientAddress();
    await login(t.app, address, account.email, 'sbagliata');
    const rows = await t.database.db.selectFrom('login_throttle').selectAll().execute();
    const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');
    expect(rows.map((r) => r.key)).toEqual(
      expect.arrayContaining([
        hashOf(`login-address|${address}`),
        hashOf(`login-subject|account|${account.email}`),
      ]),
    );
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain('riservato');
    expect(dump).not.toContain(address);
  });
});

describe('incrementRateLimit', () => {
  it('counts within the window, reports the time left and starts again after it', async () => {
    const db = t.database.db;
    const now = 1_700_000_000_000;
    expect(await incrementRateLimit(db, 'prova|finestra', 1000, now)).toEqual({ current: 1, ttl: 1000 });
    expect(await incrementRateLimit(db, 'prova|finestra', 1000, now + 400)).toEqual({ current: 2, ttl: 600 });
    expect(await incrementRateLimit(db, 'prova|finestra', 1000, now + 999)).toEqual({ current: 3, ttl: 1 });
    expect(await incrementRateLimit(db, 'prova|finestra', 1000, now + 1000)).toEqual({
      current: 1,
      ttl: 1000,
    });
  });

  it('cleans up only the expired counters', async () => {
    const db = t.database.db;
    const now = 1_800_000_000_000;
    await incrementRateLimit(db, 'prova|scaduto', 1000, now - 5000);
    await incrementRateLimit(db, 'prova|attivo', 1000, now);
    await deleteExpiredRateLimits(db, now);
    const keys = (await db.selectFrom('rate_limit_hits').select('key').execute()).map((r) => r.key);
    const hash = (k: string) => createHash('sha256').update(k).digest('hex');
    expect(keys).toContain(hash('prova|attivo'));
    expect(keys).not.toContain(hash('prova|scaduto'));
  });
});
