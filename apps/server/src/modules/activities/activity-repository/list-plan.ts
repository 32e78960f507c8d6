import type { ActivityListFilters } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { dialectOf } from '../../../db/dialect.ts';
import { shapedQuery } from '../../../db/prepared.ts';
import type { Database } from '../../../db/schema.ts';
import type { ActivityRow } from '../activity.table.ts';

import {
  applyFilters,
  applyOrder,
  closedByDate,
  closedDay,
  closedSince,
  hasSelectiveFilter,
  type ListShape,
  type ListValues,
  unindexed,
} from './list-filters.ts';
import { type ActivityDb, type ActivityQuery, archiveActivities, withListItems } from './query.ts';

/**
 * One page of a list: its ids from the filter's index (narrow rows, cheap to sort), then the names
 * of those rows only (SQLite; see listPageIds for PostgreSQL).
 */
export const listPage = shapedQuery((db, s: ListShape, v: ListValues) => {
  // CROSS JOIN keeps the page as the outer loop on SQLite (with a bound LIMIT the planner would
  // otherwise walk the whole archive and probe the page).
  const outer = db
    .selectFrom(pageIdsOf(db, s, v).as('pg'))
    .crossJoin('activities as a')
    .whereRef('a.id', '=', 'pg.page_id')
    .where('a.archive_id', '=', v.archiveId) as unknown as ActivityQuery;
  return withListItems(db, applyOrder(outer, s.orderBy));
});

/**
 * PostgreSQL, a page that it plans on every run (pagePlannedEachRun): the ids of the page, in order;
 * their items are then read by listItemsByIds, in a statement whose plan PostgreSQL keeps, instead of
 * planning the items' joins and JSON with the page each time (more than running the whole page).
 */
export const listPageIds = shapedQuery((db, s: ListShape, v: ListValues) => pageIdsOf(db, s, v));

/**
 * Whether PostgreSQL plans a page's statement on every run: the merge of the state groups and the
 * closed activities read by their closing dates, whose generic plans it estimates dearer than the
 * custom ones (decision 0029). The other pages, their bounds written in (pg-statements.ts), keep a
 * generic plan: they read their items in the same statement, as on SQLite (a round trip less; measured
 * in turns, the open tab, a filter and a condominium gained up to a fifth of their requests a second,
 * the unions merged with the items lost as much).
 */
export function pagePlannedEachRun(s: ListShape): boolean {
  return byStateGroup(s) || (s.group === 0 && closedByDate(s));
}

/** The ids of one page of a list, in order, from the filter's index. */
function pageIdsOf(db: Kysely<Database>, s: ListShape, v: ListValues): PageIdsQuery {
  const archiveId = v.archiveId;
  const byClosingDate = s.group === 0 && closedByDate(s);
  return byStateGroup(s)
    ? pageIdsByStateGroup(db, s, v, [1, 2, 0])
    : s.group === 0 && closedByDay(db, s) && !s.merge?.recentFills
      ? (db
          .selectFrom(closedDayMerge(db, s, v).as('a'))
          .select('a.id as page_id')
          .$call((q) => applyOrder(q as unknown as ActivityQuery, s.orderBy))
          .limit(pageLimit(s, v))
          .offset(v.offset) as unknown as PageIdsQuery)
      : byClosingDate && s.orderBy === 'recenti'
        ? pageIdsByStateGroup(db, s, v, [0])
        : (byClosingDate
            ? closedWindowInOrder(db, applyFilters(archiveActivities(db, archiveId), s, v, true), s.orderBy)
            : applyOrder(applyFilters(archiveActivities(db, archiveId), s, v), s.orderBy)
          )
            .select('a.id as page_id')
            .limit(v.limit)
            .offset(v.offset);
}

/**
 * Whether a page of every state is read one state group at a time. The indexes of the filters and
 * orders hold the state group first, so SQLite otherwise sorted every activity of the filter
 * ("every state, manager X": 141,000 rows sorted for one page on 1M activities; "every state by due
 * date": every activity of the archive). Not for a selective filter (few rows to sort) other than
 * the condominium, whose closed activities of the window have their own index, nor for the
 * opening-date orders without a filter or with a condominium only (an index gives them).
 */
function byStateGroup(s: ListShape): boolean {
  const filtered =
    s.set.some((name) => name !== 'dataDa' && name !== 'dataA') || s.avvisi || s.attive || s.datiIncompleti;
  const byOpening = s.orderBy === 'recenti' || s.orderBy === 'menoRecenti';
  if (s.group !== null || hasSelectiveFilter(s, 'condominium')) return false;
  // One condominium in opening-date order: activities_condominio_apertura_idx holds every state.
  if (s.set.includes('condominium')) return !byOpening;
  return filtered || !byOpening;
}

/** The columns of every list order, which the merge of pageIdsByStateGroup sorts on. */
const ORDER_COLUMNS = [
  'a.id',
  'a.data_apertura',
  'a.numero_pratica',
  'a.priorita',
  'a.data_concludere_entro',
  'a.ultimo_aggiornamento',
] as const;

/**
 * The page's ids as the merge of the first `upTo` (offset + limit) of each state group, each read in
 * order from the filter's or the order's index; closed activities inside a window from the range
 * of closing dates (byClosingDate), then sorted.
 */
function pageIdsByStateGroup(
  db: Kysely<Database>,
  s: ListShape,
  v: ListValues,
  groups: Array<0 | 1 | 2>,
): PageIdsQuery {
  const inOrder = (group: 0 | 1 | 2, byClosingDate = false, only?: RawBuilder<SqlBool>) => {
    const filtered = applyFilters(archiveActivities(db, v.archiveId), { ...s, group }, v, byClosingDate);
    const rows = only ? filtered.where(only) : filtered;
    return byClosingDate ? closedWindowInOrder(db, rows, s.orderBy) : applyOrder(rows, s.orderBy);
  };
  const groupIds = (group: 0 | 1 | 2) => {
    const first = (q: ActivityQuery, alias: string) =>
      db.selectFrom(q.select(ORDER_COLUMNS).as(alias)).selectAll();
    if (group !== 0 || !closedByDate(s)) return first(inOrder(group).limit(upTo(s, v)), `g${group}`);
    if (s.merge?.recentFills) return first(recentClosed(db, s, v).limit(upTo(s, v)), 'g0r');
    if (closedByDay(db, s)) return db.selectFrom(closedDayMerge(db, s, v).as('g0')).selectAll();
    if (s.orderBy !== 'recenti' || s.closed.per.length > 0) {
      return first(inOrder(0, true).limit(v.upTo), 'g0');
    }
    // Newest first, the closed activities opened inside the window come first: read in order from
    // the filter's index, they usually fill the page. Only the rest of the page, if any, is read
    // from the range of closing dates (a LIMIT of 0 reads nothing; the opening date as an
    // expression, else SQLite reads every closed activity opened before the window through the
    // state index, a cost that grows with the archive).
    const since = v[closedSince(s.closed.days)];
    const recent = recentClosed(db, s, v);
    // Counted in no order: any `upTo` of them count the same. In the list's order PostgreSQL, which
    // estimates few closed activities opened and closed inside the window (the two dates go
    // together), read all of them from the closing dates' index and sorted them ("every state,
    // manager X": 421 rows on 1M activities, most of the page's time; in no order a fraction of it).
    const recentCount = db
      .selectFrom(recent.clearOrderBy().select(sql`1`.as('one')).limit(v.upTo).as('r'))
      .select((eb) => eb.fn.countAll<number>().as('n'));
    const older = inOrder(0, true, sql<SqlBool>`${unindexed('a.data_apertura')} < ${since}`).limit(
      sql<number>`${v.upTo} - (${recentCount})`,
    );
    return first(recent.limit(v.upTo), 'g0r').unionAll(first(older, 'g0o'));
  };
  const [head, ...rest] = groups.map(groupIds) as [
    ReturnType<typeof groupIds>,
    ...ReturnType<typeof groupIds>[],
  ];
  const union = rest.reduce((all, next) => all.unionAll(next), head);
  // Named `a`, so that applyOrder sorts the merge by the same columns.
  const merged = db.selectFrom(union.as('a')).select('a.id as page_id') as unknown as ActivityQuery;
  return applyOrder(merged, s.orderBy).limit(pageLimit(s, v)).offset(v.offset) as unknown as PageIdsQuery;
}

/**
 * Closed activities inside the window, read by their range of closing dates (applyFilters'
 * byClosingDate), in the list's order. SQLite: the order's keys as expressions that no index gives
 * (unindexed). PostgreSQL folds that CASE away and walked the order's index instead, testing the
 * closing date of every closed activity of the archive (years of them: seconds for "closed, oldest
 * first"); there the window's rows are read in a subquery that its planner keeps apart (OFFSET 0),
 * by the closing dates' index, and sorted outside it.
 */
function closedWindowInOrder(
  db: Kysely<Database>,
  filtered: ActivityQuery,
  order: ActivityListFilters['orderBy'],
): ActivityQuery {
  if (dialectOf(db) === 'sqlite') return applyOrder(filtered, order, 'sorted');
  const window = db.selectFrom(filtered.select(ORDER_COLUMNS).offset(0).as('a')) as unknown as ActivityQuery;
  return applyOrder(window, order);
}

/**
 * The closed activities inside the window that were opened inside it too, newest first, from the
 * filter's index. Newest first they come before every other closed activity of the window (opened
 * earlier), and each is still tested against the window (an opening date can be edited).
 */
function recentClosed(db: Kysely<Database>, s: ListShape, v: ListValues): ActivityQuery {
  return applyOrder(applyFilters(archiveActivities(db, v.archiveId), { ...s, group: 0 }, v), s.orderBy).where(
    'a.data_apertura',
    '>=',
    v[closedSince(s.closed.days)]!,
  );
}

/** The deepest page end (offset + page size) for which recentClosedFill counts. */
const RECENT_FILL_MAX_ROWS = 150;

const recentClosedCount = shapedQuery((db, s: ListShape, v: ListValues) =>
  db
    .selectFrom(recentClosed(db, s, v).select(sql`1`.as('one')).limit(v.upTo).as('r'))
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * SQLite, newest first, where the closed activities of the window are read day by day
 * (closedDayMerge): whether those opened inside the window fill the page's rows. Then the page
 * reads them alone, in order from the filter's index, and not the merge, whose one term per day
 * costs an index search each (reading them alone saves about a quarter to a third of the page for
 * "closed" and "every state, manager X" on 1M activities); counting them up to the page's end costs
 * a small fraction of that for a first page. Pages ending after RECENT_FILL_MAX_ROWS keep the merge
 * without counting (the count grows with the page's end: at page 300 it outweighs what it saves).
 */
export async function recentClosedFill(db: Kysely<Database>, s: ListShape, v: ListValues): Promise<boolean> {
  const closedMerged = s.group === 0 || (s.group === null && byStateGroup(s));
  if (s.orderBy !== 'recenti' || !closedMerged || v.upTo > RECENT_FILL_MAX_ROWS) return false;
  if (!closedByDay(db, s)) return false;
  const [row] = await recentClosedCount(db, s, v);
  return Number(row?.n ?? 0) >= v.upTo;
}

/**
 * The page's LIMIT: with closedDayMerge a constant (the page size), since with a bound LIMIT in
 * the same statement SQLite read each term of the merge to its end (over ten times the cost).
 */
function pageLimit(s: ListShape, v: ListValues) {
  return s.merge ? sql.lit(s.merge.pageSize) : v.limit;
}

/** How many rows of each state group a page reads: with closedDayMerge a constant too (pageLimit). */
export function upTo(s: ListShape, v: ListValues) {
  return s.merge ? sql.lit(s.merge.rows) : v.upTo;
}

type PageIdsQuery = SelectQueryBuilder<ActivityDb, 'a', { page_id: number }>;

/**
 * The orders whose keys follow the closing date in an index of closed activities (migration 0016):
 * activities_chiuse_idx (opening date, both ways) and activities_chiuse_scadenza_idx (due date).
 */
const ORDERS_BY_DAY: ReadonlySet<ActivityListFilters['orderBy']> = new Set([
  'recenti',
  'menoRecenti',
  'scadenza',
]);

/** The longest window read day by day: SQLite allows 500 terms in a compound SELECT. */
const MAX_DAYS_MERGED = 400;

/**
 * Whether the closed activities of a list's window can be read day by day (closedDayMerge): a
 * window of days for everyone (up to MAX_DAYS_MERGED), no selective filter, an order with its index.
 */
export function closedDaysMergeable(s: ListShape): boolean {
  const days = s.closed.days;
  return (
    days > 0 &&
    days <= MAX_DAYS_MERGED &&
    s.closed.per.length === 0 &&
    !hasSelectiveFilter(s) &&
    ORDERS_BY_DAY.has(s.orderBy)
  );
}

/** On SQLite (whose compound SELECT merges its terms lazily, see closedDayMerge). */
function closedByDay(db: Kysely<Database>, s: ListShape): boolean {
  return dialectOf(db) === 'sqlite' && closedDaysMergeable(s);
}

/**
 * The closed activities inside the window, in the list's order, as a compound SELECT of one term
 * per closing day (and one for closing dates after today), ordered as a whole. Inside a day the
 * index gives the order, so SQLite merges the terms as they come and stops at the LIMIT: it reads
 * about one index entry per day and per row of the page, instead of every closed activity of the
 * window, sorted (5,600 of them in 30 days on 1M activities: "closed, oldest first", by due date
 * and "closed, manager X" cost about a tenth to a sixth of the sorted read). The broad filters are
 * tested on the index's columns (applyFilters' byClosingDate), so no filter's index is picked instead.
 * At most MAX_DAYS_MERGED + 2 terms (367 for the longest window offered, 365 days).
 */
export function closedDayMerge(db: Kysely<Database>, s: ListShape, v: ListValues): OrderRowsQuery {
  const everyClosed: ListShape = { ...s, group: 0, closed: { days: 0, per: [] } };
  const closedOn = (closing: RawBuilder<SqlBool>) =>
    applyFilters(archiveActivities(db, v.archiveId), everyClosed, v, true).where(closing);
  const days = Array.from(
    { length: s.closed.days + 1 },
    (_, i) =>
      closedOn(sql<SqlBool>`a.data_chiusura = ${v[closedDay(i)]}`).select(ORDER_COLUMNS) as ActivityQuery,
  );
  // Closing dates after today (normally none) as a range of the index, sorted: with the keys as
  // columns SQLite would walk every closed activity in the order's index instead.
  const later = closedOn(sql<SqlBool>`a.data_chiusura > ${v.closedToday}`).select(
    ORDER_COLUMNS.map((column) => unindexed(column).as(column.slice('a.'.length))),
  ) as ActivityQuery;
  const merged = days.reduce((all, next) => all.unionAll(next), later);
  return applyOrder(merged, s.orderBy, 'merged').limit(
    sql.lit(s.merge?.rows ?? 0),
  ) as unknown as OrderRowsQuery;
}

/** Rows of ORDER_COLUMNS. */
type OrderRowsQuery = SelectQueryBuilder<
  ActivityDb,
  'a',
  Pick<
    ActivityRow,
    'id' | 'data_apertura' | 'numero_pratica' | 'priorita' | 'data_concludere_entro' | 'ultimo_aggiornamento'
  >
>;
