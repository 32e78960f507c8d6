import { COUNT_CAP } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/*
 * SQLite search of the condominiums and of the common parts (decision 0024): a page in name order
 * and its total counted up to COUNT_CAP, at a cost that does not follow the size of the archive.
 *
 * 1. The FTS index alone gives the first COUNT_CAP + 1 matches of the archive (rowid = archive_id *
 *    2^32 + id, migration 0003): how many, and their ids.
 * 2. Up to COUNT_CAP matches: they are all known. Each is read by primary key (the filters applied),
 *    sorted, and the page and the exact total come from that one list.
 * 3. More: matches are dense (over 1,000 of the archive's rows), so the name index is walked in
 *    order, each entry probed in the set of matches, until the page end or COUNT_CAP + 1 matches,
 *    whichever is further: the page and the capped total from one walk that stops early.
 *
 * Before, every search sorted all of its matches and counted them again with the filters: a term
 * found in most rows ("via", "ascensore") read every row of the archive twice.
 */

const ROWID_BASE = 4294967296;

export interface RegistrySearch {
  table: 'condominiums' | 'common_parts';
  /** The name-ordering column; the list is in (sortColumn, id) order. */
  sortColumn: 'intestazione_sort' | 'denominazione_sort';
  archiveId: number;
  /** The FTS5 match expression (every term a prefix). */
  match: string;
  /** The list filters, as predicates on the table aliased `c` (the archive is already there). */
  filters: RawBuilder<SqlBool>[];
  offset: number;
  limit: number;
}

/** The ids of one page of matches, in order, and the total up to COUNT_CAP. */
export async function searchPageIds(
  db: Kysely<Database>,
  s: RegistrySearch,
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const low = s.archiveId * ROWID_BASE;
  const high = low + ROWID_BASE - 1;
  const fts = sql.table(`${s.table}_fts`);
  const table = sql.table(s.table);
  const sort = sql.ref(`c.${s.sortColumn}`);
  const where = s.filters.length ? sql`and ${sql.join(s.filters, sql` and `)}` : sql``;

  // (The cast keeps the ids integers: a bound number is a double in SQLite.)
  const first = await sql<{ n: number; ids: string }>`select count(*) as n, json_group_array(id) as ids
    from (select rowid - cast(${low} as integer) as id from ${fts}
          where ${fts} match ${s.match} and rowid between ${low} and ${high} limit +${COUNT_CAP + 1})`.execute(
    db,
  );
  const n = Number(first.rows[0]?.n ?? 0);
  if (n === 0) return { ids: [], total: 0, capped: false };

  let ordered: number[];
  if (n <= COUNT_CAP) {
    // Every match is known: each is read by its key from the covering (archive_id, id, ..., name)
    // index of migration 0070 (CROSS JOIN keeps the ids the outer loop).
    const rows = await sql<{ id: number }>`select c.id from json_each(${first.rows[0]?.ids}) j
      cross join ${table} c on c.archive_id = ${s.archiveId} and c.id = cast(j.value as integer)
      where 1 = 1 ${where} order by ${sort}, c.id`.execute(db);
    ordered = rows.rows.map((r) => Number(r.id));
  } else {
    // `+c.id`: not a key lookup per match but the walk of the name index (the filter's, or the
    // archive's), probing each entry in the set of matches built once from the FTS index.
    const want = Math.max(s.offset + s.limit, COUNT_CAP + 1);
    const rows = await sql<{ id: number }>`select c.id from ${table} c
      where c.archive_id = ${s.archiveId} ${where}
        and +c.id in (select rowid - ${low} from ${fts} where ${fts} match ${s.match} and rowid between ${low} and ${high})
      order by ${sort}, c.id limit +${want}`.execute(db);
    ordered = rows.rows.map((r) => Number(r.id));
  }
  const capped = ordered.length > COUNT_CAP;
  return {
    ids: ordered.slice(s.offset, s.offset + s.limit),
    total: capped ? COUNT_CAP : ordered.length,
    capped,
  };
}

/** Rows fetched by id, put back in the order of `ids`. */
export function inOrder<R extends { id: number | bigint | string }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}
