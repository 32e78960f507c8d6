import { SEARCH_COUNT_CAP } from '@stabile/contract';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { dialectOf, idList, inIdList } from '../../db/dialect.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { ftsMatchOf } from '../../db/search-terms.ts';
import {
  firstMatches,
  PEOPLE_INDEXED_PREFIX,
  perTable,
  type RegistryTable,
} from '../people/people-search.ts';

/*
 * The contacts' and providers' hits of search everything, as condominiums and common parts give
 * theirs (`anyMatches`): the palette ranks a kind's few hits itself, so any matches will do, with
 * their total up to SEARCH_COUNT_CAP, in one statement. SQLite reads the first in rowid order (the
 * oldest) from the FTS index alone (the contacts' firstMatches). Forwards, not newest first:
 * FTS5 reads its lists backwards at about twice the cost (three common words with no common match
 * on 200,000 persons: every list read to its end either way). PostgreSQL reads the first rows of the
 * GIN index's bitmap. The list's own search finds a page in description order: it counted up to
 * 1,001 matches, then ranged the description index over the term's run or sorted the matches, three
 * statements more for a common surname ("rossi": 1,000+ matches of 200,000 persons).
 */

/** A contact's or provider's columns that a hit shows or ranks by. */
export interface RegistryHitRow {
  id: number;
  descr: string;
  codice_fiscale: string | null;
  partita_iva: string | null;
  email: string | null;
  telefono1: string | null;
  citta: string | null;
}

/**
 * PostgreSQL: the first matches of one archive up to `limit`, from the GIN index on the stored
 * search vector (migration 0072), in no order: the heap is read for those rows only. The list's
 * search counted up to 1,001 matches and sorted every match by description (a common surname or
 * city on 200,000 persons: every row of the bitmap read, its cost growing with the matches).
 */
const pgMatchRows = perTable((table) =>
  preparedQuery(
    (_db, archiveId: number, query: string, limit: number) =>
      sql<{
        id: number;
      }>`select id from ${sql.table(table)} where archive_id = ${archiveId} and search_vector @@ to_tsquery('simple', ${query}) limit ${limit}`,
  ),
);

const hitRows = perTable((table) =>
  preparedQuery((db, archiveId: number, ids: string | number[]) => {
    const byId = inIdList(dialectOf(db), 'id', ids);
    return sql<RegistryHitRow>`select id, descr, codice_fiscale, partita_iva, email, telefono1, citta from ${sql.table(table)} where archive_id = ${archiveId} and ${byId}`;
  }),
);

/** The ids of the first matches, up to `cap` + 1 (more than the cap: "oltre"), on either database. */
async function firstMatchIds(
  db: Kysely<Database>,
  dialect: DialectName,
  table: RegistryTable,
  archiveId: number,
  terms: string[],
  cap: number,
): Promise<number[]> {
  if (dialect === 'postgres') {
    const query = terms.map((t) => `${t}:*`).join(' & ');
    return (await pgMatchRows[table](db, archiveId, query, cap + 1)).map((r) => Number(r.id));
  }
  const match = await ftsMatchOf(db, terms, PEOPLE_INDEXED_PREFIX);
  const { count, ids } = await firstMatches(db, table, archiveId, match, cap);
  return count === 0 ? [] : (JSON.parse(ids) as number[]);
}

/**
 * Up to `limit` contacts or providers matching every term (any: on SQLite the oldest) and their
 * total counted up to SEARCH_COUNT_CAP ("oltre 100", as every kind of the palette).
 */
export async function registryHits(
  db: Kysely<Database>,
  dialect: DialectName,
  table: RegistryTable,
  archiveId: number,
  terms: string[],
  limit: number,
): Promise<{ rows: RegistryHitRow[]; total: number; capped: boolean }> {
  const matches = await firstMatchIds(db, dialect, table, archiveId, terms, SEARCH_COUNT_CAP);
  const n = matches.length;
  const capped = n > SEARCH_COUNT_CAP;
  const total = capped ? SEARCH_COUNT_CAP : n;
  if (n === 0) return { rows: [], total, capped };
  const ids = matches.slice(0, limit);
  const rows = await hitRows[table](db, archiveId, idList(dialect, ids));
  const byId = new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) }]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total, capped };
}
