import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { addToCounter, nextId, readCounter } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { LIST_COLUMNS, type RegistryListRow, type RegistryValues } from './people.mapper.ts';
import type { RegistryRow } from './people.table.ts';
import { cappedCount, type RegistryTable, searchPredicate } from './people-search.ts';

/*
 * Persons and providers share one row shape, so one repository serves both tables. Every function
 * takes the archive id: there is no query without it.
 */

/** Counter of the rows of a table in an archive (the unfiltered list total). */
export const totalCounter = (table: RegistryTable) => `${table}_total`;

// Kysely types one table at a time; both tables have the same columns.
const from = (table: RegistryTable) => `${table} as r` as 'persons as r';

export interface RegistryPageOptions {
  offset: number;
  limit: number;
  search?: string | undefined;
  tipoAttivitaID?: number | undefined;
  durcStato?: number | undefined;
}

export async function listRegistry(
  db: Kysely<Database>,
  dialect: DialectName,
  table: RegistryTable,
  archiveId: number,
  options: RegistryPageOptions,
): Promise<{ rows: RegistryListRow[]; total: number; capped: boolean }> {
  const predicates: RawBuilder<SqlBool>[] = [];
  if (options.search) {
    const predicate = searchPredicate(dialect, table, 'r', archiveId, options.search);
    if (predicate) predicates.push(predicate);
  }
  if (options.tipoAttivitaID !== undefined) {
    predicates.push(sql<SqlBool>`r.tipo_attivita_id = ${options.tipoAttivitaID}`);
  }
  if (options.durcStato !== undefined) predicates.push(sql<SqlBool>`r.durc_stato = ${options.durcStato}`);

  let query = db
    .selectFrom(from(table))
    .select(LIST_COLUMNS.map((c) => `r.${c}` as const))
    .where('r.archive_id', '=', archiveId);
  for (const p of predicates) query = query.where(p);
  const rows = await query
    .orderBy('r.descr_sort')
    .orderBy('r.id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();

  if (predicates.length === 0) {
    return { rows, total: await readCounter(db, archiveId, totalCounter(table)), capped: false };
  }
  // A short first page is its own count.
  if (options.offset === 0 && rows.length < options.limit) return { rows, total: rows.length, capped: false };
  const { count, capped } = await cappedCount(db, table, archiveId, predicates);
  return { rows, total: count, capped };
}

export async function findRegistry(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  id: number,
): Promise<RegistryRow | undefined> {
  return db
    .selectFrom(from(table))
    .selectAll('r')
    .where('r.archive_id', '=', archiveId)
    .where('r.id', '=', id)
    .executeTakeFirst();
}

export async function insertRegistry(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  values: RegistryValues,
  now: string,
): Promise<number> {
  const id = await nextId(db, archiveId, table);
  await db
    .insertInto(table as 'persons')
    .values({ ...values, archive_id: archiveId, id, created_at: now, updated_at: now, obj_version: 1 })
    .execute();
  await addToCounter(db, archiveId, totalCounter(table), 1);
  return id;
}

/** Updates when the version matches; returns false when the row is missing or stale. */
export async function updateRegistry(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  id: number,
  objVersion: number,
  values: RegistryValues,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table as 'persons')
    .set({ ...values, updated_at: now, obj_version: objVersion + 1 })
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .where('obj_version', '=', objVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteRegistry(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  id: number,
  objVersion: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table as 'persons')
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .where('obj_version', '=', objVersion)
    .executeTakeFirst();
  const deleted = Number(result.numDeletedRows) === 1;
  if (deleted) await addToCounter(db, archiveId, totalCounter(table), -1);
  return deleted;
}

/** Bulk insert for the seed and the large-archive generator (ids reserved in one counter step). */
export async function insertRegistryBatch(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  rows: RegistryValues[],
  now: string,
  chunkSize = 200,
): Promise<number[]> {
  if (rows.length === 0) return [];
  const first = await nextId(db, archiveId, table, rows.length);
  const ids = rows.map((_, i) => first + i);
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize).map((values, i) => ({
      ...values,
      archive_id: archiveId,
      id: first + start + i,
      created_at: now,
      updated_at: now,
      obj_version: 1,
    }));
    await db
      .insertInto(table as 'persons')
      .values(chunk)
      .execute();
  }
  await addToCounter(db, archiveId, totalCounter(table), rows.length);
  return ids;
}
