import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import { preparedQuery, shapedQuery } from './prepared.ts';

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

  it('never reads what another request has written but not yet committed', async () => {
    const t = await buildTestApp();
    try {
      const counter = preparedQuery((db, archiveId: number, name: string) =>
        db
          .selectFrom('archive_counters')
          .select('value')
          .where('archive_id', '=', archiveId)
          .where('name', '=', name),
      );
      const db = t.database.db;
      const archiveId = (await createTestSession(t)).archiveId;
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let written = () => {};
      const inserted = new Promise<void>((resolve) => {
        written = resolve;
      });
      // A request's transaction writes, then waits (for a mail, say) and fails: rolled back.
      const failing = db
        .transaction()
        .execute(async (trx) => {
          await trx
            .insertInto('archive_counters')
            .values({ archive_id: archiveId, name: 'in_sospeso', value: 1 })
            .execute();
          written();
          await held;
          throw new Error('annullata');
        })
        .catch(() => 'rolled back');
      await inserted;
      // Another request reads meanwhile: it never sees the row (SQLite makes it wait for the
      // transaction, PostgreSQL answers from what is committed).
      let seen: unknown;
      const reading = counter(db, archiveId, 'in_sospeso').then((rows) => {
        seen = rows;
        return rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(seen).not.toEqual([{ value: 1 }]);
      release();
      expect(await failing).toBe('rolled back');
      expect(await reading).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('shapedQuery', () => {
  it('builds once per shape, and each call of a shape runs with its own values', async () => {
    const t = await buildTestApp();
    try {
      let builds = 0;
      const counters = shapedQuery(
        (db, shape: { above: boolean; order: 'asc' | 'desc' }, v: Record<string, unknown>) => {
          builds++;
          let q = db
            .selectFrom('archive_counters')
            .select(['name', 'value'])
            .where('archive_id', '=', v.archiveId as number);
          if (shape.above) q = q.where('value', '>', v.min as number);
          return q.orderBy('value', shape.order);
        },
      );
      const db = t.database.db;
      const one = (await createTestSession(t)).archiveId;
      const other = (await createTestSession(t)).archiveId;
      await db
        .insertInto('archive_counters')
        .values([
          { archive_id: one, name: 'prova_uno', value: 10 },
          { archive_id: one, name: 'prova_due', value: 20 },
          { archive_id: other, name: 'prova_tre', value: 30 },
        ])
        .execute();
      const names = async (shape: { above: boolean; order: 'asc' | 'desc' }, v: Record<string, unknown>) =>
        (await counters(db, shape, v)).filter((r) => r.name.startsWith('prova_')).map((r) => r.name);
      expect(await names({ above: true, order: 'asc' }, { archiveId: one, min: 5 })).toEqual([
        'prova_uno',
        'prova_due',
      ]);
      expect(await names({ above: true, order: 'asc' }, { archiveId: one, min: 15 })).toEqual(['prova_due']);
      expect(await names({ above: true, order: 'asc' }, { archiveId: other, min: 15 })).toEqual([
        'prova_tre',
      ]);
      expect(builds).toBe(1);
      expect(await names({ above: true, order: 'desc' }, { archiveId: one, min: 5 })).toEqual([
        'prova_due',
        'prova_uno',
      ]);
      expect(await names({ above: false, order: 'asc' }, { archiveId: one })).toEqual([
        'prova_uno',
        'prova_due',
      ]);
      expect(builds).toBe(3);
    } finally {
      await t.close();
    }
  });
});
