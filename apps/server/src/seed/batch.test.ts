import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, testDialect } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import { insertRows } from './batch.ts';

describe('inserimenti in blocco dei dati generati', () => {
  let t: TestApp;
  let archiveId: number;

  beforeAll(async () => {
    t = await buildTestApp();
    archiveId = (await createTestSession(t)).archiveId;
  });
  afterAll(async () => {
    await t.close();
  });

  const counters = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => ({ archive_id: archiveId, name: `prova_${from + i}`, value: 1 }));

  it('inserisce ogni riga, anche oltre il limite di parametri di una sola istruzione', async () => {
    const { db, dialect } = t.database;
    // 3 columns a row: 25,000 rows need more than one statement on either database.
    await db
      .transaction()
      .execute((trx) => insertRows(trx, dialect, 'archive_counters', counters(0, 25_000)));
    const row = await db
      .selectFrom('archive_counters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('archive_id', '=', archiveId)
      .where('name', 'like', 'prova_%')
      .executeTakeFirstOrThrow();
    expect(Number(row.n)).toBe(25_000);
  });

  it.runIf(testDialect === 'postgres')(
    'su PostgreSQL le statistiche di una tabella cresciuta contano già le righe della transazione',
    async () => {
      const { db, dialect } = t.database;
      // What the foreign-key checks of the next rows are planned from: without it, the statistics of
      // the nearly empty table, and a plan that reads every row of the archive for each check.
      const estimated = await db.transaction().execute(async (trx) => {
        await insertRows(trx, dialect, 'archive_counters', counters(100_000, 60_000));
        const { rows } = await sql<{ reltuples: number }>`
          select reltuples from pg_class where oid = to_regclass('archive_counters')`.execute(trx);
        return Number(rows[0]?.reltuples);
      });
      expect(estimated).toBeGreaterThanOrEqual(60_000);
    },
  );
});
