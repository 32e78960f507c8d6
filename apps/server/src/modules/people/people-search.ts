import { COUNT_CAP } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { WORD_START_LENGTH } from '../../db/migrations/0018_people_word_starts.ts';
import { preparedQuery, shapedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { documentMatches, prefixEnd } from '../../db/search-terms.ts';
import { LIST_COLUMNS, type RegistryListRow } from './people.mapper.ts';

/**
 * Full-text search of persons and providers, the one place with dialect-specific query SQL for
 * them: SQLite walks the FTS5 table (rowid = archive_id * 2^32 + id, so one archive is one rowid
 * range), PostgreSQL the GIN index on the stored `search_vector` (to_tsvector('simple', search_doc),
 * migration 0026), or for a single term its words in description order (pgStartPage, migration 0130).
 * Both match every term as a prefix ("ros mar" finds "Rossi Mario").
 */

export type RegistryTable = 'persons' | 'providers';

const ROWID_BASE = 4294967296;

/** The longest prefix the persons' and providers' FTS tables keep lists for (migrations 0011, 0015). */
export const PEOPLE_INDEXED_PREFIX = 8;

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

/** The list filters of persons and providers, besides the search. */
export interface RegistryFilters {
  tipoAttivitaID?: number | undefined;
  durcStato?: number | undefined;
}

/**
 * The shape of a registry query (which table, which filters, which kind of search): what decides
 * its SQL. Everything else is a value, so each shape is compiled once (shapedQuery).
 */
interface RegistryShape {
  table: RegistryTable;
  tipo: boolean;
  durc: boolean;
}

function shapeOf(table: RegistryTable, filters: RegistryFilters): RegistryShape {
  return { table, tipo: filters.tipoAttivitaID !== undefined, durc: filters.durcStato !== undefined };
}

/** Whether any list filter besides the search is set. */
export function hasFilters(filters: RegistryFilters): boolean {
  const { tipo, durc } = shapeOf('persons', filters);
  return tipo || durc;
}

/** The filters' values, by the names filterPredicates reads. */
function filterValues(filters: RegistryFilters): Record<string, unknown> {
  return {
    ...(filters.tipoAttivitaID === undefined ? {} : { tipo: filters.tipoAttivitaID }),
    ...(filters.durcStato === undefined ? {} : { durc: filters.durcStato }),
  };
}

/** The filters of a shape as predicates on `alias`, with their values (or placeholders) from `v`. */
function filterPredicates(shape: RegistryShape, alias: string, v: Record<string, unknown>) {
  const predicates: RawBuilder<SqlBool>[] = [];
  if (shape.tipo) predicates.push(sql<SqlBool>`${sql.ref(`${alias}.tipo_attivita_id`)} = ${v.tipo}`);
  if (shape.durc) predicates.push(sql<SqlBool>`${sql.ref(`${alias}.durc_stato`)} = ${v.durc}`);
  return predicates;
}

const andAll = (predicates: RawBuilder<SqlBool>[]) =>
  predicates.length ? sql`and ${sql.join(predicates, sql` and `)}` : sql``;

/** How a query of the list searches: not at all, the FTS5 table, or PostgreSQL's text search. */
type SearchKind = 'none' | 'fts' | 'tsquery';

/** The values of a search predicate: SQLite's FTS5 expression and rowid range, or a tsquery. */
type SearchValues = { low: number; high: number; match: string } | { query: string };

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
  const values = searchValues(dialect, archiveId, searchTerms(text), ftsMatch);
  return values ? searchPredicateOf(table, alias, values) : null;
}

function searchValues(
  dialect: DialectName,
  archiveId: number,
  terms: string[],
  ftsMatch?: string,
): SearchValues | null {
  if (terms.length === 0) return null;
  if (dialect === 'sqlite') {
    return { ...ftsRange(archiveId), match: ftsMatch ?? terms.map((t) => `"${t}"*`).join(' ') };
  }
  return { query: terms.map((t) => `${t}:*`).join(' & ') };
}

/** searchPredicate from its values, which may be placeholders (the kind follows from their names). */
function searchPredicateOf(table: RegistryTable, alias: string, v: SearchValues): RawBuilder<SqlBool> {
  if ('match' in v) {
    const fts = sql.table(`${table}_fts`);
    return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid - ${v.low} from ${fts} where ${fts} match ${v.match} and rowid between ${v.low} and ${v.high})`;
  }
  return sql<SqlBool>`${sql.ref(`${alias}.search_vector`)} @@ to_tsquery('simple', ${v.query})`;
}

function searchKindOf(values: SearchValues | null): SearchKind {
  if (!values) return 'none';
  return 'match' in values ? 'fts' : 'tsquery';
}

/** Placeholder-safe stand-ins for the values of a kind of search, for building a shape. */
function searchValuesOf(kind: SearchKind, v: Record<string, unknown>): SearchValues | null {
  if (kind === 'none') return null;
  return kind === 'fts'
    ? ({ low: v.low, high: v.high, match: v.match } as SearchValues)
    : ({ query: v.query } as SearchValues);
}

/** SQLite: the FTS5 rowid range of one archive. */
function ftsRange(archiveId: number) {
  const low = archiveId * ROWID_BASE;
  return { low, high: low + ROWID_BASE - 1 };
}

/** A query for each of the two tables, compiled once each. */
export function perTable<A extends unknown[], R>(
  build: (table: RegistryTable) => (db: Kysely<Database>, ...args: A) => Promise<R[]>,
): Record<RegistryTable, (db: Kysely<Database>, ...args: A) => Promise<R[]>> {
  return { persons: build('persons'), providers: build('providers') };
}

// (The cast keeps the ids integers: a bound number is a double in SQLite, and doubles are slower
// to write as text.)
const firstMatchRows = perTable((table) =>
  preparedQuery((_db, low: number, high: number, match: string, limit: number) => {
    const fts = sql.table(`${table}_fts`);
    return sql<{
      n: number;
      ids: string;
    }>`select count(*) as n, json_group_array(id) as ids from (select rowid - cast(${low} as integer) as id from ${fts} where ${fts} match ${match} and rowid between ${low} and ${high} limit +${limit})`;
  }),
);

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
  const [row] = await firstMatchRows[table](db, low, high, match, cap + 1);
  return { count: Number(row?.n ?? 0), ids: row?.ids ?? '[]' };
}

/**
 * How many entries of the description index a search with many matches reads, in order, before it
 * sorts its matches instead: a walk that finds too few costs a bounded time, not one that grows
 * with the archive.
 */
export const WALK_BUDGET = 4000;

/**
 * Above this many matches of a single term, their page is looked for first among the rows whose
 * description starts with the term (a surname, mostly): a range of the description index, already
 * in order, instead of one lookup per match.
 */
export const RUN_PLAN_MIN = 100;

/** One page of ids from `rowsOf` (with the filters of the shape on `r`) in description order. */
function pageQuery(
  shape: RegistryShape,
  v: Record<string, unknown>,
  rowsOf: RawBuilder<unknown>,
  alias = 'r',
) {
  const [id, descrSort] = [sql.ref(`${alias}.id`), sql.ref(`${alias}.descr_sort`)];
  return sql<{
    id: number;
  }>`select ${id} as id from ${rowsOf} ${andAll(filterPredicates(shape, 'r', v))} order by ${descrSort}, ${id} limit +${v.limit} offset ${v.offset}`;
}

const idSort = (table: RegistryTable) =>
  sql`${sql.table(table)} as r indexed by ${sql.raw(`${table}_id_sort_idx`)}`;

/** Some ids (a JSON array) in description order, through the (archive_id, id, descr_sort) index. */
const sortedIds = shapedQuery((_db, s: RegistryShape, v: Record<string, unknown>) =>
  pageQuery(
    s,
    v,
    sql`json_each(${v.ids}) f cross join ${idSort(s.table)} on r.archive_id = ${v.archiveId} and r.id = f.value where 1 = 1`,
  ),
);

/**
 * The walk of the description index, testing each entry's words; it reads at most WALK_BUDGET
 * entries (a subquery with a limit), and the rows of the entries whose words match only when the
 * filters need them. One shape per number of terms.
 */
const walkedIds = shapedQuery((_db, s: RegistryShape & { terms: number }, v: Record<string, unknown>) => {
  const walked = sql`(select id, descr_sort, search_doc from ${sql.table(s.table)} indexed by ${sql.raw(`${s.table}_descr_doc_idx`)} where archive_id = ${v.archiveId} order by descr_sort, id limit +${WALK_BUDGET}) w`;
  const terms = Array.from({ length: s.terms }, (_, i) => v[`t${i}`] as string);
  const matches = documentMatches('w.search_doc', terms, v.joined as string);
  return pageQuery(
    s,
    v,
    s.tipo || s.durc
      ? sql`${walked} cross join ${sql.table(s.table)} as r on r.archive_id = ${v.archiveId} and r.id = w.id where ${matches}`
      : sql`${walked} where ${matches}`,
    'w',
  );
});

/**
 * The page of the rows with a word starting with `start` (a term's first letters) and matching
 * every term, from the range of that start in the table's word starts (migration 0018), already in
 * description order. `terms: 0`: the start is the only term, and every entry of the range matches.
 */
const startIds = shapedQuery(
  (_db, s: { table: RegistryTable; terms: number }, v: Record<string, unknown>) => {
    const starts = sql.table(`${s.table}_word_starts`);
    if (s.terms === 0) {
      return sql<{
        id: number;
      }>`select id from ${starts} where archive_id = ${v.archiveId} and start = ${v.start} order by descr_sort, id limit +${v.limit} offset ${v.offset}`;
    }
    const terms = Array.from({ length: s.terms }, (_, i) => v[`t${i}`] as string);
    const matches = documentMatches('r.search_doc', terms, v.joined as string);
    return sql<{
      id: number;
    }>`select s.id as id from ${starts} as s cross join ${sql.table(s.table)} as r on r.archive_id = s.archive_id and r.id = s.id where s.archive_id = ${v.archiveId} and s.start = ${v.start} and ${matches} order by s.descr_sort, s.id limit +${v.limit} offset ${v.offset}`;
  },
);

/** Every match read from the FTS index, sorted. */
const allMatchesSorted = shapedQuery((_db, s: RegistryShape, v: Record<string, unknown>) => {
  const fts = sql.table(`${s.table}_fts`);
  return pageQuery(
    s,
    v,
    sql`${fts} as f cross join ${idSort(s.table)} on r.archive_id = ${v.archiveId} and r.id = f.rowid - cast(${v.low} as integer) where f.${fts} match ${v.match} and f.rowid between ${v.low} and ${v.high}`,
  );
});

/**
 * SQLite: ids of one page of the rows matching the terms, in description order, by one of four
 * plans (see firstMatches):
 * - the ids of a bounded number of matches (firstMatches) are ordered through the
 *   (archive_id, id, descr_sort) index without reading their rows; for a single term with many of
 *   them, only those outside the description run of the term (descriptionRun) are;
 * - for many matches and no filter, the range of the first letters of the longest term in the
 *   word starts (migration 0018): only entries with such a word, already in description order,
 *   their words tested when the term is longer or not alone;
 * - for many matches with filters (or only terms of two letters), the description index, which
 *   carries the search document, is walked in order and each entry's words are tested
 *   (documentMatches): matches of a common word come soon, and the set of matches is never built;
 * - when the first WALK_BUDGET entries do not hold the page (many matches, but late in the
 *   alphabet: "ross" has 1,972, nearly all under R, and walking to them read every entry before R
 *   and grew with the archive), every match is read from the FTS index and sorted (about a tenth of
 *   the walk's cost for "ross").
 */
export async function pageOfMatches(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  source: { matchIds: string; count: number; terms: string[] } | { terms: string[]; match: string },
  filters: RegistryFilters,
  page: { limit: number; offset: number },
): Promise<number[]> {
  const shape = shapeOf(table, filters);
  const base = { archiveId, ...filterValues(filters), limit: page.limit, offset: page.offset };
  const sortIds = async (ids: string) =>
    (await sortedIds(db, shape, { ...base, ids })).map((r) => Number(r.id));
  if ('matchIds' in source) {
    const [term] = source.terms;
    if (hasFilters(filters) || source.terms.length !== 1 || !term || source.count <= RUN_PLAN_MIN) {
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
  const terms = Object.fromEntries(source.terms.map((t, i) => [`t${i}`, t]));
  const joined = source.terms.join(' ');
  // Without filters, the range of a word start (SQLite, migration 0018) holds every match, in order.
  const longest = source.terms.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (!hasFilters(filters) && longest.length >= WORD_START_LENGTH) {
    const exact = source.terms.length === 1 && longest.length === WORD_START_LENGTH;
    const rows = await startIds(
      db,
      { table, terms: exact ? 0 : source.terms.length },
      { ...base, ...terms, joined, start: longest.slice(0, WORD_START_LENGTH) },
    );
    return rows.map((r) => Number(r.id));
  }
  const walked = await walkedIds(db, { ...shape, terms: source.terms.length }, { ...base, ...terms, joined });
  if (walked.length === page.limit) return walked.map((r) => Number(r.id));
  const sorted = await allMatchesSorted(db, shape, { ...base, ...ftsRange(archiveId), match: source.match });
  return sorted.map((r) => Number(r.id));
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
  const [row] = await descriptionRunRows[table](db, archiveId, term, prefixEnd(term), COUNT_CAP + 1);
  return JSON.parse(row?.ids ?? '[]') as number[];
}

const descriptionRunRows = perTable((table) =>
  preparedQuery(
    (_db, archiveId: number, from: string, to: string, limit: number) =>
      sql<{
        ids: string;
      }>`select json_group_array(id) as ids from (select id from ${sql.table(table)} indexed by ${sql.raw(`${table}_descr_doc_idx`)} where archive_id = ${archiveId} and descr_sort >= ${from} and descr_sort < ${to} order by descr_sort, id limit +${limit})`,
  ),
);

/** The rows of the archive matching a search (or none) and the filters of a shape. */
function matchingRows(
  db: Kysely<Database>,
  s: RegistryShape & { search: SearchKind },
  v: Record<string, unknown>,
) {
  const search = searchValuesOf(s.search, v);
  let query = db
    .selectFrom(`${s.table} as r` as 'persons as r')
    .where('r.archive_id', '=', v.archiveId as number);
  for (const p of [
    ...(search ? [searchPredicateOf(s.table, 'r', search)] : []),
    ...filterPredicates(s, 'r', v),
  ])
    query = query.where(p);
  return query;
}

/** PostgreSQL: the text query of search terms, each a prefix ("ros mar" -> "ros:* & mar:*"). */
function tsQueryOf(terms: string[]): string {
  return terms.map((t) => `${t}:*`).join(' & ');
}

/**
 * PostgreSQL: the first `cap` rows of the archive matching the terms, from the GIN index, counted,
 * and the page's ids among them in description order: the page itself when they are all the
 * matches (fewer than `cap`), in the same statement as the count (which read the same rows).
 */
const pgFirstMatchRows = perTable((table) =>
  preparedQuery(
    (_db, archiveId: number, query: string, cap: number, limit: number, offset: number) =>
      sql<{
        n: number;
        ids: Array<number | string> | null;
      }>`with m as materialized (select id, descr_sort from ${sql.table(table)} where archive_id = ${archiveId} and search_vector @@ to_tsquery('simple', ${query}) limit ${cap}) select (select count(*) from m) as n, (select array_agg(id order by descr_sort, id) from (select id, descr_sort from m order by descr_sort, id limit ${limit} offset ${offset}) p) as ids`,
  ),
);

/**
 * PostgreSQL: every match, from the GIN index, sorted in description order (a page of ids). The CTE
 * is materialised so that the planner reads the matches and sorts them, and never walks the
 * description order testing every row: a surname late in the alphabet ("rossi") would read most of
 * the archive first.
 */
const pgSortedMatchIds = perTable((table) =>
  preparedQuery(
    (_db, archiveId: number, query: string, limit: number, offset: number) =>
      sql<{
        id: number;
      }>`with m as materialized (select id, descr_sort from ${sql.table(table)} where archive_id = ${archiveId} and search_vector @@ to_tsquery('simple', ${query})) select id from m order by descr_sort, id limit ${limit} offset ${offset}`,
  ),
);

/**
 * PostgreSQL: the first WALK_BUDGET entries of the description index, which carries the search
 * vector (migration 0026), tested in order without reading a row (an index-only scan): the matches
 * of a common term come soon, and the set of matches is never built.
 */
const pgWalkedIds = perTable((table) =>
  preparedQuery(
    (_db, archiveId: number, query: string, limit: number, offset: number) =>
      sql<{
        id: number;
      }>`select id from (select id, descr_sort, search_vector from ${sql.table(table)} where archive_id = ${archiveId} order by descr_sort, id limit ${WALK_BUDGET}) w where search_vector @@ to_tsquery('simple', ${query}) order by descr_sort, id limit ${limit} offset ${offset}`,
  ),
);

/**
 * PostgreSQL, a search without filters: the page's ids in description order and the total up to
 * COUNT_CAP. The first COUNT_CAP + 1 matches are read and counted, with the page among them: up to
 * COUNT_CAP they are all the matches, and that is the answer. More, and the walk of the description
 * index meets the page soon, else (a common term late in the alphabet, or a deep page) every match
 * is read and sorted.
 */
export async function pgSearchPage(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  terms: string[],
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number; capped: boolean }> {
  const query = tsQueryOf(terms);
  const [first] = await pgFirstMatchRows[table](db, archiveId, query, COUNT_CAP + 1, page.limit, page.offset);
  const count = Number(first?.n ?? 0);
  if (count <= COUNT_CAP) return { ids: (first?.ids ?? []).map(Number), total: count, capped: false };
  let rows = await pgWalkedIds[table](db, archiveId, query, page.limit, page.offset);
  if (rows.length < page.limit)
    rows = await pgSortedMatchIds[table](db, archiveId, query, page.limit, page.offset);
  return { ids: rows.map((r) => Number(r.id)), total: COUNT_CAP, capped: true };
}

/**
 * PostgreSQL: one term of at least WORD_START_LENGTH characters, its matches read from the range of
 * its start in the word starts (migration 0130) in description order, a person once however many of
 * its words match, up to `upTo` (COUNT_CAP + 1, or the end of a deeper page): how many, and the
 * page's rows among them. One statement, and no row read but the page's; when the page is empty the
 * one row it returns carries the count alone (its columns null).
 */
const pgStartPageRows = perTable((table) =>
  preparedQuery(
    (
      _db,
      archiveId: number,
      start: string,
      from: string,
      to: string,
      upTo: number,
      limit: number,
      offset: number,
    ) => {
      const starts = sql.table(`${table}_word_starts`);
      const columns = sql.join(LIST_COLUMNS.map((c) => sql.ref(`r.${c}`)));
      return sql<
        RegistryListRow & { n: number | string }
      >`with m as materialized (select distinct descr_sort, id from ${starts} where archive_id = ${archiveId} and start = ${start} and word >= ${from} and word < ${to} order by descr_sort, id limit ${upTo}), p as (select descr_sort, id from m order by descr_sort, id limit ${limit} offset ${offset}) select (select count(*) from m) as n, ${columns} from (select 1) as one left join (p join ${sql.table(table)} as r on r.archive_id = ${archiveId} and r.id = p.id) on true order by p.descr_sort, p.id`;
    },
  ),
);

/**
 * PostgreSQL, a search of one term of at least WORD_START_LENGTH characters without filters: the
 * page's rows and the total up to COUNT_CAP, from the word starts (pgStartPageRows). Null for other
 * searches (several terms, a term of two letters), which pgSearchPage answers.
 */
export async function pgStartPage(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  terms: string[],
  page: { limit: number; offset: number },
): Promise<{ rows: RegistryListRow[]; total: number; capped: boolean } | null> {
  const [term] = terms;
  const letters = term ? [...term] : [];
  // (A letter outside the Basic Multilingual Plane would make prefixEnd's bound a broken pair.)
  if (terms.length !== 1 || !term || letters.length < WORD_START_LENGTH || letters.length !== term.length)
    return null;
  const upTo = Math.max(COUNT_CAP + 1, page.offset + page.limit);
  const start = letters.slice(0, WORD_START_LENGTH).join('');
  const found = await pgStartPageRows[table](
    db,
    archiveId,
    start,
    term,
    prefixEnd(term),
    upTo,
    page.limit,
    page.offset,
  );
  const count = Number(found[0]?.n ?? 0);
  const rows = found.filter((r) => r.id !== null).map(({ n: _, ...row }) => row as RegistryListRow);
  return count > COUNT_CAP ? { rows, total: COUNT_CAP, capped: true } : { rows, total: count, capped: false };
}

/** The list's columns of the rows of a search (or none) and filters, in description order. */
const listPage = shapedQuery((db, s: RegistryShape & { search: SearchKind }, v: Record<string, unknown>) =>
  matchingRows(db, s, v)
    .select(LIST_COLUMNS.map((c) => `r.${c}` as const))
    .orderBy('r.descr_sort')
    .orderBy('r.id')
    .limit(v.limit as number)
    .offset(v.offset as number),
);

/** Up to COUNT_CAP + 1 rows of a search (or none) and filters, counted. */
const cappedCountRows = shapedQuery(
  (db, s: RegistryShape & { search: SearchKind }, v: Record<string, unknown>) =>
    db
      .selectFrom(
        matchingRows(db, s, v)
          .select(sql`1`.as('one'))
          .limit(COUNT_CAP + 1)
          .as('t'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n')),
);

/** A search (its terms, and on SQLite the FTS5 expression of ftsMatchOf) and filters of the list. */
export interface RegistryQuery {
  dialect: DialectName;
  table: RegistryTable;
  archiveId: number;
  terms: string[];
  ftsMatch?: string;
  filters: RegistryFilters;
}

function queryInputs(q: RegistryQuery) {
  const search = searchValues(q.dialect, q.archiveId, q.terms, q.ftsMatch);
  return {
    shape: { ...shapeOf(q.table, q.filters), search: searchKindOf(search) },
    values: { archiveId: q.archiveId, ...search, ...filterValues(q.filters) },
  };
}

/** One page of the list's rows matching a search (or none) and the filters, in description order. */
export async function listPageRows(
  db: Kysely<Database>,
  q: RegistryQuery,
  page: { limit: number; offset: number },
) {
  const { shape, values } = queryInputs(q);
  return listPage(db, shape, { ...values, ...page });
}

/** Number of rows matching a search and filters, counted up to COUNT_CAP + 1 (then shown as "oltre"). */
export async function cappedCount(
  db: Kysely<Database>,
  q: RegistryQuery,
): Promise<{ total: number; capped: boolean }> {
  const { shape, values } = queryInputs(q);
  const [row] = await cappedCountRows(db, shape, values);
  const n = Number(row?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

/**
 * Every row of a search (or none) and the filters, in the list's order, without a page, with the
 * description of the provider's type of work: what an export streams (decision 0025).
 */
export function registryRowsForExport(db: Kysely<Database>, q: RegistryQuery) {
  const { shape, values } = queryInputs(q);
  return matchingRows(db, shape, values)
    .leftJoin('provider_activity_types as t', (j) =>
      j.onRef('t.archive_id', '=', 'r.archive_id').onRef('t.id', '=', 'r.tipo_attivita_id'),
    )
    .select([...LIST_COLUMNS.map((c) => `r.${c}` as const), 't.testo as tipo_attivita_descr'])
    .orderBy('r.descr_sort')
    .orderBy('r.id');
}
