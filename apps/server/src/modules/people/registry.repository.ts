import { COUNT_CAP } from '@stabile/contract';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { dialectOf, hasWordCharacter, idList, inIdList } from '../../db/dialect.ts';
import { addToCounter, nextId, readCounter } from '../../db/ids.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { ftsMatchOf } from '../../db/search-terms.ts';
import { deleteVersioned, tryUpdateVersioned } from '../../db/versioned.ts';
import { LIST_COLUMNS, type RegistryListRow, type RegistryValues } from './people.mapper.ts';
import type { RegistryRow } from './people.table.ts';
import {
  cappedCount,
  firstMatches,
  hasFilters,
  listPageRows,
  PEOPLE_INDEXED_PREFIX,
  pageOfMatches,
  perTable,
  pgSearchPage,
  pgStartPage,
  type RegistryFilters,
  type RegistryQuery,
  type RegistryTable,
  searchTerms,
} from './people-search.ts';

/*
 * Persons and providers share one row shape, so one repository serves both tables. Every function
 * takes the archive id: there is no query without it.
 */

/** Counter of the rows of a table in an archive (the unfiltered list total). */
export const totalCounter = (table: RegistryTable) => `${table}_total`;

// Kysely types one table at a time; both tables have the same columns.
const from = (table: RegistryTable) => `${table} as r` as 'persons as r';

export interface RegistryPageOptions extends RegistryFilters {
  offset: number;
  limit: number;
  search?: string | undefined;
}

export async function listRegistry(
  db: Kysely<Database>,
  dialect: DialectName,
  table: RegistryTable,
  archiveId: number,
  options: RegistryPageOptions,
): Promise<{ rows: RegistryListRow[]; total: number; capped: boolean }> {
  const filters: RegistryFilters = { tipoAttivitaID: options.tipoAttivitaID, durcStato: options.durcStato };
  const filtered = hasFilters(filters);
  const page = { limit: options.limit, offset: options.offset };
  const query: RegistryQuery = {
    dialect,
    table,
    archiveId,
    terms: options.search ? searchTerms(options.search) : [],
    filters,
  };
  // A search with no letter or digit ("%%%", "___") matches nothing, rather than listing everything.
  if (options.search && !hasWordCharacter(options.search)) return { rows: [], total: 0, capped: false };

  // SQLite search: count the matches in the FTS index first (cheap, capped). None: nothing to read.
  // Up to COUNT_CAP: sort the matches themselves, whatever their place in the alphabet (a surname
  // like "rossi" sits late in description order, where walking the order would read most of the
  // archive first). More: walking the description order meets matches soon.
  if (dialect === 'sqlite' && query.terms.length > 0) {
    const match = await ftsMatchOf(db, query.terms, PEOPLE_INDEXED_PREFIX);
    const matches = await firstMatches(db, table, archiveId, match, COUNT_CAP);
    if (matches.count === 0) return { rows: [], total: 0, capped: false };
    const few = matches.count <= COUNT_CAP;
    const ids = await pageOfMatches(
      db,
      table,
      archiveId,
      few
        ? { matchIds: matches.ids, count: matches.count, terms: query.terms }
        : { terms: query.terms, match },
      filters,
      page,
    );
    const rows = await rowsInOrder(db, table, archiveId, ids);
    if (!filtered) return { rows, total: few ? matches.count : COUNT_CAP, capped: !few };
    if (options.offset === 0 && rows.length < options.limit)
      return { rows, total: rows.length, capped: false };
    return { rows, ...(await cappedCount(db, { ...query, ftsMatch: match })) };
  }

  if (dialect === 'postgres' && query.terms.length > 0 && !filtered) {
    const started = await pgStartPage(db, table, archiveId, query.terms, page);
    if (started) return started;
    const { ids, total, capped } = await pgSearchPage(db, table, archiveId, query.terms, page);
    return { rows: await rowsInOrder(db, table, archiveId, ids), total, capped };
  }

  if (query.terms.length === 0 && !filtered) {
    // The page and the archive's total in one statement; an empty page (past the end) reads the
    // total alone.
    const found = await pageWithTotal[table](db, archiveId, totalCounter(table), page.limit, page.offset);
    const total = found[0]
      ? Number(found[0].total ?? 0)
      : await readCounter(db, archiveId, totalCounter(table));
    return { rows: found.map(({ total: _, ...row }) => row), total, capped: false };
  }
  const rows = await listPageRows(db, query, page);
  // A short first page is its own count.
  if (options.offset === 0 && rows.length < options.limit) return { rows, total: rows.length, capped: false };
  return { rows, ...(await cappedCount(db, query)) };
}

/** A page of the whole list in description order, each row with the archive's total (its counter). */
const pageWithTotal = perTable((table) =>
  preparedQuery((db, archiveId: number, counter: string, limit: number, offset: number) =>
    db
      .selectFrom(from(table))
      .select(LIST_COLUMNS.map((c) => `r.${c}` as const))
      .select(
        sql<
          number | string | null
        >`(select value from archive_counters where archive_id = ${archiveId} and name = ${counter})`.as(
          'total',
        ),
      )
      .where('r.archive_id', '=', archiveId)
      .orderBy('r.descr_sort')
      .orderBy('r.id')
      .limit(limit)
      .offset(offset),
  ),
);

/** The list columns of some rows, in the order of `ids`. */
async function rowsInOrder(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  ids: number[],
): Promise<RegistryListRow[]> {
  if (ids.length === 0) return [];
  const byIds = table === 'persons' ? personsByIds : providersByIds;
  const rows = await byIds(db, archiveId, idList(dialectOf(db), ids));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The list columns of some rows by id (an idList): one shape, compiled once. */
const rowsByIds = (table: RegistryTable) =>
  preparedQuery((db, archiveId: number, ids: string | number[]) =>
    db
      .selectFrom(from(table))
      .select(LIST_COLUMNS.map((c) => `r.${c}` as const))
      .where('r.archive_id', '=', archiveId)
      .where(inIdList(dialectOf(db), 'r.id', ids)),
  );
const personsByIds = rowsByIds('persons');
const providersByIds = rowsByIds('providers');

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
  const key = { archiveId, id, objVersion };
  return (
    (await tryUpdateVersioned(db, table as 'persons', key, { ...values, updated_at: now })) !== undefined
  );
}

export async function deleteRegistry(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  id: number,
  objVersion: number,
): Promise<void> {
  await deleteVersioned(db, table as 'persons', { archiveId, id, objVersion });
  await addToCounter(db, archiveId, totalCounter(table), -1);
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
