import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDatabase } from './database.ts';
import { logSync, WalFlush } from './wal-flush.ts';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Settles what is settled by now (a flush's callers resolve a few promise hops after their sync). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('WalFlush', () => {
  it('answers a call only after a sync that began after it, one sync for the calls that waited together', async () => {
    const syncs: Array<ReturnType<typeof deferred>> = [];
    const flush = new WalFlush('unused', () => {
      const sync = deferred();
      syncs.push(sync);
      return sync.promise;
    });
    const done: string[] = [];
    const first = flush.flush().then(() => done.push('first'));
    // Three commits while the first sync runs: that sync may have begun before them.
    const later = [1, 2, 3].map((n) => flush.flush().then(() => done.push(`later ${n}`)));
    expect(flush.syncs).toBe(1);
    syncs[0]?.resolve();
    await first;
    await settle();
    expect(done).toEqual(['first']);
    // They share the second sync.
    expect(flush.syncs).toBe(2);
    syncs[1]?.resolve();
    await Promise.all(later);
    expect(done).toEqual(['first', 'later 1', 'later 2', 'later 3']);
    expect(flush.syncs).toBe(2);
  });

  it('fails the callers of a sync that fails, and syncs again for the next', async () => {
    let fail = true;
    const flush = new WalFlush('unused', async () => {
      if (fail) throw new Error('EIO');
    });
    await expect(flush.flush()).rejects.toThrow('EIO');
    fail = false;
    await expect(flush.flush()).resolves.toBeUndefined();
    expect(flush.syncs).toBe(2);
  });
});

describe('SQLite writes on a file', () => {
  let dir: string | undefined;
  afterEach(() => {
    vi.restoreAllMocks();
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** Holds every sync of the log until the test lets it go; counts them. */
  function holdLogSyncs() {
    const datasync = logSync.datasync.bind(logSync);
    const held: Array<ReturnType<typeof deferred>> = [];
    vi.spyOn(logSync, 'datasync').mockImplementation(async (file) => {
      const sync = deferred();
      held.push(sync);
      await sync.promise;
      await datasync(file);
    });
    return held;
  }

  it('are answered after their log is synced, while other connections already read them', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stabile-wal-'));
    const file = path.join(dir, 'test.db');
    const writer = createDatabase({ dataDir: dir, sqliteFile: file });
    const reader = createDatabase({ dataDir: dir, sqliteFile: file });
    try {
      expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(writer.db)).rows).toEqual([
        { synchronous: 1 },
      ]);
      await sql`create table versamenti (id integer primary key, importo integer)`.execute(writer.db);
      const held = holdLogSyncs();

      let answered = false;
      const payment = writer.db
        .transaction()
        .execute((trx) => sql`insert into versamenti (importo) values (100)`.execute(trx))
        .then(() => {
          answered = true;
        });
      await vi.waitFor(() => expect(held).toHaveLength(1));
      await settle();
      // Committed and the write lock free (another connection reads it and writes), not yet answered.
      expect(answered).toBe(false);
      expect((await sql`select importo from versamenti`.execute(reader.db)).rows).toEqual([{ importo: 100 }]);
      const other = new SQLite(file, { timeout: 0 });
      other.prepare('insert into versamenti (importo) values (1)').run();
      other.close();

      // Twenty more payments while the first sync is held: they wait for one sync of their own.
      const more = Array.from({ length: 20 }, (_, i) =>
        writer.db
          .transaction()
          .execute((trx) => sql`insert into versamenti (importo) values (${i})`.execute(trx)),
      );
      let moreAnswered = false;
      const allMore = Promise.all(more).then(() => {
        moreAnswered = true;
      });
      await settle();
      expect(moreAnswered).toBe(false);
      held[0]?.resolve();
      await payment;
      expect(answered).toBe(true);
      await vi.waitFor(() => expect(held.length).toBeGreaterThanOrEqual(2));
      for (const sync of held) sync.resolve();
      await allMore;
      // The first payment's sync, then one shared by the twenty (a few more at most, should the twenty
      // not all have committed before it began).
      expect(held.length).toBeLessThan(6);
      expect(
        (await sql<{ n: number }>`select count(*) as n from versamenti`.execute(reader.db)).rows,
      ).toEqual([{ n: 22 }]);
    } finally {
      await writer.destroy();
      await reader.destroy();
    }
  });

  it('a write outside a transaction is answered after its sync too; reads sync nothing', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stabile-wal-'));
    const file = path.join(dir, 'test.db');
    const { db, destroy } = createDatabase({ dataDir: dir, sqliteFile: file });
    try {
      await sql`create table note (id integer primary key, testo text)`.execute(db);
      const held = holdLogSyncs();
      await sql`select count(*) from note`.execute(db);
      await db
        .transaction()
        .setAccessMode('read only')
        .execute((trx) => sql`select 1`.execute(trx));
      expect(held).toHaveLength(0);
      let answered = false;
      const write = sql`insert into note (testo) values ('uno')`.execute(db).then(() => {
        answered = true;
      });
      await vi.waitFor(() => expect(held).toHaveLength(1));
      await settle();
      expect(answered).toBe(false);
      held[0]?.resolve();
      await write;
      expect(answered).toBe(true);
    } finally {
      await destroy();
    }
  });
});
