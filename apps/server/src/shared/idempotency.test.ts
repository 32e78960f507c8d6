import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../test/sessions.ts';
import { operationKeyTiming, runOnce } from './idempotency.ts';

let t: TestApp;
let s: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3600_000;

/** runOnce in a transaction of its own, counting how many times the write ran. */
function once(key: string, body: unknown, now: Date, runs: { n: number }) {
  return t.database.db.transaction().execute((trx) =>
    runOnce(
      trx,
      s.archiveId,
      key,
      'prova',
      body,
      async () => {
        runs.n++;
        return { run: runs.n };
      },
      now,
    ),
  );
}

const keys = () =>
  t.database.db
    .selectFrom('idempotency_keys')
    .select(['chiave', 'created_at'])
    .where('archive_id', '=', s.archiveId)
    .orderBy('chiave')
    .execute();

describe("an operation's key (runOnce)", () => {
  it('runs the write once, refuses the key for another request, forgets it after 48 hours', async () => {
    const start = new Date('2026-05-01T10:00:00.000Z');
    const at = (hours: number) => new Date(start.getTime() + hours * HOUR);
    const runs = { n: 0 };
    expect(await once('chiave-uno', { a: 1 }, at(0), runs)).toEqual({ run: 1 });
    expect(await once('chiave-uno', { a: 1 }, at(30), runs)).toEqual({ run: 1 });
    await expect(once('chiave-uno', { a: 2 }, at(30), runs)).rejects.toMatchObject({ code: 115 });
    expect(runs.n).toBe(1);
    // Past 48 hours the key is forgotten by its own claim, though the archive's expired keys were
    // cleared less than a minute ago (by the process's clock) and the key is still there.
    const every = operationKeyTiming.clearEveryMs;
    operationKeyTiming.clearEveryMs = 100 * HOUR;
    try {
      expect(await once('chiave-uno', { a: 2 }, at(49), runs)).toEqual({ run: 2 });
      expect(await once('chiave-uno', { a: 2 }, at(50), runs)).toEqual({ run: 2 });
      expect(await once('chiave-due', { b: 1 }, at(50), runs)).toEqual({ run: 3 });
      // Not cleared yet: the key of 49 hours ago is still kept 48 hours after it.
      expect((await keys()).map((k) => k.chiave)).toEqual(['chiave-due', 'chiave-uno']);
      operationKeyTiming.clearEveryMs = 0;
      // A claim 100 hours on clears the archive's expired keys.
      expect(await once('chiave-tre', { c: 1 }, at(100), runs)).toEqual({ run: 4 });
      expect((await keys()).map((k) => k.chiave)).toEqual(['chiave-tre']);
    } finally {
      operationKeyTiming.clearEveryMs = every;
    }
  });

  it('without a key just runs the write, every time', async () => {
    const runs = { n: 0 };
    const run = () =>
      t.database.db
        .transaction()
        .execute((trx) => runOnce(trx, s.archiveId, undefined, 'prova', {}, async () => ++runs.n));
    expect([await run(), await run()]).toEqual([1, 2]);
  });
});
