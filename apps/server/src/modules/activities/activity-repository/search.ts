import { type ActivityListFilters, SEARCH_COUNT_CAP, stateGroupOf } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../../db/database.ts';
import { readCounters } from '../../../db/ids.ts';
import { shareOfTerms, type WordStatistics, wordStatistics } from '../../../db/pg-word-shares.ts';
import { preparedQuery, shapedQuery } from '../../../db/prepared.ts';
import type { Database } from '../../../db/schema.ts';
import { documentMatches, ftsMatchOf } from '../../../db/search-terms.ts';
import type { ActivityRow } from '../activity.table.ts';
import {
  activityFtsMatch,
  activitySearchPredicate,
  countFtsMatches,
  fromNewestMatches,
  ftsRowids,
  newestFirst,
  newestFtsIds,
  newestIdArray,
  newestIds,
  newestVisibleIds,
  openWordsTag,
} from '../activity-search.ts';

import { stateCounter } from './counters.ts';
import {
  applyFilters,
  BESIDES_FACETS,
  BESIDES_SEARCH,
  closedSince,
  hasListFilters,
  hasSelectiveFilter,
  type ListFilter,
  type ListShape,
  type ListValues,
  listInputs,
} from './list-filters.ts';
import {
  type ActivityPage,
  type ActivityQuery,
  archiveActivities,
  idsNewestFirst,
  listItemsByIds,
  type VisibilityWindow,
} from './query.ts';

/**
 * The values of a PostgreSQL search: the list's, its tsquery, the tsquery of its rare terms (the same
 * when none is rare: rareTerms) and how many ids it wants.
 */
type PgSearchValues = ListValues & { query: string; rare: string; wanted: number };

/** The shape of a PostgreSQL search: the list's, and whether the GIN index is read for its rare terms only. */
type PgSearchShape = ListShape & { rareFirst: boolean };

/** The values of newestMatchIds: the list's, the FTS expression, the range of rowids and how many. */
type NewestMatchValues = ListValues & { match: string; low: number; high: number; wanted: number };

/**
 * With a broad filter, how many of the newest matches a search reads before it gives up on finding
 * a page and its capped total among them (on SQLite a bounded cost, whatever the archive's size and
 * the word's number of matches).
 */
export const NEWEST_MATCHES_BUDGET = 4000;

/**
 * A page of search results, newest (largest id) first, and their total counted up to
 * SEARCH_COUNT_CAP. On SQLite the FTS expression also carries the state group, priority and type
 * filters as facet words (activityFtsMatch), so FTS5 reads only the matches that pass them. SQLite
 * picks a plan by the filters, and every plan gives the same rows in the same order:
 * - the open or suspended tab, with or without a priority, and nothing else: the newest matches are
 *   read from the index of those activities only, whose words carry their tab and priority
 *   (activities_open_fts, migration 0019), one short list per word;
 * - other filters that are all facet words (a type; the closed tab or every state with every closed
 *   activity visible): the newest matches are read from activities_fts, the facets with the words;
 * - none but the state tab (every state or the closed one) and a window of days for everyone: the
 *   newest matches are read from the FTS index backwards, and only those whose ids the window could
 *   hide are checked on their rows (newestVisibleIds), up to SEARCH_COUNT_CAP + 1 of them;
 * - none but the state tab with windows per condominium: the same, each match checked on its row;
 * - a selective filter (hasSelectiveFilter): the filter's rows are read and their words tested,
 *   without the FTS index, so a common word costs no more than a rare one;
 * - broad filters only (state, priority, type, flags, dates, manager): the newest
 *   NEWEST_MATCHES_BUDGET matches (with the facets) are read with the other filters; if they hold too
 *   few results and there are more matches, the set of matches is built and probed from the filter's
 *   index.
 * PostgreSQL intersects its GIN index with the filters.
 */
export async function searchActivities(
  db: Kysely<Database>,
  dialect: DialectName,
  archiveId: number,
  f: ActivityListFilters,
  terms: string[],
  window: VisibilityWindow,
  today: string,
): Promise<ActivityPage> {
  const offset = (f.pageNumber - 1) * f.pageSize;
  const wanted = Math.max(offset + f.pageSize, SEARCH_COUNT_CAP + 1);
  const { shape, values } = listInputs(archiveId, f, window, today);
  const ids = async (q: ActivityQuery, order: RawBuilder<unknown> = idsNewestFirst) =>
    (
      await applyFilters(q, shape, values).select('a.id as page_id').orderBy(order).limit(wanted).execute()
    ).map((m) => Number(m.page_id));
  // The ids of the archive's activities that pass `predicate` and the filters.
  const matching = (predicate: RawBuilder<SqlBool>) => ids(archiveActivities(db, archiveId).where(predicate));

  return pageOf(db, archiveId, await searchIds(), offset, f.pageSize);

  async function searchIds(): Promise<number[]> {
    if (dialect !== 'sqlite') return pgSearchIds(db, f, terms, shape, values, wanted);
    const group = f.stato === undefined ? undefined : stateGroupOf(f.stato);
    const facetsOnly = facetsCoverFilters(f, window);
    if (facetsOnly && (group === 1 || group === 2) && f.tipoSegnalazID === undefined) {
      const tagged = await ftsMatchOf(db, terms, 3, openWordsTag(group, f.priorita));
      return newestFtsIds(db, archiveId, tagged, wanted, 'activities_open_fts');
    }
    const match = activityFtsMatch(await ftsMatchOf(db, terms), terms, {
      group,
      priorita: f.priorita,
      tipo: f.tipoSegnalazID,
    });
    if (facetsOnly) return newestFtsIds(db, archiveId, match, wanted);
    if (!hasListFilters(f, BESIDES_SEARCH)) {
      // The newest matches up to `to`, each tested on its row with the list's window.
      const { low, high } = ftsRowids(archiveId);
      const checked = async (to: number, n: number) => {
        const [row] = await newestMatchIds(db, shape, { ...values, match, low, high: to, wanted: n });
        return newestIds(row);
      };
      if (window.days === 0 || window.perCondominio.size > 0) return checked(high, wanted);
      const since = values[closedSince(window.days)]!;
      const { ids, hiddenUpTo } = await newestVisibleIds(db, archiveId, match, since, wanted);
      if (ids.length >= wanted || hiddenUpTo === 0) return ids;
      return ids.concat(await checked(low + hiddenUpTo, wanted - ids.length));
    }
    if (hasSelectiveFilter(shape)) return matching(documentMatches('a.search_doc', terms));
    const newest = await ids(fromNewestMatches(db, archiveId, match, NEWEST_MATCHES_BUDGET), newestFirst);
    const complete =
      newest.length === wanted ||
      (await countFtsMatches(db, archiveId, match, NEWEST_MATCHES_BUDGET + 1)) <= NEWEST_MATCHES_BUDGET;
    return complete ? newest : matching(activitySearchPredicate(dialect, archiveId, terms, match));
  }
}

/**
 * How many of an archive's newest activities a PostgreSQL search tests in the search walk index
 * before it reads every match from the GIN index instead.
 */
export const PG_WALK_BUDGET = 16_000;

/** The filters besides the search that the search walk index carries (migration 0027). */
const BESIDES_WALKED: readonly ListFilter[] = ['searchQuery', 'priorita', 'tipoSegnalazID'];

/**
 * PostgreSQL: the newest `wanted` matches of a search, newest first. Without filters other than the
 * state tab, priority, type and closed-activity window, the newest PG_WALK_BUDGET entries of the
 * search walk index (archive, id, with the state, priority, type, condominium, closing date and
 * search vector: migration 0027) are tested without reading a row; a common word fills the page
 * there, whatever the size of the archive. When they hold fewer than `wanted` results (a rare word,
 * a narrow filter), every match is read from the GIN index with the filters and sorted: few rows;
 * unless the walk read every activity it could (walkedAll), whose matches are then all there are.
 * An archive of PG_WALK_BUDGET activities or fewer is searched through the GIN index only.
 * The CTE is materialised so that the planner never walks the whole archive newest first looking
 * for a word that is rare or absent.
 */
async function pgSearchIds(
  db: Kysely<Database>,
  f: ActivityListFilters,
  terms: string[],
  shape: ListShape,
  values: ListValues,
  wanted: number,
): Promise<number[]> {
  const statistics = await wordStatistics(db, 'activities', 'search_vector');
  const rare = statistics && terms.length > 1 ? rareTerms(statistics, terms) : [];
  const searchValues: PgSearchValues = {
    ...values,
    query: pgTsQuery(terms),
    rare: pgTsQuery(rare.length ? rare : terms),
    wanted,
  };
  const group = shape.group;
  if (
    (group === 1 || group === 2) &&
    f.priorita !== undefined &&
    !hasListFilters(f, BESIDES_SEARCH_AND_PRIORITY)
  ) {
    const archiveId = archiveIdOf(values);
    const walked = await pgWalkedOpenMatches(db, archiveId, group, f.priorita, searchValues.query, wanted);
    if (
      walked.length >= wanted ||
      (await walkedAll(db, archiveId, [stateCounter(group, 'priorita', f.priorita)]))
    )
      return walked.map((r) => Number(r.id));
  } else if (
    !hasListFilters(f, BESIDES_WALKED) &&
    !(await walkedAll(db, archiveIdOf(values), EVERY_STATE)) &&
    // A word that the statistics keep in less than 1 activity in 160 (or not at all, "zzqx") has
    // fewer than `wanted` matches among the newest PG_WALK_BUDGET: walking them would only delay
    // the GIN index, every one of those entries read for too few matches. Without statistics (no
    // ANALYZE yet) it walks.
    !(statistics && shareOfTerms(statistics, terms) * PG_WALK_BUDGET < wanted)
  ) {
    // An archive that a walk would read whole has few matches of any word: the GIN index gives them
    // (walking it, PostgreSQL read every row and sorted them, on disk past work_mem even on 10,000).
    const walked = await pgWalkedMatches(db, shape, searchValues);
    if (walked.length >= wanted) return walked.map((r) => Number(r.id));
  }
  const rareFirst = searchValues.rare !== searchValues.query;
  return (await pgAllMatches(db, { ...shape, rareFirst }, searchValues)).map((r) => Number(r.id));
}

/**
 * The terms of a search of several words that PostgreSQL's statistics do not keep (rarer than the
 * rarest word they keep), when some other term is kept: none otherwise. The GIN index reads every
 * activity holding a word that a term starts before it intersects the terms (a prefix has no
 * skipping), so "rossi mario milano" read the 44,868 activities of "milano" to find that no
 * activity holds "rossi"; read for "rossi" alone, then tested for every word, it costs nothing.
 */
function rareTerms(statistics: WordStatistics, terms: string[]): string[] {
  const rare = terms.filter((term) => shareOfTerms(statistics, [term]) <= statistics.floor);
  return rare.length > 0 && rare.length < terms.length ? rare : [];
}

const BESIDES_SEARCH_AND_PRIORITY: readonly ListFilter[] = ['searchQuery', 'priorita'];

/** The counters of an archive's activities in each state group: all of them together. */
const EVERY_STATE = [0, 1, 2].map((group) => stateCounter(group));

/**
 * Whether a walk of PG_WALK_BUDGET entries reads every activity that the counters count (every one
 * of the archive, or of a tab and priority). A tab and priority hold a fraction of a large archive
 * (6,885 open activities of priority 4 in 1M): their walk's matches are then all the matches,
 * however few, and reading the archive's every match from the GIN index to keep the few in the tab
 * would find nothing more. A whole archive that small is not walked at all (pgSearchIds).
 */
async function walkedAll(db: Kysely<Database>, archiveId: number, counters: string[]): Promise<boolean> {
  return (await readCounters(db, archiveId, counters)) <= PG_WALK_BUDGET;
}

const archiveIdOf = (values: ListValues) => values.archiveId;

/**
 * PostgreSQL: the matches among the newest PG_WALK_BUDGET open (or suspended) activities of one
 * priority, from the partial walk index of those activities (migration 0028) without reading a row:
 * a tab and a priority keep a few percent of an archive, too few among its newest entries.
 */
const pgWalkedOpenMatches = preparedQuery(
  (_db, archiveId: number, group: number, priorita: number, query: string, wanted: number) =>
    sql<{
      id: number;
    }>`select id from (select id, search_vector from activities where archive_id = ${archiveId} and stato_gruppo in (1, 2) and stato_gruppo = ${group} and priorita = ${priorita} order by id desc limit ${sql.lit(PG_WALK_BUDGET)}) w where search_vector @@ to_tsquery('simple', ${query}) order by id desc limit ${wanted}`,
);

const pgTsQuery = (terms: string[]) => terms.map((t) => `${t}:*`).join(' & ');

const pgMatches = (v: PgSearchValues) => sql<SqlBool>`a.search_vector @@ to_tsquery('simple', ${v.query})`;

/**
 * The rare terms through the GIN index, every term on the rows it gives: `ts_match_vq` is the
 * function behind `@@`, which the planner does not take to the index (rareTerms).
 */
const pgRareMatchesFirst = (v: PgSearchValues) =>
  sql<SqlBool>`a.search_vector @@ to_tsquery('simple', ${v.rare}) and ts_match_vq(a.search_vector, to_tsquery('simple', ${v.query}))`;

/** PostgreSQL: the matches among the archive's newest PG_WALK_BUDGET activities (an index-only scan). */
const pgWalkedMatches = shapedQuery((db, s: ListShape, v: PgSearchValues) => {
  const newest = sql<ActivityRow>`(select id, stato_gruppo, priorita, tipo_segnalaz_id, cond_gen_id, data_chiusura, search_vector from activities where archive_id = ${v.archiveId} order by id desc limit ${sql.lit(PG_WALK_BUDGET)})`;
  const walked = db.selectFrom(newest.as('a')) as unknown as ActivityQuery;
  return applyFilters(walked.where(pgMatches(v)), s, v)
    .select('a.id')
    .orderBy('a.id', 'desc')
    .limit(v.wanted);
});

/** PostgreSQL: every match with the filters, from the GIN index (and the filters' own), sorted. */
const pgAllMatches = shapedQuery((db, s: PgSearchShape, v: PgSearchValues) => {
  const matching = s.rareFirst ? pgRareMatchesFirst(v) : pgMatches(v);
  const matches = applyFilters(archiveActivities(db, v.archiveId).where(matching), s, v).select('a.id');
  return db
    .with(
      (cte) => cte('m').materialized(),
      () => matches,
    )
    .selectFrom('m')
    .select('m.id')
    .orderBy('m.id', 'desc')
    .limit(v.wanted);
});

/**
 * SQLite: the ids of the newest `wanted` matches of a search whose filters are the list's only (a
 * state tab with a closed-activity window), newest first in one JSON array (newestIdArray),
 * compiled once per shape like the lists.
 */
const newestMatchIds = shapedQuery((db, s: ListShape, v: NewestMatchValues) =>
  db
    .selectFrom(
      applyFilters(
        fromNewestMatches(db, v.archiveId, v.match, undefined, {
          low: v.low,
          high: v.high,
        }),
        s,
        v,
      )
        .select('a.id as page_id')
        .orderBy(newestFirst)
        .limit(v.wanted)
        .as('m'),
    )
    .select(newestIdArray(sql.ref('m.page_id')).as('ids')),
);

/**
 * Whether the facet words of the FTS index (activityFtsMatch) hold every filter of a search: only
 * the state tab, priority and type, and no closed-activity window to test on the rows (an open or
 * suspended tab, or every closed activity visible).
 */
function facetsCoverFilters(f: ActivityListFilters, window: VisibilityWindow): boolean {
  if (hasListFilters(f, BESIDES_FACETS)) {
    return false;
  }
  const group = f.stato === undefined ? undefined : stateGroupOf(f.stato);
  return group === 1 || group === 2 || (window.days === 0 && window.perCondominio.size === 0);
}

/**
 * The page and capped total of the first ids of a search, in order (up to SEARCH_COUNT_CAP + 1 of
 * them, or to the page's end), then the names of the page's rows only.
 */
async function pageOf(
  db: Kysely<Database>,
  archiveId: number,
  matches: number[],
  offset: number,
  pageSize: number,
): Promise<ActivityPage> {
  // More than the cap: "oltre 100", as a count would say.
  const capped = matches.length > SEARCH_COUNT_CAP;
  const total = capped ? SEARCH_COUNT_CAP : matches.length;
  const ids = matches.slice(offset, offset + pageSize);
  if (ids.length === 0) return { items: [], total, capped };
  return { items: await listItemsByIds(db, archiveId, ids), total, capped };
}
