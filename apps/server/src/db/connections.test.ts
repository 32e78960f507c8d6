import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './database.ts';
import { preparedQuery } from './prepared.ts';
import type { Database } from './schema.ts';

// Two handles on one SQLite file stand for two server processes.
let dir: string;
let first: DatabaseHandle;
let second: DatabaseHandle;

interface Notes {
  notes: { id: number; text: string };
}
const notesOf = (db: Kysely<Database>) => db as unknown as Kysely<Notes>;

const noteText = preparedQuery((db, id: number) =>
  notesOf(db).selectFrom('notes').select('text').where('id', '=', id),
) as unknown as (db: Kysely<Database>, id: number) => Promise<{ text: string }[]>;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

beforeEach(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'stabile-snapshots-'));
  first = createDatabase({ dataDir: dir });
  second = createDatabase({ dataDir: dir });
  await sql`create table notes (id integer primary key, text text not null)`.execute(first.db);
  await notesOf(first.db).insertInto('notes').values({ id: 1, text: 'prima' }).execute();
});

afterEach(async () => {
  await first.destroy();
  await second.destroy();
  rmSync(dir, { recursive: true, force: true });
});

describe('reads of one turn of the event loop (SQLite)', () => {
  it("see the process's own writes at once, with or without a transaction, and RETURNING", async () => {
    const { db } = first;
    expect(await noteText(db, 1)).toEqual([{ text: 'prima' }]);
    await notesOf(db).updateTable('notes').set({ text: 'seconda' }).where('id', '=', 1).execute();
    expect(await noteText(db, 1)).toEqual([{ text: 'seconda' }]);
    await db.transaction().execute(async (trx) => {
      await notesOf(trx).updateTable('notes').set({ text: 'terza' }).where('id', '=', 1).execute();
    });
    expect(await noteText(db, 1)).toEqual([{ text: 'terza' }]);
    const [row] = await notesOf(db)
      .insertInto('notes')
      .values({ id: 2, text: 'nuova' })
      .returning('id')
      .execute();
    expect(row).toEqual({ id: 2 });
    expect(await noteText(db, 2)).toEqual([{ text: 'nuova' }]);
    // Committed at once: the other process reads it without waiting for this one's turn to end.
    expect(await noteText(second.db, 2)).toEqual([{ text: 'nuova' }]);
  });

  it("see another process's commit from the next turn on", async () => {
    expect(await noteText(first.db, 1)).toEqual([{ text: 'prima' }]);
    await notesOf(second.db).updateTable('notes').set({ text: 'altrove' }).where('id', '=', 1).execute();
    await nextTurn();
    expect(await noteText(first.db, 1)).toEqual([{ text: 'altrove' }]);
  });

  it('do not keep another process from writing, nor a stream from reading across turns', async () => {
    expect(await noteText(first.db, 1)).toEqual([{ text: 'prima' }]);
    await notesOf(second.db).insertInto('notes').values({ id: 3, text: 'terza' }).execute();
    const streamed: string[] = [];
    for await (const row of notesOf(first.db).selectFrom('notes').select('text').orderBy('id').stream()) {
      streamed.push(row.text);
      await nextTurn();
    }
    expect(streamed.length).toBeGreaterThanOrEqual(1);
    await nextTurn();
    expect(await noteText(first.db, 3)).toEqual([{ text: 'terza' }]);
  });
});
