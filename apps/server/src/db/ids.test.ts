import { expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app.ts';
import { createTestSession } from '../test/sessions.ts';
import { nextId, nextIds, readCounter, readCounters } from './ids.ts';

it('nextIds takes one id of each counter at once, in the order named, new counters from 1', async () => {
  const t = await buildTestApp();
  try {
    const db = t.database.db;
    const one = (await createTestSession(t)).archiveId;
    const other = (await createTestSession(t)).archiveId;
    await nextId(db, one, 'prova_a', 41);
    expect(await nextIds(db, one, ['prova_a', 'prova_b', 'prova_c'])).toEqual([42, 1, 1]);
    const inTransaction = await db.transaction().execute((trx) => nextIds(trx, one, ['prova_c', 'prova_a']));
    expect(inTransaction).toEqual([2, 43]);
    expect(await readCounter(db, one, 'prova_b')).toBe(1);
    // Another archive's counters are its own; a rolled back transaction gives its ids back.
    expect(await nextIds(db, other, ['prova_a'])).toEqual([1]);
    await expect(
      db.transaction().execute(async (trx) => {
        await nextIds(trx, one, ['prova_a']);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await readCounter(db, one, 'prova_a')).toBe(43);
  } finally {
    await t.close();
  }
});

it('readCounters sums the counters named of one archive, a missing one as 0', async () => {
  const t = await buildTestApp();
  try {
    const db = t.database.db;
    const one = (await createTestSession(t)).archiveId;
    const other = (await createTestSession(t)).archiveId;
    await nextId(db, one, 'prova_a', 7);
    await nextId(db, one, 'prova_b', 30);
    await nextId(db, other, 'prova_a', 1000);
    expect(await readCounters(db, one, ['prova_a', 'prova_b', 'prova_mancante'])).toBe(37);
    expect(await readCounters(db, one, ['prova_b'])).toBe(30);
    expect(await readCounters(db, one, [])).toBe(0);
    expect(await readCounters(db, other, ['prova_a', 'prova_b'])).toBe(1000);
  } finally {
    await t.close();
  }
});
