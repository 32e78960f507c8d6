import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testDialect } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import { PageBounds, StatementNames } from './pg-statements.ts';

describe('StatementNames', () => {
  it('names a text from its second use on, the same name every time', () => {
    const names = new StatementNames();
    const text = 'select value from archive_counters where archive_id = $1 and name = $2';
    expect(names.nameOf(text)).toBeUndefined();
    const name = names.nameOf(text);
    expect(name).toMatch(/^stabile_\d+$/);
    expect(names.nameOf(text)).toBe(name);
    const other = 'select 1 from persons where archive_id = $1';
    names.nameOf(other);
    expect(names.nameOf(other)).not.toBe(name);
  });

  it('never names a search of words or of a pattern, planned for its word each time', () => {
    const names = new StatementNames();
    const searches = [
      "select id from persons where archive_id = $1 and search_vector @@ to_tsquery('simple', $2)",
      'select id from rates where archive_id = $1 and lower(nome) like $2',
    ];
    for (const text of searches) {
      for (let i = 0; i < 5; i++) expect(names.nameOf(text)).toBeUndefined();
    }
  });

  it('names a bounded number of texts, then sends new ones unnamed', () => {
    const names = new StatementNames();
    const named = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const text = `select ${i} from archive_counters where archive_id = $1`;
      names.nameOf(text);
      const name = names.nameOf(text);
      if (name) named.add(name);
    }
    expect(named.size).toBe(500);
    expect(names.nameOf('select 5 from archive_counters where archive_id = $1')).toBeDefined();
  });
});

describe.runIf(testDialect === 'postgres')('named statements on PostgreSQL', () => {
  it('a repeated query runs prepared on its connection and answers as before, also in a transaction', async () => {
    const t = await buildTestApp();
    try {
      const db = t.database.db;
      const { archiveId } = await createTestSession(t);
      const query = (trx = db) =>
        trx
          .selectFrom('archive_counters')
          .select('value')
          .where('archive_id', '=', archiveId)
          .where('name', '=', 'prova_nominata')
          .execute();
      await db
        .insertInto('archive_counters')
        .values({ archive_id: archiveId, name: 'prova_nominata', value: 7 })
        .execute();
      for (let i = 0; i < 8; i++) expect(await query()).toEqual([{ value: 7 }]);
      await db.transaction().execute(async (trx) => {
        expect(await query(trx)).toEqual([{ value: 7 }]);
        const prepared = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements where name like 'stabile\_%'`.execute(trx);
        expect(prepared.rows.map((r) => r.statement)).toContain(
          'select "value" from "archive_counters" where "archive_id" = $1 and "name" = $2',
        );
      });
    } finally {
      await t.close();
    }
  });

  it('a page of a query runs with its LIMIT and OFFSET written in, kept with its generic plan', async () => {
    const t = await buildTestApp();
    try {
      const db = t.database.db;
      const { archiveId } = await createTestSession(t);
      await db
        .insertInto('archive_counters')
        .values(['a', 'b', 'c', 'd'].map((n, i) => ({ archive_id: archiveId, name: `prova_${n}`, value: i })))
        .execute();
      const page = (limit: number, offset: number, trx = db) =>
        trx
          .selectFrom('archive_counters')
          .select('name')
          .where('archive_id', '=', archiveId)
          .where('value', '>=', 0)
          .orderBy('name')
          .limit(limit)
          .offset(offset)
          .execute();
      for (let i = 0; i < 8; i++) {
        expect(await page(2, 1)).toEqual([{ name: 'prova_b' }, { name: 'prova_c' }]);
        expect(await page(3, 0)).toEqual([{ name: 'prova_a' }, { name: 'prova_b' }, { name: 'prova_c' }]);
      }
      await db.transaction().execute(async (trx) => {
        expect(await page(2, 1, trx)).toEqual([{ name: 'prova_b' }, { name: 'prova_c' }]);
        const prepared = await sql<{
          statement: string;
          generic_plans: number;
        }>`select statement, generic_plans from pg_prepared_statements where name like 'stabile\_%'`.execute(
          trx,
        );
        const named = prepared.rows.find((r) => r.statement.endsWith('limit 2 offset 1'));
        expect(named?.statement).toMatch(
          /"archive_id" = \$1 and "value" >= \$2 order by "name" limit 2 offset 1$/,
        );
        expect(Number(named?.generic_plans)).toBeGreaterThan(0);
      });
    } finally {
      await t.close();
    }
  });
});

describe('PageBounds', () => {
  it('writes a LIMIT and OFFSET into the text and renumbers the other parameters', () => {
    const bounds = new PageBounds();
    const query =
      'select id from activities where archive_id = $1 and stato = $2 order by id desc limit $3 offset $4 ';
    expect(bounds.apply(query, [5, 'aperta', 20, 40])).toMatchObject({
      text: 'select id from activities where archive_id = $1 and stato = $2 order by id desc limit 20 offset 40 ',
      values: [5, 'aperta'],
    });
    // Bounds inside a statement, parameters after them renumbered in order.
    const nested = 'select * from (select id from a where x = $1 limit $2) s where y = $3 limit $4';
    expect(bounds.apply(nested, [7, 16, 'b', 15])).toMatchObject({
      text: 'select * from (select id from a where x = $1 limit 16) s where y = $2 limit 15',
      values: [7, 'b'],
    });
    // Each page has its own text; the same page the same text.
    expect(bounds.apply(query, [9, 'chiusa', 20, 0])).toMatchObject({
      text: 'select id from activities where archive_id = $1 and stato = $2 order by id desc limit 20 offset 0 ',
      values: [9, 'chiusa'],
    });
  });

  it('leaves a bound that is not a whole number, or is used elsewhere too, as a parameter', () => {
    const bounds = new PageBounds();
    const query = 'select id from a where x = $1 limit $2';
    expect(bounds.apply(query, [1, '20'])).toMatchObject({ text: query, values: [1, '20'] });
    expect(bounds.apply(query, [1, 2.5])).toMatchObject({ text: query, values: [1, 2.5] });
    const shared = 'select id from a where x = $1 and y < $2 limit $2';
    expect(bounds.apply(shared, [1, 20])).toMatchObject({ text: shared, values: [1, 20] });
    // Placeholders without a number: nothing to write in.
    const sqlite = 'select id from a where x = ? limit ?';
    expect(bounds.apply(sqlite, [1, 20])).toMatchObject({ text: sqlite, values: [1, 20] });
  });
});
