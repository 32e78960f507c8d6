import { COUNT_CAP } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { documentMatches, prefixEnd } from '../../db/search-terms.ts';

/**
 * Full-text search of persons and providers, the one place with dialect-specific query SQL for
 * them: SQLite walks the FTS5 table (rowid = archive_id * 2^32 + id, so one archive is one rowid
 * range), PostgreSQL the GIN index on to_tsvector('simple', search_doc). Both match every term as
 * a prefix ("ros mar" finds "Rossi Mario").
 */

export type RegistryTable = 'persons' | 'providers';

const ROWID_BASE = 4294967296;

/** The longest prefix the persons' and providers' FTS tables keep lists for (migration 0011). */
export const PEOPLE_INDEXED_PREFIX = 5;

/** Search terms: lowercase, no accents, letters and digits only; one-letter terms are dropped. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length >= 2)
    .slice(0, 6);
}

/**
 * A predicate on `alias.id` limiting rows to those matching every term, or null when the text has
 * no usable term. The caller also filters `alias.archive_id`.
 */
export function searchPredicate(
  dialect: DialectName,
  table: RegistryTable,
  alias: string,
  archiveId: number,
  text: string,
  /** SQLite: the match expression already expanded by ftsMatchOf. */
  ftsMatch?: string,
): RawBuilder<SqlBool> | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  if (dialect === 'sqlite') {
    const match = ftsMatch ?? terms.map((t) => `"${t}"*`).join(' ');
    const { low, high } = ftsRange(archiveId);
    return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid - ${low} from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${match} and rowid between ${low} and ${high})`;
  }
  const query = terms.map((t) => `${t}:*`).join(' & ');
  return sql<SqlBool>`to_tsvector('simple', ${sql.ref(`${alias}.search_doc`)}) @@ to_tsquery('simple', ${query})`;
}

/** SQLite: the FTS5 rowid range of one archive. */
function ftsRange(archiveId: number) {
  const low = archiveId * ROWID_BASE;
  return { low, high: low + ROWID_BASE - 1 };
}

/**
 * SQLite: the rows of the archive matching the terms, reading the FTS index only, up to `cap` + 1:
 * how many, and their ids as a JSON array. The count tells the cheap plan for a search (few matches
 * are sorted directly, many are found by walking the description order, where matches come soon),
 * and the ids let the sort skip a second evaluation of the match (a long prefix merges thousands of
 * words' lists: "rossi"* also reads rossi100219, from an email).
 */
export async function firstMatches(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  /** The FTS5 match expression (db/search-terms.ts ftsMatchOf). */
  match: string,
  cap: number,
): Promise<{ count: number; ids: string }> {
  const { low, high } = ftsRange(archiveId);
  const fts = sql.table(`${table}_fts`);
  // (The cast keeps the ids integers: a bound number is a double in SQLite, and doubles are slower
  // to write as text.)
  const { rows } = await sql<{
    n: number;
    ids: string;
  }>`select count(*) as n, json_group_array(id) as ids from (select rowid - cast(${low} as integer) as id from ${fts} where ${fts} match ${match} and rowid between ${low} and ${high} limit ${cap + 1})`.execute(
    db,
  );
  return { count: Number(rows[0]?.n ?? 0), ids: rows[0]?.ids ?? '[]' };
}

/**
 * How many entries of the description index a search with many matches reads, in order, before it
 * sorts its matches instead (about 1 ms on 200,000 persons).
 */
export const WALK_BUDGET = 4000;

/**
 * Above this many matches of a single term, their page is looked for first among the rows whose
 * description starts with the term (a surname, mostly): a range of the description index, already
 * in order, instead of one lookup per match.
 */
export const RUN_PLAN_MIN = 100;

/**
 * SQLite: ids of one page of the rows matching the terms, in description order, by one of three
 * plans (see firstMatches):
 * - the ids of a bounded number of matches (firstMatches) are ordered through the
 *   (archive_id, id, descr_sort) index without reading their rows; for a single term with many of
 *   them, only those outside the description run of the term (descriptionRun) are;
 * - for many matches, the description index, which carries the search document, is walked in
 *   order and each entry's words are tested (documentMatches): matches of a common word come soon,
 *   and the set of matches is never built;
 * - when the first WALK_BUDGET entries do not hold the page (many matches, but late in the
 *   alphabet: "ross" has 1,972, nearly all under R, and walking to them took 46 ms and grew with the
 *   archive), every match is read from the FTS index and sorted (about 5 ms for "ross").
 */
export async function pageOfMatches(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  source: { matchIds: string; count: number; terms: string[] } | { terms: string[]; match: string },
  extra: RawBuilder<SqlBool>[],
  page: { limit: number; offset: number },
): Promise<number[]> {
  const where = extra.length ? sql`and ${sql.join(extra, sql` and `)}` : sql``;
  const idSort = sql`${sql.table(table)} as r indexed by ${sql.raw(`${table}_id_sort_idx`)}`;
  const pageOf = async (rowsOf: RawBuilder<unknown>, alias = 'r') => {
    const [id, descrSort] = [sql.ref(`${alias}.id`), sql.ref(`${alias}.descr_sort`)];
    const { rows } = await sql<{
      id: number;
    }>`select ${id} as id from ${rowsOf} ${where} order by ${descrSort}, ${id} limit ${page.limit} offset ${page.offset}`.execute(
      db,
    );
    return rows.map((r) => Number(r.id));
  };
  const sortIds = (ids: string) =>
    pageOf(
      sql`json_each(${ids}) f cross join ${idSort} on r.archive_id = ${archiveId} and r.id = f.value where 1 = 1`,
    );
  if ('matchIds' in source) {
    const [term] = source.terms;
    if (extra.length > 0 || source.terms.length !== 1 || !term || source.count <= RUN_PLAN_MIN) {
      return sortIds(source.matchIds);
    }
    const run = await descriptionRun(db, table, archiveId, term);
    const matchIds = new Set(JSON.parse(source.matchIds) as number[]);
    // The run's rows that match, in order, and the matches outside the run (other fields, other
    // words of the description): the page lies among the first `upTo` of the former and the latter.
    const inRun = run.filter((id) => matchIds.has(id));
    for (const id of inRun) matchIds.delete(id);
    if (matchIds.size === 0) return inRun.slice(page.offset, page.offset + page.limit);
    const upTo = page.offset + page.limit;
    return sortIds(JSON.stringify([...inRun.slice(0, upTo), ...matchIds]));
  }
  // The walk reads at most WALK_BUDGET entries (a subquery with a limit), and the rows of the
  // entries whose words match only when the filters need them.
  const walked = sql`(select id, descr_sort, search_doc from ${sql.table(table)} indexed by ${sql.raw(`${table}_descr_doc_idx`)} where archive_id = ${archiveId} order by descr_sort, id limit ${WALK_BUDGET}) w`;
  const ids = await pageOf(
    extra.length
      ? sql`${walked} cross join ${sql.table(table)} as r on r.archive_id = ${archiveId} and r.id = w.id where ${documentMatches('w.search_doc', source.terms)}`
      : sql`${walked} where ${documentMatches('w.search_doc', source.terms)}`,
    'w',
  );
  if (ids.length === page.limit) return ids;
  const { low, high } = ftsRange(archiveId);
  const fts = sql.table(`${table}_fts`);
  return pageOf(
    sql`${fts} as f cross join ${idSort} on r.archive_id = ${archiveId} and r.id = f.rowid - cast(${low} as integer) where f.${fts} match ${source.match} and f.rowid between ${low} and ${high}`,
  );
}

/**
 * SQLite: the ids of the rows whose description starts with `term`, in description order (up to
 * COUNT_CAP + 1): a range of the description index. The caller keeps those that match. One JSON
 * array, aggregated in the order the range yields them (the LIMIT keeps the subquery's order):
 * a thousand rows cost two and a half times more as rows than as one array.
 */
async function descriptionRun(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  term: string,
): Promise<number[]> {
  const { rows } = await sql<{
    ids: string;
  }>`select json_group_array(id) as ids from (select id from ${sql.table(table)} indexed by ${sql.raw(`${table}_descr_doc_idx`)} where archive_id = ${archiveId} and descr_sort >= ${term} and descr_sort < ${prefixEnd(term)} order by descr_sort, id limit ${COUNT_CAP + 1})`.execute(
    db,
  );
  return JSON.parse(rows[0]?.ids ?? '[]') as number[];
}

/** Number of rows matching a predicate, counted up to COUNT_CAP + 1 (then shown as "oltre"). */
export async function cappedCount(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  predicates: RawBuilder<SqlBool>[],
): Promise<{ count: number; capped: boolean }> {
  let inner = db
    .selectFrom(`${table} as r` as 'persons as r')
    .select(sql`1`.as('one'))
    .where('r.archive_id', '=', archiveId);
  for (const p of predicates) inner = inner.where(p);
  const row = await db
    .selectFrom(inner.limit(COUNT_CAP + 1).as('t'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}
