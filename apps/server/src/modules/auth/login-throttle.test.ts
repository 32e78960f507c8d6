import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { SelectQueryNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppInstance, buildApp } from '../../app.ts';
import { AppError } from '../../shared/app-error.ts';
import { buildTestApp, type TestApp, testDialect } from '../../test/build-test-app.ts';
import { clientAddress, createAccount } from './auth.test-helpers.ts';
import { LoginThrottle, type LoginThrottleOptions, REMEMBER_REFUSAL_MS } from './login-throttle.ts';
import { RedisThrottleStore } from './throttle-store.redis.ts';
import { DatabaseThrottleStore, hashThrottleKey, type ThrottleStore } from './throttle-store.ts';

/**
 * The login throttle on both of its stores: the database of the suite (SQLite, or PostgreSQL with
 * TEST_DIALECT=postgres) and Redis (TEST_REDIS_URL, else the local one at 127.0.0.1:6379; in CI it
 * must be there).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const MINUTE = 60_000;

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
const withRedis = await redisReachable();
if (!withRedis) {
  if (process.env.CI) throw new Error(`Redis is required in CI (${REDIS_URL}) for the throttle tests`);
  console.warn(`\n*** Redis not reachable at ${REDIS_URL}: the Redis throttle tests did not run ***\n`);
}

let t: TestApp;
let redis: Redis | undefined;
const prefix = `stabile-test-${randomBytes(6).toString('hex')}:`;
beforeAll(async () => {
  t = await buildTestApp();
  if (withRedis) redis = new Redis(REDIS_URL);
});
afterAll(async () => {
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  }
  await t.close();
});

type Outcome = 'right' | 'wrong';

/**
 * A throttle on a store with a clock of its own, and one login attempt as the service makes it.
 * Refusals are not held unless `options` say so (the hold is real time, not the harness's clock).
 */
function harness(store: ThrottleStore, options: Partial<LoginThrottleOptions> = {}) {
  let now = 1_900_000_000_000 + Math.floor(Math.random() * 1e9);
  const throttle = new LoginThrottle({ store, factor: 1, now: () => now, holdMs: 0, ...options });
  const attempt = async (address: string, username: string, outcome: Outcome) => {
    try {
      const lease = await throttle.begin(address, `account|${username}`);
      if (outcome === 'right') await lease.succeeded();
      return 'checked' as const;
    } catch (error) {
      if (error instanceof AppError && error.code === 121) return error;
      throw error;
    }
  };
  return {
    throttle,
    attempt,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
  };
}

/** The store, counting the attempts that reach it. */
function countingTakes(store: ThrottleStore) {
  const counted = { takes: 0 };
  const wrapped: ThrottleStore = {
    take: (key, policy, now) => {
      counted.takes += 1;
      return store.take(key, policy, now);
    },
    takeAll: (requests, now) => {
      counted.takes += 1;
      return store.takeAll(requests, now);
    },
    giveBack: (ticket, policy) => store.giveBack(ticket, policy),
    clear: (key) => store.clear(key),
    close: () => store.close(),
  };
  return { store: wrapped, counted };
}

const unique = () => randomBytes(5).toString('hex');

const stores: Array<[string, () => ThrottleStore]> = [
  [`database (${testDialect})`, () => new DatabaseThrottleStore(t.database.db, t.database.dialect)],
  ...(withRedis
    ? [['redis', () => new RedisThrottleStore(redis!, prefix)] as [string, () => ThrottleStore]]
    : []),
];

describe.each(stores)('login throttle on the %s store', (_name, makeStore) => {
  it('stops spraying from one address: 30 wrong passwords over 60 usernames, then a wait', async () => {
    const h = harness(makeStore());
    const address = clientAddress();
    const results = [];
    for (let i = 0; i < 60; i++) results.push(await h.attempt(address, `${unique()}@example.it`, 'wrong'));
    expect(results.slice(0, 30).every((r) => r === 'checked')).toBe(true);
    expect(results.slice(30).every((r) => r instanceof AppError)).toBe(true);
    expect((results[30] as AppError).message).toBe('Troppi tentativi. Riprova tra 1 minuto.');
    expect((results[30] as AppError).retryAfterSeconds).toBe(60);
  });

  it('stops guessing one account from many addresses: 10 wrong passwords, then a wait', async () => {
    const h = harness(makeStore());
    const username = `${unique()}@example.it`;
    const results = [];
    for (let i = 0; i < 60; i++) results.push(await h.attempt(clientAddress(), username, 'wrong'));
    expect(results.filter((r) => r === 'checked')).toHaveLength(10);
    expect(results.slice(10).every((r) => r instanceof AppError)).toBe(true);
  });

  it('makes the wait grow with each further failure, up to 15 minutes, said in minutes', async () => {
    const h = harness(makeStore());
    const username = `${unique()}@example.it`;
    for (let i = 0; i < 10; i++) await h.attempt(clientAddress(), username, 'wrong');
    const waits: string[] = [];
    for (let i = 0; i < 6; i++) {
      const refused = await h.attempt(clientAddress(), username, 'wrong');
      expect(refused).toBeInstanceOf(AppError);
      waits.push((refused as AppError).message);
      h.advance((refused as AppError).retryAfterSeconds! * 1000);
      expect(await h.attempt(clientAddress(), username, 'wrong')).toBe('checked');
    }
    expect(waits).toEqual([
      'Troppi tentativi. Riprova tra 1 minuto.',
      'Troppi tentativi. Riprova tra 2 minuti.',
      'Troppi tentativi. Riprova tra 4 minuti.',
      'Troppi tentativi. Riprova tra 8 minuti.',
      // 15 minutes have passed since the first failures: one of them has leaked away.
      'Troppi tentativi. Riprova tra 8 minuti.',
      'Troppi tentativi. Riprova tra 15 minuti.',
    ]);
    // The owner is not locked out for long: 15 minutes after the last failure the right password works.
    h.advance(15 * MINUTE);
    expect(await h.attempt(clientAddress(), username, 'right')).toBe('checked');
  });

  it('never counts successful logins: a hundred in a quarter of an hour from one address', async () => {
    const h = harness(makeStore());
    const address = clientAddress();
    const username = `${unique()}@example.it`;
    for (let i = 0; i < 100; i++) {
      expect(await h.attempt(address, username, 'right')).toBe('checked');
      h.advance(9_000);
    }
  });

  it('lets an office of 20 behind one address log in all morning, typos included', async () => {
    const h = harness(makeStore());
    const office = clientAddress();
    const people = Array.from({ length: 20 }, () => `${unique()}@studio.it`);
    let refusals = 0;
    let checks = 0;
    // 8:00 to 13:00: everyone logs in every half hour (new devices, expired sessions, archive
    // switches), and one login in three starts with a mistyped password.
    for (let slot = 0; slot < 10; slot++) {
      for (const [i, person] of people.entries()) {
        const tries: Outcome[] = (slot + i) % 3 === 0 ? ['wrong', 'right'] : ['right'];
        for (const outcome of tries) {
          const result = await h.attempt(office, person, outcome);
          checks += 1;
          if (result !== 'checked') refusals += 1;
        }
        h.advance(90_000);
      }
    }
    expect(checks).toBeGreaterThan(250);
    expect(refusals).toBe(0);
  }, 120_000);

  it('lets exactly the budget through when many attempts arrive at once', async () => {
    const h = harness(makeStore());
    const username = `${unique()}@example.it`;
    const results = await Promise.all(
      Array.from({ length: 40 }, () => h.attempt(clientAddress(), username, 'wrong')),
    );
    expect(results.filter((r) => r === 'checked')).toHaveLength(10);
  });
});

describe.each(stores)('refusals remembered by the process, on the %s store', (_name, makeStore) => {
  it("answers the repeats of a refusal without the store, saying the store's wait", async () => {
    const { store, counted } = countingTakes(makeStore());
    const h = harness(store);
    const username = `${unique()}@example.it`;
    for (let i = 0; i < 10; i++) expect(await h.attempt(clientAddress(), username, 'wrong')).toBe('checked');
    counted.takes = 0;
    // The account waits: from any address, whatever the password, one question to the store.
    for (let i = 0; i < 20; i++) {
      const refused = await h.attempt(clientAddress(), username, i % 2 ? 'right' : 'wrong');
      expect(refused).toBeInstanceOf(AppError);
    }
    expect(counted.takes).toBe(1);
    h.advance(3_000);
    const later = await h.attempt(clientAddress(), username, 'right');
    expect((later as AppError).retryAfterSeconds).toBe(57);
    expect((later as AppError).message).toBe('Troppi tentativi. Riprova tra 1 minuto.');
    expect(counted.takes).toBe(1);
    // The wait over, the store decides again.
    h.advance(57_000);
    expect(await h.attempt(clientAddress(), username, 'right')).toBe('checked');
    expect(counted.takes).toBe(2);
  });

  it('remembers an address past its budget for every username it tries next', async () => {
    const { store, counted } = countingTakes(makeStore());
    const h = harness(store);
    const address = clientAddress();
    for (let i = 0; i < 30; i++) await h.attempt(address, `${unique()}@example.it`, 'wrong');
    counted.takes = 0;
    for (let i = 0; i < 30; i++) {
      expect(await h.attempt(address, `${unique()}@example.it`, 'wrong')).toBeInstanceOf(AppError);
    }
    expect(counted.takes).toBe(1);
    // Another address, another username: not concerned.
    expect(await h.attempt(clientAddress(), `${unique()}@example.it`, 'wrong')).toBe('checked');
  });

  it('sees within a few seconds a wait lifted by another process', async () => {
    const shared = makeStore();
    const h = harness(shared);
    const username = `${unique()}@example.it`;
    for (let i = 0; i < 10; i++) await h.attempt(clientAddress(), username, 'wrong');
    expect(await h.attempt(clientAddress(), username, 'right')).toBeInstanceOf(AppError);
    // Another process lifts the account's wait (an attempt of it, taken before the wait was set,
    // had the right password): this process keeps its record a few seconds at most.
    await shared.clear(`login-subject|account|${username}`);
    h.advance(REMEMBER_REFUSAL_MS - 1);
    expect(await h.attempt(clientAddress(), username, 'right')).toBeInstanceOf(AppError);
    h.advance(1);
    expect(await h.attempt(clientAddress(), username, 'right')).toBe('checked');
  });

  it('forgets a refusal at once when this process lifts its wait (a right password checked meanwhile)', async () => {
    const h = harness(makeStore());
    const username = `${unique()}@example.it`;
    for (let i = 0; i < 9; i++) await h.attempt(clientAddress(), username, 'wrong');
    // The tenth check is under way, and its attempt set the account's wait: another is refused.
    const tenth = await h.throttle.begin(clientAddress(), `account|${username}`);
    expect(await h.attempt(clientAddress(), username, 'right')).toBeInstanceOf(AppError);
    // The tenth password was right: the account's failures are forgotten, here at once.
    await tenth.succeeded();
    expect(await h.attempt(clientAddress(), username, 'right')).toBe('checked');
  });
});

describe('refusals held before they are sent', () => {
  const timed = async <T>(work: () => Promise<T>) => {
    const start = performance.now();
    const result = await work();
    return { result, ms: performance.now() - start };
  };

  it('holds the repeats of a refusal, not the first, and a bounded number at once', async () => {
    const h = harness(new DatabaseThrottleStore(t.database.db, t.database.dialect), {
      holdMs: 1_000,
      maxHeld: 2,
    });
    const username = `${unique()}@example.it`;
    for (let i = 0; i < 10; i++) await h.attempt(clientAddress(), username, 'wrong');
    const first = await timed(() => h.attempt(clientAddress(), username, 'right'));
    expect(first.result).toBeInstanceOf(AppError);
    expect(first.ms).toBeLessThan(900);
    const repeats = await Promise.all(
      Array.from({ length: 3 }, () => timed(() => h.attempt(clientAddress(), username, 'right'))),
    );
    expect(repeats.every((r) => r.result instanceof AppError)).toBe(true);
    const durations = repeats.map((r) => r.ms).sort((a, b) => a - b);
    expect(durations[0]).toBeLessThan(900);
    expect(durations[1]).toBeGreaterThanOrEqual(950);
    expect(durations[2]).toBeGreaterThanOrEqual(950);
    expect(h.throttle.heldNow).toBe(0);
    // A repeat says the same wait as the first refusal, less the time gone.
    expect((repeats[0]!.result as AppError).message).toBe('Troppi tentativi. Riprova tra 1 minuto.');
  });
});

describe('a flood of refused logins through the route', () => {
  const lines: string[] = [];
  let logged: TestApp;
  beforeAll(async () => {
    logged = await buildTestApp({ LOG_LEVEL: 'info' }, undefined, { write: (line) => lines.push(line) });
  });
  afterAll(() => logged.close());

  it('answers the first refusal at once and holds its repeats, logging it once at info', async () => {
    const account = await createAccount(logged);
    const login = (remoteAddress: string) =>
      logged.app.inject({
        method: 'POST',
        url: '/user/login',
        remoteAddress,
        payload: { username: account.email, password: 'sbagliata' },
      });
    for (let i = 0; i < 10; i++) expect((await login(clientAddress())).json().error.code).toBe(101);
    const flooder = clientAddress();
    const start = performance.now();
    const first = await login(flooder);
    expect(first.statusCode).toBe(429);
    expect(performance.now() - start).toBeLessThan(900);
    const repeatsStart = performance.now();
    const repeats = await Promise.all(Array.from({ length: 6 }, () => login(flooder)));
    expect(performance.now() - repeatsStart).toBeGreaterThanOrEqual(950);
    for (const repeat of repeats) {
      expect(repeat.statusCode).toBe(429);
      expect(repeat.json().error).toEqual(first.json().error);
      // The wait said is what is left when the answer leaves, the hold deducted.
      expect(Number(repeat.headers['retry-after'])).toBeLessThanOrEqual(
        Number(first.headers['retry-after']) - 1,
      );
    }
    const refusals = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string; reason?: string })
      .filter((entry) => entry.msg === 'login refused' && entry.reason === 'throttled');
    expect(refusals.filter((entry) => entry.level === 30)).toHaveLength(1);
  });
});

describe(`the database store's writes (${testDialect})`, () => {
  /** The store on the suite's database, counting the statements that write (each one a disk flush on SQLite). */
  function countingStore() {
    const counted = { writes: 0 };
    const db = t.database.db.withPlugin({
      transformQuery: ({ node }) => {
        if (!SelectQueryNode.is(node)) counted.writes += 1;
        return node;
      },
      transformResult: async ({ result }) => result,
    });
    return { store: new DatabaseThrottleStore(db, t.database.dialect), counted };
  }

  it('writes both budgets of a failed check in one statement, and nothing for an attempt refused', async () => {
    const { store, counted } = countingStore();
    const h = harness(store);
    const username = `${unique()}@example.it`;
    for (let i = 0; i < 10; i++) {
      const before = counted.writes;
      expect(await h.attempt(clientAddress(), username, 'wrong')).toBe('checked');
      expect(counted.writes - before).toBe(1);
    }
    // The account must wait: refused from a fresh address, whose budget stays untouched.
    const before = counted.writes;
    expect(await h.attempt(clientAddress(), username, 'wrong')).toBeInstanceOf(AppError);
    expect(counted.writes - before).toBe(0);
  });

  it('forgets the buckets that say nothing any more, and keeps those still counting', async () => {
    const { store } = countingStore();
    const h = harness(store);
    const spent = `${unique()}@example.it`;
    const address = clientAddress();
    for (let i = 0; i < 10; i++) await h.attempt(address, spent, 'wrong');
    const keys = [`login-address|${address}`, `login-subject|account|${spent}`].map(hashThrottleKey);
    const rows = () =>
      t.database.db.selectFrom('login_throttle').select('key').where('key', 'in', keys).execute();
    expect(await rows()).toHaveLength(2);
    // 10 failures leak away from the address in 10 minutes; from the account in 150.
    await store.deleteExpired(h.now() + 11 * MINUTE);
    expect((await rows()).map((row) => row.key)).toEqual([keys[1]]);
    await store.deleteExpired(h.now() + 151 * MINUTE);
    expect(await rows()).toEqual([]);
  });

  it('gives back what an attempt took when a concurrent one made its account wait', async () => {
    const { store } = countingStore();
    const h = harness(store);
    const username = `${unique()}@example.it`;
    const address = clientAddress();
    // 10 checks spend the account's budget; the other 30 come in at the same moment from one address.
    const results = await Promise.all(
      Array.from({ length: 40 }, () => h.attempt(address, username, 'wrong')),
    );
    expect(results.filter((r) => r === 'checked')).toHaveLength(10);
    // The address has spent 10 of its 30 free failures, whatever the refused attempts took meanwhile.
    // (A refused attempt may have met a wait that a concurrent one set and gave back: the process
    // remembers it a few seconds at most.)
    h.advance(REMEMBER_REFUSAL_MS);
    const others = [];
    for (let i = 0; i < 21; i++) others.push(await h.attempt(address, `${unique()}@example.it`, 'wrong'));
    expect(others.filter((r) => r === 'checked')).toHaveLength(20);
    expect(others[20]).toBeInstanceOf(AppError);
  });
});

describe.runIf(withRedis)('the login route with REDIS_URL', () => {
  let first: TestApp;
  let second: AppInstance;
  beforeAll(async () => {
    first = await buildTestApp({ REDIS_URL, REDIS_PREFIX: prefix });
    second = await buildApp({
      config: first.config,
      db: first.database.db,
      dialect: first.database.dialect,
      mailer: { send: async () => {} },
    });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('shares the counts of two servers through Redis, and keeps nothing in the database', async () => {
    const account = await createAccount(first);
    const login = (app: AppInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/user/login',
        remoteAddress: clientAddress(),
        payload: { username: account.email, password },
      });
    for (let i = 0; i < 10; i++) {
      expect((await login(i % 2 ? second : first.app, `sbagliata-${i}`)).json().error.code).toBe(101);
    }
    for (const app of [first.app, second]) {
      const blocked = await login(app, account.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toEqual({
        code: 121,
        message: 'Troppi tentativi. Riprova tra 1 minuto.',
        status: 429,
      });
    }
    expect(await first.database.db.selectFrom('login_throttle').selectAll().execute()).toEqual([]);
    expect((await redis!.keys(`${prefix}throttle:*`)).length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the other credential limits in Redis too (password recovery: 5 per address)', async () => {
    const remoteAddress = clientAddress();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 ? second : first.app;
      const res = await app.inject({
        method: 'POST',
        url: '/user/passwordRecovery',
        remoteAddress,
        payload: { email: `x${i}@example.it` },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await redis!.keys(`${prefix}rate-limit:*`)).length).toBeGreaterThanOrEqual(1);
  });
});

describe('a flood of logins beyond the password queue', () => {
  let busy: TestApp;
  beforeAll(async () => {
    busy = await buildTestApp({
      PASSWORD_CONCURRENCY: '1',
      PASSWORD_QUEUE: '2',
    });
  });
  afterAll(() => busy.close());

  it('answers 124 at once to what does not fit, and those attempts do not count', async () => {
    const account = await createAccount(busy);
    const wrong = () =>
      busy.app.inject({
        method: 'POST',
        url: '/user/login',
        remoteAddress: clientAddress(),
        payload: { username: account.email, password: 'sbagliata' },
      });
    const flood = await Promise.all(Array.from({ length: 8 }, wrong));
    const codes = flood.map((res) => res.json().error.code as number);
    expect(codes.filter((c) => c !== 101 && c !== 124)).toEqual([]);
    const checked = codes.filter((c) => c === 101).length;

    expect(checked).toBeLessThan(8);
    const refused = flood.find((res) => res.json().error.code === 124)!;
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json().error.message).toBe(
      'Il server è molto occupato in questo momento. Riprova tra qualche secondo.',
    );
    // The account's budget is 10 failures: only the checked ones used it.
    for (let i = checked; i < 10; i++) {
      expect((await wrong()).json().error.code).toBe(101);
    }
    expect((await wrong()).json().error.code).toBe(121);
  });
});
