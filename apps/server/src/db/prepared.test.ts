import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import { preparedQuery } from './prepared.ts';

describe('preparedQuery', () => {
  it('builds once and runs each call with its own arguments, constants kept, also in a transaction', async () => {
    const t = await buildTestApp();
    try {
      let builds = 0;
      const counter = preparedQuery((db, archiveId: number, name: string) => {
        builds++;
        return db
          .selectFrom('archive_counters')
          .select('value')
          .where('archive_id', '=', archiveId)
          .where('name', '=', name)
          .where('value', '>', -1)
          .limit(1);
      });
      const db = t.database.db;
      const one = (await createTestSession(t)).archiveId;
      const other = (await createTestSession(t)).archiveId;
      await db
        .insertInto('archive_counters')
        .values([
          { archive_id: one, name: 'prova_uno', value: 10 },
          { archive_id: one, name: 'prova_due', value: 20 },
        ])
        .execute();
      expect(await counter(db, one, 'prova_uno')).toEqual([{ value: 10 }]);
      expect(await counter(db, one, 'prova_due')).toEqual([{ value: 20 }]);
      expect(await counter(db, other, 'prova_uno')).toEqual([]);
      await db.transaction().execute(async (trx) => {
        expect(await counter(trx, one, 'prova_due')).toEqual([{ value: 20 }]);
      });
      expect(builds).toBe(1);
    } finally {
      await t.close();
    }
  });
});
