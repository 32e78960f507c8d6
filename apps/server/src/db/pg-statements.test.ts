import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildTestApp, testDialect } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import { StatementNames } from './pg-statements.ts';

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
});
