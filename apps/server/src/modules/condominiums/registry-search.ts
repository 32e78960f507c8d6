import { COUNT_CAP, SEARCH_COUNT_CAP } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { WORD_START_LENGTH } from '../../db/migrations/0018_people_word_starts.ts';
import { preparedQuery, shapedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { documentMatches, prefixEnd } from '../../db/search-terms.ts';

/*
 * SQLite search of the condominiums and of the common parts (decision 0024, revised by 0027): a page
 * in name order and its total counted up to SEARCH_COUNT_CAP (as the activities' search), at a cost
 * bounded by the matches it needs.
 *
 * 1. The FTS index gives the archive's matches in rowid order (rowid = archive_id * 2^32 + id,
 *    migration 0003). With filters, each is read by key from the covering (archive_id, id, [gestito,]
 *    name) index of migration 0071 and the filters tested there, and the walk stops at
 *    SEARCH_COUNT_CAP + 1: however many rows match, it reads at most SEARCH_COUNT_CAP + 1 of them that
 *    pass the filters: the total. Without filters every match counts, and the FTS index alone counts
 *    them, reading no row (its doclist costs a few hundredths of a µs a match).
 * 2. The page, up to SEARCH_COUNT_CAP matches: the same reads, the sorter keeping only offset + limit rows
 *    (no list of every match sent back here to be sorted and cut).
 * 3. The page, more matches, sparse ones (under DENSE_SHARE of the ids between the first and the last
 *    match counted) and at most COUNT_CAP of them: read by key and sorted, as in 2. Without filters
 *    the FTS index alone counts them further (up to COUNT_CAP + 1) to know they are few enough; with
 *    filters the sorted read counts them itself (a window count) and is dropped when they are more.
 * 4. The page, more matches, dense ones (or too many to sort): the name index (the filter's, or the
 *    archive's) is walked in order and each entry's search document tested as FTS5 would
 *    (documentMatches: `instr` in C, then the words in JavaScript for the few that hold the text); the
 *    walk stops at the page's end, a few entries past it for a common word.
 * 4a. Before 3 and 4, past the cap, when the longest term has three letters or more: the word starts of
 *    migration 0120, already in name order: the entries of the one word the term starts, or the range
 *    of its first three letters, each word tested on the index entry (with filters or more terms, each
 *    candidate's row read by key and tested); a short page (its budget spent) goes on to 3 and 4.
 * 5. `anyMatches` (search everything, which ranks its few hits itself), without filters: the newest
 *    SEARCH_COUNT_CAP + 1 matches in FTS rowid order, descending, in one pass of the FTS index that
 *    gives both the page and the total: no name order, no row read.
 *
 * Without filters the statements are compiled once per table (building one cost more than running
 * it). Before (0024) the dense case built the set of every match of the archive from the FTS index (4,442
 * of 5,000 condominiums for "via": it grew with the archive), walked the name order probing it up to
 * 1,001 matches and sent them all back to take a page of 15 from them.
 */

const ROWID_BASE = 4294967296;

/**
 * The share of the archive's rows that must match for the name walk to be the cheaper way to a page
 * (it reads about page / share index entries, each tested for the words).
 */
const DENSE_SHARE = 0.1;

export interface RegistrySearch {
  table: 'condominiums' | 'common_parts';
  /** The name-ordering column; the list is in (sortColumn, id) order. */
  sortColumn: 'intestazione_sort' | 'denominazione_sort';
  archiveId: number;
  /** The FTS5 match expression: every term a prefix, `"term"*` joined by spaces. */
  match: string;
  /** The list filters, as predicates on the table aliased `c` (the archive is already there). */
  filters: RawBuilder<SqlBool>[];
  offset: number;
  limit: number;
  /**
   * Any matches will do (search everything ranks its few hits itself): without filters, the newest
   * matches from the FTS index alone (rowid order, descending), not the name order.
   */
  anyMatches?: boolean | undefined;
}

/** The statements of a search without filters, compiled once per table (building one cost more than running it). */
interface Shape {
  table: RegistrySearch['table'];
  sortColumn: RegistrySearch['sortColumn'];
}
type Values = Record<string, unknown>;
type Counted = { n: number; lo: number | null; hi: number | null };

/** Up to `reach` matches of the archive counted from the FTS index alone, with the first and last rowid. */
const ftsCountRows = shapedQuery((_db, s: Shape, v: Values) => {
  const fts = sql.table(`${s.table}_fts`);
  return sql<Counted>`select count(*) as n, min(id) as lo, max(id) as hi from (select f.rowid as id
    from ${fts} f where ${fts} match ${v.match} and f.rowid between ${v.low} and ${v.high} limit +${v.reach})`;
});

/** The page of every match read by key from the covering (archive_id, id, name) index and sorted. */
const pageByKeyRows = shapedQuery((_db, s: Shape, v: Values) => {
  const fts = sql.table(`${s.table}_fts`);
  return sql<{ id: number }>`select c.id from ${fts} f cross join ${sql.table(s.table)} c
    on c.archive_id = ${v.archiveId} and c.id = f.rowid - cast(${v.low} as integer)
    where ${fts} match ${v.match} and f.rowid between ${v.low} and ${v.high}
    order by ${sql.ref(`c.${s.sortColumn}`)}, c.id limit +${v.limit} offset ${v.offset}`;
});

/** Beyond this many words of the archive a term's prefix is left to FTS5 as it is. */
const MAX_PREFIX_WORDS = 16;

/**
 * The words of the archive that start with a term, up to MAX_PREFIX_WORDS + 1, from the word index of
 * the word starts (migration 0120): one seek of the index a word, the next after the last.
 */
const prefixWordRows = shapedQuery((_db, s: Shape, v: Values) => {
  const starts = sql.table(`${s.table}_word_starts`);
  const index = sql.raw(`${s.table}_word_starts_word_idx`);
  const next = (after: RawBuilder<unknown>) =>
    sql`(select word from ${starts} indexed by ${index} where archive_id = ${v.archiveId} and word ${after}
      and word < ${v.wordEnd} order by word limit 1)`;
  return sql<{ word: string }>`with recursive w(word) as (select ${next(sql`>= ${v.word}`)}
      union all select ${next(sql`> w.word`)} from w where w.word is not null limit ${sql.lit(MAX_PREFIX_WORDS + 2)})
    select word from w where word is not null`;
});

/**
 * The FTS5 expression of the terms with each term longer than the FTS prefix index (3 letters) spelled
 * as the archive's words it starts ("milano" OR "milanese"): FTS5 reads a word's list lazily, newest
 * first, and stops at the reach, where a long prefix made it merge the whole lists of every word with
 * that prefix first (a common word such as a city: half the statement). A term starting too many
 * words stays a prefix; one starting none matches nothing (null: the word starts hold every word).
 */
async function wordsMatch(
  db: Kysely<Database>,
  shape: Shape,
  archiveId: number,
  terms: string[],
): Promise<string | null> {
  const parts: string[] = [];
  for (const term of terms) {
    const words =
      term.length <= WORD_START_LENGTH
        ? []
        : (await prefixWordRows(db, shape, { archiveId, word: term, wordEnd: prefixEnd(term) })).map(
            (r) => r.word,
          );
    if (words.length === 0 && term.length > WORD_START_LENGTH) return null;
    if (words.length === 0 || words.length > MAX_PREFIX_WORDS) parts.push(`"${term}"*`);
    else parts.push(words.length === 1 ? `"${words[0]}"` : `(${words.map((w) => `"${w}"`).join(' OR ')})`);
  }
  return parts.join(' AND ');
}

/**
 * The newest matches of the archive up to `reach`, from the FTS index alone (no row read): how many,
 * and their ids newest first as one JSON array (the subquery's order; its LIMIT keeps it).
 */
const newestCountedRows = shapedQuery((_db, s: Shape, v: Values) => {
  const fts = sql.table(`${s.table}_fts`);
  return sql<{ n: number; ids: string }>`select count(*) as n, json_group_array(id) as ids from (
    select f.rowid - cast(${v.low} as integer) as id from ${fts} f
    where ${fts} match ${v.match} and f.rowid between ${v.low} and ${v.high}
    order by f.rowid desc limit +${v.reach})`;
});

/** The newest matches of the archive, from the FTS index alone (no row read). */
const newestRows = shapedQuery((_db, s: Shape, v: Values) => {
  const fts = sql.table(`${s.table}_fts`);
  return sql<{ id: number }>`select f.rowid - cast(${v.low} as integer) as id from ${fts} f
    where ${fts} match ${v.match} and f.rowid between ${v.low} and ${v.high}
    order by f.rowid desc limit +${v.limit} offset +${v.offset}`;
});

/**
 * How many entries of a word start's range (migration 0120) a page walks before it gives up for the
 * other ways (a start shared by many words, the term's late in name order). An entry is read from
 * the index alone, its word tested there.
 */
const START_WALK_BUDGET = 5000;

/**
 * The page from the range of a word start (migration 0120): only rows with a word starting with those
 * letters, already in name order. `terms: 0`: the start is the only term, every entry matches.
 * Otherwise the entries whose word starts with the longest term (tested on the index entry, up to
 * START_WALK_BUDGET of them), and with more terms, their rows' documents tested for all of them.
 * (A row is in the range once per word: grouped by name and id, in the order of the range.)
 */
const startRows = shapedQuery((_db, s: Shape & { terms: number }, v: Values) => {
  const starts = sql.table(`${s.table}_word_starts`);
  if (s.terms === 0) {
    return sql<{
      id: number;
    }>`select id from ${starts} where archive_id = ${v.archiveId} and start = ${v.start}
      group by name_sort, id order by name_sort, id limit +${v.limit} offset ${v.offset}`;
  }
  const terms = Array.from({ length: s.terms }, (_, i) => v[`t${i}`] as string);
  const rows =
    s.terms === 1
      ? sql``
      : sql`cross join ${sql.table(s.table)} c on c.archive_id = ${v.archiveId} and c.id = w.id
          and ${documentMatches('c.search_doc', terms, v.joined as string)}`;
  return sql<{ id: number }>`select w.id as id from (select id, name_sort, word from ${starts}
      where archive_id = ${v.archiveId} and start = ${v.start} order by name_sort, id, word
      limit +${START_WALK_BUDGET}) w ${rows}
    where w.word >= ${v.word} and w.word < ${v.wordEnd}
    group by w.name_sort, w.id order by w.name_sort, w.id limit +${v.limit} offset ${v.offset}`;
});

/** The first and the last word of the archive's word starts that start with a term. */
const wordSpanRows = shapedQuery((_db, s: Shape, v: Values) => {
  const starts = sql.table(`${s.table}_word_starts`);
  const index = sql.raw(`${s.table}_word_starts_word_idx`);
  const one = (direction: 'asc' | 'desc') =>
    sql`(select word from ${starts} indexed by ${index} where archive_id = ${v.archiveId} and word >= ${v.word}
      and word < ${v.wordEnd} order by word ${sql.raw(direction)} limit 1)`;
  return sql<{ lo: string | null; hi: string | null }>`select ${one('asc')} as lo, ${one('desc')} as hi`;
});

/**
 * The page of the rows with one word (the only word the longest term starts), in name order from the
 * (archive, word, name_sort, id) index of migration 0120; with more terms, each row's document tested.
 */
const wordRows = shapedQuery((_db, s: Shape & { terms: number }, v: Values) => {
  const starts = sql.table(`${s.table}_word_starts`);
  const index = sql.raw(`${s.table}_word_starts_word_idx`);
  const terms = Array.from({ length: s.terms }, (_, i) => v[`t${i}`] as string);
  const rows =
    s.terms === 1
      ? sql``
      : sql`cross join ${sql.table(s.table)} c on c.archive_id = ${v.archiveId} and c.id = w.id
          and ${documentMatches('c.search_doc', terms, v.joined as string)}`;
  return sql<{ id: number }>`select w.id as id from ${starts} w indexed by ${index} ${rows}
    where w.archive_id = ${v.archiveId} and w.word = ${v.word}
    order by w.name_sort, w.id limit +${v.limit} offset ${v.offset}`;
});

/** The page from the walk of the name order, each entry's document tested. One shape per number of terms. */
const walkRows = shapedQuery((_db, s: Shape & { terms: number }, v: Values) => {
  const terms = Array.from({ length: s.terms }, (_, i) => v[`t${i}`] as string);
  return sql<{ id: number }>`select c.id from ${sql.table(s.table)} c
    where c.archive_id = ${v.archiveId} and ${documentMatches('c.search_doc', terms, v.joined as string)}
    order by ${sql.ref(`c.${s.sortColumn}`)}, c.id limit +${v.limit} offset ${v.offset}`;
});

/** The ids of one page of matches, in order, and the total up to SEARCH_COUNT_CAP. */
export async function searchPageIds(
  db: Kysely<Database>,
  s: RegistrySearch,
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const low = s.archiveId * ROWID_BASE;
  const high = low + ROWID_BASE - 1;
  const terms = [...s.match.matchAll(/"([^"]+)"\*/g)].map((m) => m[1] as string);
  if (s.filters.length === 0) return unfilteredPage(db, s, low, high, terms);

  const fts = sql.table(`${s.table}_fts`);
  const table = sql.table(s.table);
  const sort = sql.ref(`c.${s.sortColumn}`);
  const where = sql`and ${sql.join(s.filters, sql` and `)}`;
  // Each match by key: CROSS JOIN keeps the FTS index the outer loop. (The cast keeps the ids
  // integers: a bound number is a double in SQLite.)
  const byKey = sql`${fts} f cross join ${table} c on c.archive_id = ${s.archiveId}
    and c.id = f.rowid - cast(${low} as integer)
    where ${fts} match ${s.match} and f.rowid between ${low} and ${high} ${where}`;

  // The count: each match read by key and tested against the filters.
  const counted = await sql<Counted>`select count(*) as n, min(id) as lo, max(id) as hi
    from (select c.id as id from ${byKey} limit +${SEARCH_COUNT_CAP + 1})`.execute(db);
  const n = Number(counted.rows[0]?.n ?? 0);
  const capped = n > SEARCH_COUNT_CAP;
  const total = capped ? SEARCH_COUNT_CAP : n;
  if (n === 0 || (!capped && s.offset >= n)) return { ids: [], total, capped };
  if (!capped) {
    const page = await sql<{ id: number }>`select c.id from ${byKey}
      order by ${sort}, c.id limit +${s.limit} offset ${s.offset}`.execute(db);
    return { ids: page.rows.map((r) => Number(r.id)), total, capped };
  }
  // More than the cap: the word starts, as without filters, each candidate's row tested for them.
  const fromStarts = await filteredStartsPage(db, s, terms, where);
  if (fromStarts) return { ids: fromStarts, total, capped };
  // Else the share of the ids that match, read from the span of the first matches
  // (FTS order is id order), says which way finds the page at less cost. Dense: the name walk stops
  // after about page / share entries. Sparse: the name walk would read many entries per match, so
  // the matches are read by key and sorted, when they are not too many for that.
  if (n / spanOf(counted.rows[0]) < DENSE_SHARE) {
    // One pass: up to COUNT_CAP + 1 matches read by key, sorted for the page, and counted (the window
    // count is taken before the page is cut) to tell whether they were all there.
    const page = await sql<{ id: number; n: number }>`select id, count(*) over () as n
      from (select c.id as id, ${sort} as name from ${byKey} limit +${COUNT_CAP + 1})
      order by name, id limit +${s.limit} offset ${s.offset}`.execute(db);
    if (page.rows.length > 0 && Number(page.rows[0]?.n) <= COUNT_CAP)
      return { ids: page.rows.map((r) => Number(r.id)), total, capped };
  }
  const rows = await sql<{ id: number }>`select c.id from ${table} c
    where c.archive_id = ${s.archiveId} ${where} and ${documentMatches('c.search_doc', terms)}
    order by ${sort}, c.id limit +${s.limit} offset ${s.offset}`.execute(db);
  return { ids: rows.rows.map((r) => Number(r.id)), total, capped };
}

/**
 * How many entries of the word starts a filtered page walks, each entry whose word matches read by
 * key for the filters, before it gives up for the other ways (a filter that leaves few of the word's
 * rows).
 */
const FILTERED_START_BUDGET = 2000;

/**
 * With filters, more than the cap: the page from the word starts (migration 0120), as unfilteredPage
 * takes it, each entry's row read by key and tested against the filters (and the other terms). Null
 * when the terms are too short or the page is short (the budget spent, or the matches' end).
 */
async function filteredStartsPage(
  db: Kysely<Database>,
  s: RegistrySearch,
  terms: string[],
  where: RawBuilder<unknown>,
): Promise<number[] | null> {
  const longest = terms.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length < WORD_START_LENGTH) return null;
  const starts = sql.table(`${s.table}_word_starts`);
  const exact = terms.length === 1 && longest.length === WORD_START_LENGTH;
  const words = exact
    ? undefined
    : (
        await wordSpanRows(
          db,
          { table: s.table, sortColumn: s.sortColumn },
          { archiveId: s.archiveId, word: longest, wordEnd: prefixEnd(longest) },
        )
      )[0];
  const one = words?.lo != null && words.lo === words.hi;
  const entries = one
    ? sql`${starts} indexed by ${sql.raw(`${s.table}_word_starts_word_idx`)} where archive_id = ${s.archiveId} and word = ${words?.lo}`
    : sql`${starts} where archive_id = ${s.archiveId} and start = ${longest.slice(0, WORD_START_LENGTH)}`;
  const test = terms.length > 1 ? sql`and ${documentMatches('c.search_doc', terms)}` : sql``;
  const wordTest = one || exact ? sql`` : sql`where w.word >= ${longest} and w.word < ${prefixEnd(longest)}`;
  const rows = await sql<{ id: number }>`select w.id as id from (select id, name_sort, word from ${entries}
      order by name_sort, id, word limit +${FILTERED_START_BUDGET}) w
    cross join ${sql.table(s.table)} c on c.archive_id = ${s.archiveId} and c.id = w.id ${where} ${test}
    ${wordTest} group by w.name_sort, w.id order by w.name_sort, w.id limit +${s.limit} offset ${s.offset}`.execute(
    db,
  );
  return rows.rows.length === s.limit ? rows.rows.map((r) => Number(r.id)) : null;
}

const spanOf = (row: Counted | undefined) => Number(row?.hi ?? 0) - Number(row?.lo ?? 0) + 1;

/**
 * Without filters every FTS match is a row of the list: the FTS index alone counts them (no row
 * read), to SEARCH_COUNT_CAP + 1, and for a sparse word further, to COUNT_CAP + 1, to know whether
 * they are few enough to be read by key and sorted. The statements are compiled once per table.
 */
async function unfilteredPage(
  db: Kysely<Database>,
  s: RegistrySearch,
  low: number,
  high: number,
  terms: string[],
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const shape: Shape = { table: s.table, sortColumn: s.sortColumn };
  const range = { match: s.match, low, high };
  if (s.anyMatches && s.offset + s.limit <= SEARCH_COUNT_CAP + 1) {
    // One pass of the FTS index: the newest SEARCH_COUNT_CAP + 1 matches are the total and the page.
    const match = await wordsMatch(db, shape, s.archiveId, terms);
    if (match === null) return { ids: [], total: 0, capped: false };
    const [newest] = await newestCountedRows(db, shape, { ...range, match, reach: SEARCH_COUNT_CAP + 1 });
    const n = Number(newest?.n ?? 0);
    const ids = n === 0 ? [] : (JSON.parse(newest?.ids ?? '[]') as number[]);
    return {
      ids: ids.slice(s.offset, s.offset + s.limit),
      total: Math.min(n, SEARCH_COUNT_CAP),
      capped: n > SEARCH_COUNT_CAP,
    };
  }
  const [counted] = await ftsCountRows(db, shape, { ...range, reach: SEARCH_COUNT_CAP + 1 });
  const n = Number(counted?.n ?? 0);
  const capped = n > SEARCH_COUNT_CAP;
  const total = capped ? SEARCH_COUNT_CAP : n;
  if (n === 0 || (!capped && s.offset >= n)) return { ids: [], total, capped };
  const page = { archiveId: s.archiveId, limit: s.limit, offset: s.offset };
  if (s.anyMatches) {
    const rows = await newestRows(db, shape, { ...range, limit: s.limit, offset: s.offset });
    return { ids: rows.map((r) => Number(r.id)), total, capped };
  }
  const pageByKey = async () => {
    const rows = await pageByKeyRows(db, shape, { ...range, ...page });
    return { ids: rows.map((r) => Number(r.id)), total, capped };
  };
  if (!capped) return pageByKey();
  const values: Values = { ...page, joined: terms.join(' ') };
  terms.forEach((term, i) => {
    values[`t${i}`] = term;
  });
  // More than the cap: the range of the longest term's first letters holds every match in name
  // order. A short page (the budget spent, or the matches' end) is left to the ways below.
  const longest = terms.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length >= WORD_START_LENGTH) {
    const exact = terms.length === 1 && longest.length === WORD_START_LENGTH;
    const word = { word: longest, wordEnd: prefixEnd(longest) };
    const [span] = exact ? [] : await wordSpanRows(db, shape, { ...values, ...word });
    // One word starts with the term: its entries, in name order. Else the range of its start.
    const rows =
      span?.lo != null && span.lo === span.hi
        ? await wordRows(db, { ...shape, terms: terms.length }, { ...values, word: span.lo })
        : await startRows(
            db,
            { ...shape, terms: exact ? 0 : terms.length },
            { ...values, start: longest.slice(0, WORD_START_LENGTH), ...word },
          );
    if (rows.length === s.limit) return { ids: rows.map((r) => Number(r.id)), total, capped };
  }
  if (n / spanOf(counted) < DENSE_SHARE) {
    const [all] = await ftsCountRows(db, shape, { ...range, reach: COUNT_CAP + 1 });
    if (Number(all?.n ?? 0) <= COUNT_CAP) return pageByKey();
  }
  const rows = await walkRows(db, { ...shape, terms: terms.length }, values);
  return { ids: rows.map((r) => Number(r.id)), total, capped };
}

/** Rows fetched by id, put back in the order of `ids`. */
export function inOrder<R extends { id: number | bigint | string }>(ids: number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** PostgreSQL: the ids of up to `limit` rows of an archive matching a tsquery, in no order (GIN). */
const pgAnyMatchIds = {
  condominiums: anyMatchIdsOf('condominiums'),
  common_parts: anyMatchIdsOf('common_parts'),
};

function anyMatchIdsOf(table: RegistrySearch['table']) {
  return preparedQuery(
    (_db, archiveId: number, query: string, limit: number) =>
      sql<{
        id: number;
      }>`select id from ${sql.table(table)} where archive_id = ${archiveId} and search_vector @@ to_tsquery('simple', ${query}) limit ${limit}`,
  );
}

/**
 * PostgreSQL, any matches without filters (search everything, which ranks its few hits itself):
 * up to SEARCH_COUNT_CAP + 1 matches from the GIN index in one statement, their capped total and
 * the page's ids among them. In name order, a word that few names start with ("caldaia" among
 * common parts, "via" among condominiums) walked hundreds or thousands of rows for five hits.
 */
export async function pgAnyMatches(
  db: Kysely<Database>,
  table: RegistrySearch['table'],
  archiveId: number,
  query: string,
  page: { offset: number; limit: number },
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const found = await pgAnyMatchIds[table](db, archiveId, query, SEARCH_COUNT_CAP + 1);
  const capped = found.length > SEARCH_COUNT_CAP;
  return {
    ids: found.slice(page.offset, page.offset + page.limit).map((r) => Number(r.id)),
    total: capped ? SEARCH_COUNT_CAP : found.length,
    capped,
  };
}
