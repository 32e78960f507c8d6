import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from './database.ts';

describe('SQLite rows', () => {
  it('are the objects better-sqlite3 itself would give, for all() and for a stream', async () => {
    const { db, destroy } = createDatabase({ dataDir: '.', sqliteFile: ':memory:' });
    const plain = new SQLite(':memory:');
    try {
      const query = `select 1 as n, 'testo' as s, null as z, x'0102' as b, 2.5 as r, 'primo' as d, 'ultimo' as d
        from (select 1 union all select 2)`;
      const expected = plain.prepare(query).all();
      expect(expected[0]).toEqual({ n: 1, s: 'testo', z: null, b: Buffer.from([1, 2]), r: 2.5, d: 'ultimo' });
      const compiled = sql.raw(query).compile(db);
      expect((await db.executeQuery(compiled)).rows).toEqual(expected);
      // Again: the second run reuses the cached statement.
      expect((await db.executeQuery(compiled)).rows).toEqual(expected);
      const streamed: unknown[] = [];
      const query2 = `select 1 as n, 'testo' as s, null as z from (select 1 union all select 2)`;
      const subquery = db.selectFrom(sql.raw(`(${query2})`).as('q')).selectAll();
      for await (const row of subquery.stream()) streamed.push(row);
      expect(streamed).toEqual(plain.prepare(query2).all());
      await sql`create table t (id integer primary key, v text)`.execute(db);
      const inserted = await sql`insert into t (v) values (${'uno'})`.execute(db);
      expect(inserted.numAffectedRows).toBe(1n);
      expect(
        (await sql<{ id: number; v: string }>`select id, v from t where v = ${'uno'}`.execute(db)).rows,
      ).toEqual([{ id: 1, v: 'uno' }]);
    } finally {
      plain.close();
      await destroy();
    }
  });
});

describe('SQLite LIMIT', () => {
  it('is compiled as an expression (`limit +?`) and still limits and offsets as bound', async () => {
    const prepared: string[] = [];
    const { db, destroy } = createDatabase({
      dataDir: '.',
      sqliteFile: ':memory:',
      onPrepare: (source) => prepared.push(source),
    });
    try {
      await sql`create table n (v integer primary key)`.execute(db);
      await sql`insert into n (v) values (1), (2), (3), (4), (5)`.execute(db);
      const page = (limit: number, offset: number) =>
        db
          .selectFrom('n' as never)
          .select(sql<number>`v`.as('v'))
          .orderBy(sql`v`)
          .limit(limit)
          .offset(offset);
      expect(page(2, 1).compile().sql).toMatch(/limit \+\? offset \?$/);
      expect((await page(2, 1).execute()).map((r) => r.v)).toEqual([2, 3]);
      expect((await page(3, 3).execute()).map((r) => r.v)).toEqual([4, 5]);
      expect((await page(0, 0).execute()).map((r) => r.v)).toEqual([]);
      // An expression after the plus: (+limit) - 1.
      const less = db
        .selectFrom('n' as never)
        .select(sql<number>`v`.as('v'))
        .orderBy(sql`v`)
        .limit(sql<number>`${4} - 1`);
      expect((await less.execute()).map((r) => r.v)).toEqual([1, 2, 3]);
      // One statement for both pages: the limit is a parameter, not part of the text.
      expect(prepared.filter((s) => s.includes('limit +?'))).toHaveLength(2);
    } finally {
      await destroy();
    }
  });
});

describe('SQLite transactions', () => {
  it('hold the write lock from their start: another process that writes meanwhile waits, the transaction never fails', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'stabile-tx-'));
    const file = path.join(dir, 'stabile.db');
    const { db, destroy } = createDatabase({ dataDir: dir, sqliteFile: file });
    // Another server process on the same file (a short busy timeout: it gives up instead of waiting).
    const other = new SQLite(file, { timeout: 50 });
    try {
      await sql`create table t (id integer primary key, v text)`.execute(db);
      await sql`insert into t (v) values ('prima')`.execute(db);
      const otherWrite = () => other.prepare(`insert into t (v) values ('altro processo')`).run();
      let refusedMeanwhile = false;
      await db.transaction().execute(async (trx) => {
        // Read first, then write: with a deferred BEGIN the other process's write got in between
        // and this transaction's own write then failed with "database is locked".
        const before = await sql<{ n: number }>`select count(*) as n from t`.execute(trx);
        expect(before.rows[0]?.n).toBe(1);
        try {
          otherWrite();
        } catch (error) {
          refusedMeanwhile = (error as { code?: string }).code === 'SQLITE_BUSY';
        }
        await sql`insert into t (v) values ('dopo la lettura')`.execute(trx);
      });
      expect(refusedMeanwhile).toBe(true);
      otherWrite();
      const rows = await sql<{ v: string }>`select v from t order by id`.execute(db);
      expect(rows.rows.map((r) => r.v)).toEqual(['prima', 'dopo la lettura', 'altro processo']);
      // A read-only transaction takes no write lock.
      await db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          await sql`select count(*) from t`.execute(trx);
          otherWrite();
        });
    } finally {
      other.close();
      await destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
