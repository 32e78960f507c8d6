import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { searchTerms } from '../people/people-search.ts';
import type { ActivityQuery } from './activity-repository/query.ts';

/**
 * Full-text search of activities, the one place with dialect-specific query SQL for them.
 * SQLite: the FTS5 table `activities_fts` (rowid = archive_id * 2^32 + id, so one archive is one
 * rowid range and newer activities have larger rowids). PostgreSQL: the GIN index on the stored
 * search vector (to_tsvector('simple', search_doc), migration 0027). Every term matches as a prefix ("perd acq" finds "Perdita
 * d'acqua").
 */

const ROWID_BASE = 4294967296;

function ftsMatch(terms: string[]): string {
  return terms.map((t) => `"${t}"*`).join(' ');
}

function tsQuery(terms: string[]): string {
  return terms.map((t) => `${t}:*`).join(' & ');
}

export function activitySearchTerms(text: string): string[] {
  return searchTerms(text);
}

/** The list filters that the `facets` column of the FTS index holds as words (migration 0010). */
export interface ActivityFacets {
  group?: number | undefined;
  priorita?: number | undefined;
  tipo?: number | undefined;
}

/**
 * SQLite: the FTS5 expression of a search (`words`, from ftsMatchOf) with the filters it can carry
 * as facet words, so that FTS5 itself reads only the rows that have both: for open + urgent + a
 * common word on 1M activities it reads the 101 results, at a small fraction of the cost of reading
 * every match of the word and discarding those of other states and priorities. Facet words all
 * start with "zz": only a term starting so could reach them, and then the terms are kept to the
 * document column.
 */
export function activityFtsMatch(words: string, terms: string[], facets: ActivityFacets): string {
  const parts = [terms.some((t) => t.startsWith('zz')) ? `{doc} : (${words})` : `(${words})`];
  const { group, priorita, tipo } = facets;
  if (group !== undefined && priorita !== undefined) parts.push(`"zzg${group}p${priorita}"`);
  else if (group !== undefined) parts.push(`"zzg${group}"`);
  else if (priorita !== undefined) parts.push(`"zzp${priorita}"`);
  if (tipo !== undefined) parts.push(`"zzt${tipo}"`);
  return parts.join(' AND ');
}

/**
 * A predicate on `a.id` (the caller filters a.archive_id) matching every term. SQLite: `match` is the
 * expression of ftsMatchOf (db/search-terms.ts), else the plain prefix terms.
 */
export function activitySearchPredicate(
  dialect: DialectName,
  archiveId: number,
  terms: string[],
  match: string = ftsMatch(terms),
): RawBuilder<SqlBool> {
  if (dialect === 'sqlite') {
    const low = archiveId * ROWID_BASE;
    return sql<SqlBool>`a.id in (select rowid - ${low} from activities_fts where activities_fts match ${match} and rowid between ${low} and ${low + ROWID_BASE - 1})`;
  }
  return sql<SqlBool>`a.search_vector @@ to_tsquery('simple', ${tsQuery(terms)})`;
}

/** SQLite: the FTS rowids of an archive's activities (rowid = archive_id * 2^32 + id). */
export function ftsRowids(archiveId: number): { low: number; high: number } {
  const low = archiveId * ROWID_BASE;
  return { low, high: low + ROWID_BASE - 1 };
}

/**
 * SQLite only: activities matching the terms read from the FTS index backwards (newest first), so
 * a page of the newest matches stops after the page instead of sorting every match; with `budget`,
 * only the newest `budget` matches. The caller adds the list's other predicates on `a` and orders
 * by `newestFirst`. Every argument but `budget`'s presence is used as a value only, so the query
 * can be compiled with placeholders (shapedQuery).
 */
export function fromNewestMatches(
  db: Kysely<Database>,
  archiveId: number,
  match: string,
  budget?: number,
  { low, high } = ftsRowids(archiveId),
): ActivityQuery {
  // Without a budget the FTS table itself is joined (its rowid order serves `newestFirst`).
  const source =
    budget === undefined
      ? sql<{ rowid: number }>`activities_fts`
      : sql<{
          rowid: number;
        }>`(select rowid from activities_fts where activities_fts match ${match} and rowid between ${low} and ${high} order by rowid desc limit +${budget})`;
  const joined = db
    .selectFrom(source.as('f'))
    .innerJoin('activities as a', (join) =>
      join.on((eb) => eb.and([eb('a.archive_id', '=', archiveId), sql<SqlBool>`a.id = f.rowid - ${low}`])),
    ) as unknown as ActivityQuery;
  return budget === undefined
    ? joined.where(sql<SqlBool>`f.activities_fts match ${match} and f.rowid between ${low} and ${high}`)
    : joined;
}

/**
 * The tag of the words of activities_open_fts (migration 0019) for the open (1) or suspended (2)
 * tab and, if given, a priority: "g1p4_" + "caldaia".
 */
export function openWordsTag(group: 1 | 2, priorita?: number): string {
  return priorita === undefined ? `g${group}_` : `g${group}p${priorita}_`;
}

/** The full-text indexes of activities: every one (with facet words), or the open and suspended. */
type ActivityIndex = 'activities_fts' | 'activities_open_fts';

/**
 * SQLite only: the ids of the newest `limit` activities matching, read from a full-text index alone
 * (for a search whose filters are all in `match`, as facet words or word tags: no row needs reading).
 */
export async function newestFtsIds(
  db: Kysely<Database>,
  archiveId: number,
  match: string,
  limit: number,
  index: ActivityIndex = 'activities_fts',
): Promise<number[]> {
  const { low, high } = ftsRowids(archiveId);
  const [row] = await newestRows[index](db, low, high, match, limit);
  return newestIds(row);
}

/**
 * SQLite: the ids of a list of matches as one JSON array, a hundred ids in one value instead of a
 * row each, which cost as much as reading them from the index. Read with newestIds: sorting them
 * in the aggregate (`order by`) cost a third of reading the newest 101 matches of a word.
 */
export function newestIdArray(id: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`json_group_array(${id})`;
}

/** The ids of a newestIdArray, newest (largest) first. */
export function newestIds(row: { ids: string | null } | undefined): number[] {
  return (JSON.parse(row?.ids ?? '[]') as number[]).sort((a, b) => b - a);
}

// (The cast keeps the ids integers: a bound number is a double in SQLite.)
const newestRowsOf = (index: ActivityIndex) =>
  preparedQuery(
    (_db, low: number, high: number, match: string, limit: number) =>
      sql<{
        ids: string;
      }>`select ${newestIdArray(sql.raw('id'))} as ids from (select rowid - cast(${low} as integer) as id from ${sql.table(index)} where ${sql.table(index)} match ${match} and rowid between ${low} and ${high} order by rowid desc limit +${limit})`,
  );

const newestRows = {
  activities_fts: newestRowsOf('activities_fts'),
  activities_open_fts: newestRowsOf('activities_open_fts'),
};

/**
 * SQLite: for one archive and window start, the ids that a closed-activity window of days cannot
 * hide: every id above `above` (the newest activity closed before `since`) up to `upTo` (the newest
 * activity when this was read). A search of every state or of the closed tab needs it to skip the
 * row of each match it reads: the newest matches of a common word are recent activities, all
 * inside this range, so the check went from 101 lookups per search to none.
 *
 * Kept per database and window start without being refreshed, because no write can make an id of
 * the range hidden while `since` stays the same: a closing is dated today (never before `since`),
 * a reopening only shows more, and new activities take ids above `upTo`, which are checked on
 * their rows. A write that dates a closing in the past (the test fixture setClosingDate) must call
 * forgetVisibleIdRanges.
 */
interface VisibleIds {
  above: number;
  upTo: number;
}

const visibleIdRanges = new WeakMap<Kysely<Database>, Map<string, VisibleIds>>();
const VISIBLE_RANGES_KEPT = 1000;

export function forgetVisibleIdRanges(db: Kysely<Database>): void {
  visibleIdRanges.delete(db);
}

async function visibleIdRange(db: Kysely<Database>, archiveId: number, since: string): Promise<VisibleIds> {
  let ranges = visibleIdRanges.get(db);
  if (!ranges) {
    ranges = new Map();
    visibleIdRanges.set(db, ranges);
  }
  const key = `${archiveId} ${since}`;
  let range = ranges.get(key);
  if (!range) {
    // The newest id first: an activity created between the two reads is then checked on its row.
    const [top] = await newestActivityId(db, archiveId);
    const [hidden] = await newestHiddenId(db, archiveId, since);
    range = { above: Number(hidden?.id ?? 0), upTo: Number(top?.id ?? 0) };
    if (ranges.size >= VISIBLE_RANGES_KEPT) ranges.clear();
    ranges.set(key, range);
  }
  return range;
}

const newestActivityId = preparedQuery(
  (_db, archiveId: number) =>
    sql<{ id: number | null }>`select max(id) as id from activities where archive_id = ${archiveId}`,
);

// Walks the window index (archive, id, state, closing date) down from the newest activity to the
// first one the window hides: the activities of the window's days, read once per day.
const newestHiddenId = preparedQuery(
  (_db, archiveId: number, since: string) =>
    sql<{
      id: number;
    }>`select id from activities indexed by activities_finestra_idx where archive_id = ${archiveId} and stato_gruppo = 0 and data_chiusura < ${since} order by id desc limit +1`,
);

/**
 * SQLite: the newest `limit` matches of a search of every state or of the closed tab (the tab's
 * facet word in `match`) above the activities hidden by a window of days for everyone (closed
 * before `since`), newest first: those of visibleIdRange are not looked up, newer ones are. With
 * `hiddenUpTo`, the newest hidden id: older matches, if the page and its total need them, are the
 * caller's to read through its list query (a join costs half a correlated subquery per row, and on
 * a small archive most matches are old).
 */
export async function newestVisibleIds(
  db: Kysely<Database>,
  archiveId: number,
  match: string,
  since: string,
  limit: number,
): Promise<{ ids: number[]; hiddenUpTo: number }> {
  const { above, upTo } = await visibleIdRange(db, archiveId, since);
  const { low, high } = ftsRowids(archiveId);
  const [row] = await newestRecentRows(
    db,
    archiveId,
    low,
    high,
    match,
    since,
    low + above + 1,
    low + upTo,
    limit,
  );
  return { ids: newestIds(row), hiddenUpTo: above };
}

// (The OR reads the row only when the rowid is above the range: SQLite stops at its first true term.)
const newestRecentRows = preparedQuery(
  (
    _db,
    archiveId: number,
    low: number,
    high: number,
    match: string,
    since: string,
    visibleFrom: number,
    visibleTo: number,
    limit: number,
  ) =>
    sql<{
      ids: string;
    }>`select ${newestIdArray(sql.raw('id'))} as ids from (select f.rowid - cast(${low} as integer) as id from activities_fts as f where f.activities_fts match ${match} and f.rowid between ${visibleFrom} and ${high} and (f.rowid <= ${visibleTo} or exists (select 1 from activities as a where a.archive_id = ${archiveId} and a.id = f.rowid - ${low} and (a.stato_gruppo <> 0 or a.data_chiusura >= ${since}))) order by f.rowid desc limit +${limit})`,
);

/** SQLite only: how many activities of the archive match, reading the FTS index only, up to `cap`. */
export async function countFtsMatches(
  db: Kysely<Database>,
  archiveId: number,
  match: string,
  cap: number,
): Promise<number> {
  const { low, high } = ftsRowids(archiveId);
  const [row] = await ftsMatchCount(db, low, high, match, cap);
  return Number(row?.n ?? 0);
}

const ftsMatchCount = preparedQuery(
  (_db, low: number, high: number, match: string, cap: number) =>
    sql<{
      n: number;
    }>`select count(*) as n from (select 1 from activities_fts where activities_fts match ${match} and rowid between ${low} and ${high} limit +${cap})`,
);

export const newestFirst = sql`f.rowid desc`;
