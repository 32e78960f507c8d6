import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../db/database.ts';
import { nextId, readCounter } from '../db/ids.ts';
import type { Database } from '../db/schema.ts';

/** Bound parameters per statement: SQLite allows 32,766, PostgreSQL 65,535; stay well below. */
const MAX_PARAMS: Record<DialectName, number> = { sqlite: 30_000, postgres: 60_000 };

/**
 * Inserts rows with multi-row INSERT statements, as many rows per statement as the dialect's
 * parameter limit allows. All rows must have the same columns. Call inside a transaction.
 */
export async function insertRows<T extends keyof Database & string>(
  db: Kysely<Database>,
  dialect: DialectName,
  table: T,
  rows: ReadonlyArray<Database[T]>,
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = Object.keys(first as object).length;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS[dialect] / columns));
  // biome-ignore lint/suspicious/noExplicitAny: one generic insert for every table
  const untyped = db as unknown as Kysely<any>;
  for (let start = 0; start < rows.length; start += perStatement) {
    await untyped
      .insertInto(table)
      .values(rows.slice(start, start + perStatement) as never)
      .execute();
  }
  if (dialect === 'postgres') await analyzeWhenGrown(db, table, rows.length);
}

/** Rows this process has inserted per table, and how many of them its last ANALYZE had seen. */
const grown = new Map<string, { inserted: number; analyzed: number }>();

/**
 * PostgreSQL plans a foreign-key check from the statistics of the table it looks in. Statistics taken
 * while the table was nearly empty (the demo archive) give its indexes the same cost, and it may pick
 * one that only starts with `archive_id` (persons' `(archive_id, descr_sort, id)`): each check of a
 * large archive's row then read every row of the archive, and registry_units, instalments and
 * payments took minutes a statement. ANALYZE in the transaction counts the transaction's own rows and
 * makes those checks plan again; it runs each time a table has doubled (a few times for a million rows).
 */
async function analyzeWhenGrown(db: Kysely<Database>, table: string, added: number): Promise<void> {
  const counts = grown.get(table) ?? { inserted: 0, analyzed: 0 };
  counts.inserted += added;
  grown.set(table, counts);
  if (counts.inserted < Math.max(1000, 2 * counts.analyzed)) return;
  counts.analyzed = counts.inserted;
  await sql`analyze ${sql.table(table)}`.execute(db);
}

/** Reserves `count` ids of a per-archive counter and returns them. */
export async function reserveIds(
  db: Kysely<Database>,
  archiveId: number,
  counter: string,
  count: number,
): Promise<number[]> {
  if (count <= 0) return [];
  const first = await nextId(db, archiveId, counter, count);
  return Array.from({ length: count }, (_, i) => first + i);
}

/**
 * Ids of one per-archive counter handed out while rows are generated, and reserved in one step
 * at the end (`commit`). Use inside the transaction of the inserts, with no other writer of the
 * counter in between (the seed owns the archive while it fills it).
 */
export class SeedIds {
  private constructor(
    private readonly counter: string,
    private readonly first: number,
    private nextValue: number,
  ) {}

  static async start(db: Kysely<Database>, archiveId: number, counter: string): Promise<SeedIds> {
    const current = await readCounter(db, archiveId, counter);
    return new SeedIds(counter, current + 1, current + 1);
  }

  take(): number {
    return this.nextValue++;
  }

  get used(): number {
    return this.nextValue - this.first;
  }

  async commit(db: Kysely<Database>, archiveId: number): Promise<void> {
    if (this.used === 0) return;
    const first = await nextId(db, archiveId, this.counter, this.used);
    if (first !== this.first) throw new Error(`Contatore ${this.counter} cambiato durante il seed`);
  }
}
