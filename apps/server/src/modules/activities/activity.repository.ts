import { type ActivityListFilters, COUNT_CAP, SEARCH_COUNT_CAP, stateGroupOf } from '@stabile/contract';
import {
  type Compilable,
  type Kysely,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type { DialectName } from '../../db/database.ts';
import {
  dialectOf,
  hasWordCharacter,
  idList,
  idPositions,
  joinedByCommas,
  utf8Bytes,
} from '../../db/dialect.ts';
import { addToCounter, readCounter } from '../../db/ids.ts';
import { preparedQuery, shapedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { documentMatches, ftsMatchOf } from '../../db/search-terms.ts';
import { type ActivityRowWithNames, activityListItemJson } from './activity.mapper.ts';
import type { ActivityRow } from './activity.table.ts';
import {
  activityFtsMatch,
  activitySearchPredicate,
  activitySearchTerms,
  countFtsMatches,
  fromNewestMatches,
  ftsRowids,
  newestFirst,
  newestFtsIds,
  newestIdArray,
  newestIds,
  newestVisibleIds,
  openWordsTag,
} from './activity-search.ts';

export { SEARCH_COUNT_CAP };

/**
 * The broad filters whose totals are counted per state group, one at a time, with the column each
 * one tests.
 */
const COUNTED_FILTERS = {
  priorita: 'priorita',
  tipoSegnalazID: 'tipo_segnalaz_id',
  gestore: 'gestore',
  servizio: 'servizio',
} as const;
type CountedFilter = keyof typeof COUNTED_FILTERS;
const COUNTED_FILTER_TAGS: Record<CountedFilter, string> = {
  priorita: 'p',
  tipoSegnalazID: 't',
  gestore: 'g:',
  servizio: 's',
};

/**
 * Per-archive counters of activities by state group, of all of them or of one value of a broad
 * filter ("attivita_stato_1", "attivita_stato_1_p4", "attivita_stato_1_t2", "attivita_stato_1_s3",
 * "attivita_stato_1_g:Luca Verdi"), kept in the write transactions.
 */
export const stateCounter = (group: number, filter?: CountedFilter, value?: string | number) =>
  filter === undefined
    ? `attivita_stato_${group}`
    : `attivita_stato_${group}_${COUNTED_FILTER_TAGS[filter]}${value}`;

/**
 * Per-archive counters of closed activities by closing day, of every priority or of one
 * ("attivita_chiuse_2026-11-02", "attivita_chiuse_p4_2026-11-02"): the closed tab's total inside a
 * window of days is the sum of a range of them (closedSinceTotal).
 */
export const closedDayCounter = (day: string, priorita?: number) =>
  priorita === undefined ? `attivita_chiuse_${day}` : `attivita_chiuse_p${priorita}_${day}`;

/** What the per-archive counters count an activity by. */
export type CountedAs = Pick<
  ActivityRow,
  'stato_gruppo' | 'priorita' | 'data_chiusura' | 'tipo_segnalaz_id' | 'gestore' | 'servizio'
>;

/** How much each counter moves when `rows` come in (sign 1) or go (sign -1). */
function counterDeltas(rows: readonly CountedAs[], sign: 1 | -1 = 1, into = new Map<string, number>()) {
  for (const r of rows) {
    const names = [stateCounter(r.stato_gruppo)];
    for (const [filter, column] of Object.entries(COUNTED_FILTERS) as [CountedFilter, keyof CountedAs][]) {
      if (r[column] !== null) names.push(stateCounter(r.stato_gruppo, filter, r[column]));
    }
    if (r.stato_gruppo === 0 && r.data_chiusura !== null) {
      names.push(closedDayCounter(r.data_chiusura), closedDayCounter(r.data_chiusura, r.priorita));
    }
    for (const name of names) into.set(name, (into.get(name) ?? 0) + sign);
  }
  return into;
}

/**
 * The closed activities of an archive closed since `day` (of one priority), from the counters by
 * closing day: the range of names from that day's to the end of the series (":" follows the digits).
 */
const closedSinceTotalQuery = preparedQuery((db, archiveId: number, from: string, to: string) =>
  db
    .selectFrom('archive_counters')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('value'), eb.lit(0)).as('n'))
    .where('archive_id', '=', archiveId)
    .where('name', '>=', from)
    .where('name', '<', to),
);

async function closedSinceTotal(db: Kysely<Database>, archiveId: number, day: string, priorita?: number) {
  const [row] = await closedSinceTotalQuery(
    db,
    archiveId,
    closedDayCounter(day, priorita),
    closedDayCounter(':', priorita),
  );
  return Number(row?.n ?? 0);
}

/** Moves the counters for activities that appear, change state or priority, or go. */
export async function recount(
  db: Kysely<Database>,
  archiveId: number,
  before: readonly CountedAs[],
  after: readonly CountedAs[],
): Promise<void> {
  const deltas = counterDeltas(after, 1, counterDeltas(before, -1));
  for (const [name, delta] of [...deltas].sort(([x], [y]) => x.localeCompare(y))) {
    if (delta !== 0) await addToCounter(db, archiveId, name, delta);
  }
}

/** The closed-activity window of a user: days (0 = always) and per-condominium overrides. */
export interface VisibilityWindow {
  days: number;
  perCondominio: Map<number, number>;
}

const ACTIVITY_COLUMNS = [
  'a.archive_id',
  'a.id',
  'a.numero_pratica',
  'a.cond_gen_id',
  'a.titolo',
  'a.descrizione',
  'a.stato',
  'a.stato_gruppo',
  'a.gestore',
  'a.tipo_segnalaz_id',
  'a.priorita',
  'a.data_apertura',
  'a.data_chiusura',
  'a.richiedente_id',
  'a.data_concludere_entro',
  'a.operatore',
  'a.nascosta',
  'a.servizio',
  'a.esercizio_id',
  'a.avvisi',
  'a.interventi_in_corso',
  'a.dati_incompleti',
  'a.ultimo_aggiornamento',
  'a.created_at',
  'a.obj_version',
] as const;

export type ActivityDb = Database & { a: ActivityRow };
export type ActivityQuery = SelectQueryBuilder<ActivityDb, 'a', object>;

/** Joins the condominium `c`, type `t` and applicant `p` of each activity `a`. */
function joinNames(qb: ActivityQuery) {
  return qb
    .leftJoin('condominiums as c', (j) =>
      j.onRef('c.archive_id', '=', 'a.archive_id').onRef('c.id', '=', 'a.cond_gen_id'),
    )
    .leftJoin('activity_types as t', (j) =>
      j.onRef('t.archive_id', '=', 'a.archive_id').onRef('t.id', '=', 'a.tipo_segnalaz_id'),
    )
    .leftJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'a.archive_id').onRef('p.id', '=', 'a.richiedente_id'),
    );
}

/** The API columns with the condominium, type and applicant names (for toActivityListItem). */
function withNames(qb: ActivityQuery) {
  return joinNames(qb).select([
    ...ACTIVITY_COLUMNS,
    'c.intestazione',
    't.descr as tipo_descr',
    'p.descr as richiedente_descr',
  ]);
}

/**
 * The JSON text of an activity of a list (ActivityListItem), written by the database as UTF-8
 * bytes: a list page sends these as they are (decision 0007).
 */
function withListItems(db: Kysely<Database>, qb: ActivityQuery) {
  const dialect = dialectOf(db);
  return joinNames(qb).select(['a.id', utf8Bytes(dialect, activityListItemJson(dialect)).as('item')]);
}

/** A row of withListItems. */
interface ListItemRow {
  id: number;
  item: Buffer;
}

export function isoDaysAgo(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The list filters whose values are parameters of the SQL (the condominium is `condominium`). */
const VALUE_FILTERS = [
  'fornitoreID',
  'priorita',
  'tipoSegnalazID',
  'richiedenteID',
  'gestore',
  'servizio',
  'esercizioID',
  'dataDa',
  'dataA',
] as const;

/**
 * What makes the SQL of a list query: which filters are set, the state tab, the flags, the order and
 * the closed-activity window. Everything else is a value (ListValues), so each shape is built and
 * compiled once (shapedQuery).
 */
interface ListShape {
  group: 0 | 1 | 2 | null;
  /** Days of closed activities shown (0 = all) and per-condominium exceptions [condominium, days];
   * with a condominium filter, that condominium's days only. */
  closed: { days: number; per: [number, number][] };
  /** The value filters that are set, `condominium` first. */
  set: string[];
  avvisi: boolean;
  attive: boolean;
  datiIncompleti: boolean;
  orderBy: ActivityListFilters['orderBy'];
  /**
   * With closedDayMerge (SQLite), how many rows the merge reads (the power of two at or above the
   * end of the page) and the page size, as constants of the SQL: SQLite stops the merge's terms
   * early only under constant LIMITs; under bound ones it read each term to its end (0.67 instead
   * of 0.06 ms on 1M activities). `recentFills`: newest first, whether the closed activities
   * opened inside the window fill the page's rows (recentClosedFill); then they are read alone.
   */
  merge?: { rows: number; pageSize: number; recentFills: boolean };
}

/** The values of a list query by name: archiveId, each set filter, `closedSince<days>` dates. */
type ListValues = Record<string, unknown>;

const closedSince = (days: number) => `closedSince${days}`;

/** The value naming the i-th day of the window (0 = its first), for closedDayMerge. */
const closedDay = (i: number) => `closedDay${i}`;

/** The days of a window as named values (closedDay), kept for the day they were computed on. */
const windowDays = (() => {
  let cached: { today: string; byDays: Map<number, ListValues> } = { today: '', byDays: new Map() };
  return (today: string, days: number): ListValues => {
    if (cached.today !== today) cached = { today, byDays: new Map() };
    let values = cached.byDays.get(days);
    if (!values) {
      values = { closedToday: today };
      for (let i = 0; i <= days; i++) values[closedDay(i)] = isoDaysAgo(today, days - i);
      cached.byDays.set(days, values);
    }
    return values;
  };
})();

function listInputs(
  archiveId: number,
  f: ActivityListFilters,
  window: VisibilityWindow,
  today: string,
): { shape: ListShape; values: ListValues } {
  const condominium = f.condGenID ?? f.condGendID;
  const closed =
    condominium === undefined
      ? { days: window.days, per: [...window.perCondominio].sort((x, y) => x[0] - y[0]) }
      : { days: window.perCondominio.get(condominium) ?? window.days, per: [] };
  const values: ListValues = { archiveId };
  const set: string[] = [];
  if (condominium !== undefined) {
    set.push('condominium');
    values.condominium = condominium;
  }
  for (const name of VALUE_FILTERS) {
    if (f[name] === undefined) continue;
    set.push(name);
    values[name] = f[name];
  }
  for (const days of new Set([closed.days, ...closed.per.map(([, d]) => d)])) {
    if (days !== 0) values[closedSince(days)] = isoDaysAgo(today, days);
  }
  const shape: ListShape = {
    group: f.stato === undefined ? null : stateGroupOf(f.stato),
    closed,
    set,
    avvisi: f.avvisi === true,
    attive: f.attive === true,
    datiIncompleti: f.datiIncompleti === true,
    orderBy: f.orderBy,
  };
  return { shape, values };
}

/** Which closed activities are inside the window; null = all of them. */
function closedWindowPredicate(closed: ListShape['closed'], v: ListValues): RawBuilder<SqlBool> | null {
  const within = (days: number) => sql<SqlBool>`a.data_chiusura >= ${v[closedSince(days)]}`;
  if (closed.per.length === 0) return closed.days === 0 ? null : within(closed.days);
  const byDays = new Map<number, number[]>();
  for (const [cond, days] of closed.per) byDays.set(days, [...(byDays.get(days) ?? []), cond]);
  const parts: RawBuilder<SqlBool>[] = [];
  for (const [days, conds] of byDays) {
    const inList = sql<SqlBool>`a.cond_gen_id in (${sql.join(conds)})`;
    parts.push(days === 0 ? inList : sql<SqlBool>`(${inList} and ${within(days)})`);
  }
  const others = sql<SqlBool>`a.cond_gen_id not in (${sql.join(closed.per.map(([cond]) => cond))})`;
  parts.push(closed.days === 0 ? others : sql<SqlBool>`(${others} and ${within(closed.days)})`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** The list's filters (not its state tab, order or page); the flags count as set when true. */
const LIST_FILTERS = [
  'searchQuery',
  'condGenID',
  'condGendID',
  'fornitoreID',
  'priorita',
  'tipoSegnalazID',
  'richiedenteID',
  'dataDa',
  'dataA',
  'gestore',
  'avvisi',
  'servizio',
  'attive',
  'datiIncompleti',
  'esercizioID',
] as const;
type ListFilter = (typeof LIST_FILTERS)[number];
const FLAG_FILTERS: ReadonlySet<ListFilter> = new Set(['avvisi', 'attive', 'datiIncompleti']);

/** Whether any filter but those of `except` is set (without copying the filters: lists call it on
 * every request). */
function hasListFilters(f: ActivityListFilters, except: readonly ListFilter[] = []): boolean {
  for (const name of LIST_FILTERS) {
    if (except.includes(name)) continue;
    if (FLAG_FILTERS.has(name) ? f[name] === true : f[name] !== undefined) return true;
  }
  return false;
}

const BESIDES_SEARCH: readonly ListFilter[] = ['searchQuery'];
const BESIDES_FACETS: readonly ListFilter[] = ['searchQuery', 'priorita', 'tipoSegnalazID'];
const BESIDES_COUNTED: readonly ListFilter[] = ['priorita', 'tipoSegnalazID', 'gestore', 'servizio'];

/**
 * A column as an expression that no index serves, so that SQLite's planner picks its index by the
 * other terms. A CASE (valid on both databases) rather than `|| ''` or `+ 0`: SQLite evaluates it
 * without making a new value, and the closed tab oldest first sorts 7,500 of them on 1M
 * activities (0.50 -> 0.42 ms).
 */
function unindexed(column: string): RawBuilder<unknown> {
  return sql`case when true then ${sql.ref(column)} end`;
}

/**
 * The list's predicates on `a`; `v` holds values or, while a shape is compiled, placeholders.
 * `byClosingDate`: the broad filters (priority, type, manager, service) are compared through an
 * expression that no index serves (unindexed), so that SQLite reads closed activities from the
 * range of closing dates of activities_chiuse_idx and tests those filters there, instead of reading
 * every closed activity of the filter's index (140 ms for "closed, priority 1" on 1M activities).
 */
function applyFilters(qb: ActivityQuery, s: ListShape, v: ListValues, byClosingDate = false): ActivityQuery {
  let q = qb;
  const closedWindow = closedWindowPredicate(s.closed, v);
  // A literal: the partial index of closed activities (migration 0013) needs `stato_gruppo = 0`.
  if (s.group !== null) q = q.where(sql<SqlBool>`a.stato_gruppo = ${sql.lit(s.group)}`);
  if (s.group === 0 && closedWindow) q = q.where(closedWindow);
  if (s.group === null && closedWindow) q = q.where(sql<SqlBool>`(a.stato_gruppo <> 0 or ${closedWindow})`);
  const set = new Set(s.set);
  const num = (name: string) => v[name] as number;
  const str = (name: string) => v[name] as string;
  const broad = (column: string, name: string) => {
    const tested = byClosingDate ? unindexed(column) : sql.ref(column);
    q = q.where(sql<SqlBool>`${tested} = ${v[name]}`);
  };
  if (set.has('condominium')) q = q.where('a.cond_gen_id', '=', num('condominium'));
  if (set.has('priorita')) broad('a.priorita', 'priorita');
  if (set.has('tipoSegnalazID')) broad('a.tipo_segnalaz_id', 'tipoSegnalazID');
  if (set.has('richiedenteID')) q = q.where('a.richiedente_id', '=', num('richiedenteID'));
  if (set.has('gestore')) broad('a.gestore', 'gestore');
  if (set.has('servizio')) broad('a.servizio', 'servizio');
  if (set.has('esercizioID')) q = q.where('a.esercizio_id', '=', num('esercizioID'));
  if (set.has('dataDa')) q = q.where('a.data_apertura', '>=', str('dataDa'));
  if (set.has('dataA')) q = q.where('a.data_apertura', '<=', str('dataA'));
  // Literal predicates: they match the partial indexes of migration 0004.
  if (s.avvisi) q = q.where(sql<SqlBool>`a.avvisi = 1`);
  if (s.attive) q = q.where(sql<SqlBool>`a.interventi_in_corso > 0`);
  if (s.datiIncompleti) q = q.where(sql<SqlBool>`a.dati_incompleti = 1`);
  if (set.has('fornitoreID')) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('interventions as i')
          .select('i.id')
          .whereRef('i.archive_id', '=', 'a.archive_id')
          .where('i.fornitore_id', '=', num('fornitoreID'))
          .whereRef('i.attivita_id', '=', 'a.id'),
      ),
    );
  }
  return q;
}

/**
 * How applyOrder names its sort keys: `index`, as columns (an index gives the order); `sorted`, the
 * first key as an expression that no index gives (with applyFilters' byClosingDate), so that SQLite
 * reads closed activities by their range of closing dates and sorts them, instead of walking the
 * closed activities in the order's index and testing each one's closing date ("closed, oldest
 * first" walked 900,000 activities closed years ago: 367 ms); `merged`, as the names of a compound
 * SELECT's columns (closedDayMerge).
 */
type OrderKeys = 'index' | 'sorted' | 'merged';

/** The list's order. */
function applyOrder<Q extends ActivityQuery>(
  qb: Q,
  order: ActivityListFilters['orderBy'],
  keys: OrderKeys = 'index',
): Q {
  const col = (column: string) => sql.ref(keys === 'merged' ? column.slice('a.'.length) : column);
  const key = (column: string) => (keys === 'sorted' ? unindexed(column) : col(column));
  const q = qb as ActivityQuery;
  switch (order) {
    case 'menoRecenti':
      return q.orderBy(key('a.data_apertura'), 'asc').orderBy(col('a.id'), 'asc') as Q;
    case 'numeroPratica':
      return q.orderBy(key('a.numero_pratica'), 'desc') as Q;
    case 'priorita':
      return q
        .orderBy(key('a.priorita'), 'desc')
        .orderBy(col('a.data_apertura'), 'desc')
        .orderBy(col('a.id'), 'desc') as Q;
    case 'scadenza':
      return q
        .orderBy(sql`${key('a.data_concludere_entro')} asc nulls last`)
        .orderBy(col('a.id'), 'asc') as Q;
    case 'aggiornamento':
      return q.orderBy(key('a.ultimo_aggiornamento'), 'desc').orderBy(col('a.id'), 'desc') as Q;
    default:
      return q.orderBy(key('a.data_apertura'), 'desc').orderBy(col('a.id'), 'desc') as Q;
  }
}

export interface ActivityPage {
  /**
   * The JSON texts of the page's activities (ActivityListItem) in UTF-8, in order: each Buffer one
   * item or several joined by commas (listItemsByIds).
   */
  items: Buffer[];
  total: number;
  capped: boolean;
}

const archiveActivities = (db: Kysely<Database>, archiveId: number) =>
  db.selectFrom('activities as a').where('a.archive_id', '=', archiveId) as ActivityQuery;

/**
 * One page of a list: its ids from the filter's index (narrow rows, cheap to sort), then the names
 * of those rows only.
 */
const listPage = shapedQuery((db, s: ListShape, v: ListValues) => {
  const archiveId = v.archiveId as number;
  const byClosingDate = s.group === 0 && closedByDate(s);
  const pageIds: PageIdsQuery = byStateGroup(s)
    ? pageIdsByStateGroup(db, s, v, [1, 2, 0])
    : s.group === 0 && closedByDay(db, s) && !s.merge?.recentFills
      ? (db
          .selectFrom(closedDayMerge(db, s, v).as('a'))
          .select('a.id as page_id')
          .$call((q) => applyOrder(q as unknown as ActivityQuery, s.orderBy))
          .limit(pageLimit(s, v))
          .offset(v.offset as number) as unknown as PageIdsQuery)
      : byClosingDate && s.orderBy === 'recenti'
        ? pageIdsByStateGroup(db, s, v, [0])
        : (byClosingDate
            ? closedWindowInOrder(db, applyFilters(archiveActivities(db, archiveId), s, v, true), s.orderBy)
            : applyOrder(applyFilters(archiveActivities(db, archiveId), s, v), s.orderBy)
          )
            .select('a.id as page_id')
            .limit(v.limit as number)
            .offset(v.offset as number);
  // CROSS JOIN keeps the page as the outer loop on SQLite (with a bound LIMIT the planner would
  // otherwise walk the whole archive and probe the page).
  const outer = db
    .selectFrom(pageIds.as('pg'))
    .crossJoin('activities as a')
    .whereRef('a.id', '=', 'pg.page_id')
    .where('a.archive_id', '=', archiveId) as unknown as ActivityQuery;
  return withListItems(db, applyOrder(outer, s.orderBy));
});

/**
 * Whether a page of every state is read one state group at a time. The indexes of the filters and
 * orders hold the state group first, so SQLite otherwise sorted every activity of the filter
 * ("every state, manager X": 141,000 rows, 147 ms on 1M activities; "every state by due date":
 * 245 ms). Not for a selective filter (few rows to sort) other than the condominium, whose closed
 * activities of the window have their own index, nor for the opening-date orders without a filter
 * or with a condominium only (an index gives them).
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
    const filtered = applyFilters(
      archiveActivities(db, v.archiveId as number),
      { ...s, group },
      v,
      byClosingDate,
    );
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
      return first(inOrder(0, true).limit(v.upTo as number), 'g0');
    }
    // Newest first, the closed activities opened inside the window come first: read in order from
    // the filter's index, they usually fill the page. Only the rest of the page, if any, is read
    // from the range of closing dates (a LIMIT of 0 reads nothing; the opening date as an
    // expression, else SQLite reads every closed activity opened before the window through the
    // state index: 7 ms on 10,000 activities).
    const since = v[closedSince(s.closed.days)] as string;
    const recent = recentClosed(db, s, v);
    const recentCount = db
      .selectFrom(
        recent
          .select(sql`1`.as('one'))
          .limit(v.upTo as number)
          .as('r'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'));
    const older = inOrder(0, true, sql<SqlBool>`${unindexed('a.data_apertura')} < ${since}`).limit(
      sql<number>`${v.upTo} - (${recentCount})`,
    );
    return first(recent.limit(v.upTo as number), 'g0r').unionAll(first(older, 'g0o'));
  };
  const [head, ...rest] = groups.map(groupIds) as [
    ReturnType<typeof groupIds>,
    ...ReturnType<typeof groupIds>[],
  ];
  const union = rest.reduce((all, next) => all.unionAll(next), head);
  // Named `a`, so that applyOrder sorts the merge by the same columns.
  const merged = db.selectFrom(union.as('a')).select('a.id as page_id') as unknown as ActivityQuery;
  return applyOrder(merged, s.orderBy)
    .limit(pageLimit(s, v))
    .offset(v.offset as number) as unknown as PageIdsQuery;
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
  return applyOrder(
    applyFilters(archiveActivities(db, v.archiveId as number), { ...s, group: 0 }, v),
    s.orderBy,
  ).where('a.data_apertura', '>=', v[closedSince(s.closed.days)] as string);
}

/** The deepest page end (offset + page size) for which recentClosedFill counts. */
const RECENT_FILL_MAX_ROWS = 150;

const recentClosedCount = shapedQuery((db, s: ListShape, v: ListValues) =>
  db
    .selectFrom(
      recentClosed(db, s, v)
        .select(sql`1`.as('one'))
        .limit(v.upTo as number)
        .as('r'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * SQLite, newest first, where the closed activities of the window are read day by day
 * (closedDayMerge): whether those opened inside the window fill the page's rows. Then the page
 * reads them alone, in order from the filter's index, and not the merge, whose one term per day
 * costs an index search each ("closed" 0.15 -> 0.11 ms, "every state, manager X" 0.21 -> 0.14 ms on
 * 1M activities); counting them up to the page's end costs about 0.01 ms for a first page. Pages
 * ending after RECENT_FILL_MAX_ROWS keep the merge without counting (page 300: 1.5 ms to count).
 */
async function recentClosedFill(db: Kysely<Database>, s: ListShape, v: ListValues): Promise<boolean> {
  const closedMerged = s.group === 0 || (s.group === null && byStateGroup(s));
  if (s.orderBy !== 'recenti' || !closedMerged || (v.upTo as number) > RECENT_FILL_MAX_ROWS) return false;
  if (!closedByDay(db, s)) return false;
  const [row] = await recentClosedCount(db, s, v);
  return Number(row?.n ?? 0) >= (v.upTo as number);
}

/**
 * The page's LIMIT: with closedDayMerge a constant (the page size), since with a bound LIMIT in
 * the same statement SQLite read each term of the merge to its end (0.66 instead of 0.04 ms).
 */
function pageLimit(s: ListShape, v: ListValues) {
  return s.merge ? sql.lit(s.merge.pageSize) : (v.limit as number);
}

/** How many rows of each state group a page reads: with closedDayMerge a constant too (pageLimit). */
function upTo(s: ListShape, v: ListValues) {
  return s.merge ? sql.lit(s.merge.rows) : (v.upTo as number);
}

type PageIdsQuery = SelectQueryBuilder<ActivityDb, 'a', { page_id: number }>;

/**
 * The rows of a list counted up to COUNT_CAP + 1. The "every state" list with a closed-activity
 * window and no selective filter is counted in two parts: the open and suspended activities by the filter's index, and the
 * closed ones inside the window by a range of closing dates (activities_chiuse_idx, migration
 * 0013), instead of reading every closed activity of the filter to test its closing date.
 */
const listCount = shapedQuery((db, s: ListShape, v: ListValues) => {
  const count = (
    shape: ListShape,
    only?: RawBuilder<SqlBool>,
    byClosingDate = false,
    upTo: number | RawBuilder<number> = COUNT_CAP + 1,
  ) => {
    const filtered = applyFilters(archiveActivities(db, v.archiveId as number), shape, v, byClosingDate);
    return db
      .selectFrom((only ? filtered.where(only) : filtered).select(sql`1`.as('one')).limit(upTo).as('t'))
      .select((eb) => eb.fn.countAll<number>().as('n'));
  };
  const byClosingDate = closedByDate(s);
  if (s.group === 0) return count(s, undefined, byClosingDate);
  // A selective filter other than the condominium is counted in one pass (few rows).
  if (s.group !== null || !byClosingDate) return count(s);
  const open = count({ ...s, closed: { days: 0, per: [] } }, sql<SqlBool>`a.stato_gruppo in (1, 2)`);
  // One condominium: both parts are short ranges of its own indexes.
  if (hasSelectiveFilter(s)) {
    const closed = count({ ...s, group: 0 }, undefined, byClosingDate);
    return db.selectNoFrom(sql<number>`(${open}) + (${closed})`.as('n'));
  }
  // The closed part counts only what the open part left below the cap: when the open and suspended
  // activities of a filter pass it, the window's range is not read at all.
  const openN = sql<number>`(select n from o)`;
  const closed = count(
    { ...s, group: 0 },
    undefined,
    byClosingDate,
    sql<number>`${COUNT_CAP + 1} - ${openN}`,
  );
  return db
    .with(
      (cte) => cte('o').materialized(),
      () => open,
    )
    .selectNoFrom(sql<number>`${openN} + (${closed})`.as('n'));
});

/** One page of the list: an index walk for every filter and order; totals from counters or capped. */
export async function listActivities(
  db: Kysely<Database>,
  dialect: DialectName,
  archiveId: number,
  filters: ActivityListFilters,
  window: VisibilityWindow,
  today: string,
): Promise<ActivityPage> {
  const terms = filters.searchQuery ? activitySearchTerms(filters.searchQuery) : [];
  // A search with no letter or digit ("%%%", "___") matches nothing, rather than listing everything.
  if (filters.searchQuery && !hasWordCharacter(filters.searchQuery))
    return { items: [], total: 0, capped: false };
  if (terms.length > 0) return searchActivities(db, dialect, archiveId, filters, terms, window, today);
  const f = filters;
  const { shape, values } = listInputs(archiveId, f, window, today);
  const offset = (f.pageNumber - 1) * f.pageSize;
  const byDay = closedDaysMergeable(shape);
  // Added to `values` (made for this call) rather than spread into a new object: V8 built that
  // object through a slow path that allocated 24 KB on every list request (more than all the rest
  // of the list's own code).
  values.limit = f.pageSize;
  values.offset = offset;
  values.upTo = offset + f.pageSize;
  if (byDay) Object.assign(values, windowDays(today, shape.closed.days));
  const pageShape = byDay
    ? {
        ...shape,
        merge: {
          rows: 2 ** Math.ceil(Math.log2(offset + f.pageSize)),
          pageSize: f.pageSize,
          recentFills: await recentClosedFill(db, shape, values),
        },
      }
    : shape;
  const items = ((await listPage(db, pageShape, values)) as ListItemRow[]).map((r) => r.item);

  // A short page is the last one: its total is known without counting.
  const total =
    items.length < f.pageSize && (items.length > 0 || offset === 0)
      ? { total: offset + items.length, capped: false }
      : await totalOf(db, archiveId, f, window, shape, values);
  return { items, ...total };
}

/**
 * The filters that keep few activities of an archive however large it grows (one condominium, one
 * applicant, one provider, one exercise): with one of them a search walks the filter's rows and
 * reads each one's words, and a list sorts and counts them directly.
 */
const SELECTIVE_FILTERS = ['condominium', 'richiedenteID', 'fornitoreID', 'esercizioID'];

function hasSelectiveFilter(s: ListShape, except?: string): boolean {
  return s.set.some((name) => name !== except && SELECTIVE_FILTERS.includes(name));
}

/**
 * Whether the closed activities of a list are read by their range of closing dates (applyFilters'
 * byClosingDate): inside a window, unless a selective filter has few of them anyway. One
 * condominium's are read by their own range (activities_condominio_chiusura_idx, migration 0014):
 * over the years a condominium gathers a thousand closed activities, few closed in the window.
 */
function closedByDate(s: ListShape): boolean {
  const windowed = s.closed.days !== 0 || s.closed.per.length > 0;
  return windowed && !hasSelectiveFilter(s, 'condominium');
}

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
function closedDaysMergeable(s: ListShape): boolean {
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
 * window, sorted (5,600 of them in 30 days on 1M activities: "closed, oldest first" 0.41 ->
 * 0.05 ms, by due date 0.39 -> 0.04 ms, "closed, manager X" 0.47 -> 0.08 ms). The broad filters are
 * tested on the index's columns (applyFilters' byClosingDate), so no filter's index is picked instead.
 * At most MAX_DAYS_MERGED + 2 terms (367 for the longest window offered, 365 days).
 */
function closedDayMerge(db: Kysely<Database>, s: ListShape, v: ListValues): OrderRowsQuery {
  const everyClosed: ListShape = { ...s, group: 0, closed: { days: 0, per: [] } };
  const closedOn = (closing: RawBuilder<SqlBool>) =>
    applyFilters(archiveActivities(db, v.archiveId as number), everyClosed, v, true).where(closing);
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

/**
 * With a broad filter, how many of the newest matches a search reads before it gives up on finding
 * a page and its capped total among them (about 2 ms on SQLite).
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
async function searchActivities(
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
      const since = values[closedSince(window.days)] as string;
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

const idsNewestFirst = sql`a.id desc`;

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
 * a narrow filter), every match is read from the GIN index with the filters and sorted: few rows.
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
  const searchValues = { ...values, query: pgTsQuery(terms), wanted };
  const group = shape.group;
  if (
    (group === 1 || group === 2) &&
    f.priorita !== undefined &&
    !hasListFilters(f, BESIDES_SEARCH_AND_PRIORITY)
  ) {
    const walked = await pgWalkedOpenMatches(
      db,
      archiveIdOf(values),
      group,
      f.priorita,
      searchValues.query,
      wanted,
    );
    if (walked.length >= wanted) return walked.map((r) => Number(r.id));
  } else if (!hasListFilters(f, BESIDES_WALKED)) {
    const walked = await pgWalkedMatches(db, shape, searchValues);
    if (walked.length >= wanted) return walked.map((r) => Number(r.id));
  }
  return (await pgAllMatches(db, shape, searchValues)).map((r) => Number(r.id));
}

const BESIDES_SEARCH_AND_PRIORITY: readonly ListFilter[] = ['searchQuery', 'priorita'];

const archiveIdOf = (values: ListValues) => values.archiveId as number;

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

const pgMatches = (v: ListValues) => sql<SqlBool>`a.search_vector @@ to_tsquery('simple', ${v.query})`;

/** PostgreSQL: the matches among the archive's newest PG_WALK_BUDGET activities (an index-only scan). */
const pgWalkedMatches = shapedQuery((db, s: ListShape, v: ListValues) => {
  const newest = sql<ActivityRow>`(select id, stato_gruppo, priorita, tipo_segnalaz_id, cond_gen_id, data_chiusura, search_vector from activities where archive_id = ${v.archiveId} order by id desc limit ${sql.lit(PG_WALK_BUDGET)})`;
  const walked = db.selectFrom(newest.as('a')) as unknown as ActivityQuery;
  return applyFilters(walked.where(pgMatches(v)), s, v)
    .select('a.id')
    .orderBy('a.id', 'desc')
    .limit(v.wanted as number);
});

/** PostgreSQL: every match with the filters, from the GIN index (and the filters' own), sorted. */
const pgAllMatches = shapedQuery((db, s: ListShape, v: ListValues) => {
  const matches = applyFilters(archiveActivities(db, v.archiveId as number).where(pgMatches(v)), s, v).select(
    'a.id',
  );
  return db
    .with(
      (cte) => cte('m').materialized(),
      () => matches,
    )
    .selectFrom('m')
    .select('m.id')
    .orderBy('m.id', 'desc')
    .limit(v.wanted as number);
});

/**
 * SQLite: the ids of the newest `wanted` matches of a search whose filters are the list's only (a
 * state tab with a closed-activity window), newest first in one JSON array (newestIdArray),
 * compiled once per shape like the lists.
 */
const newestMatchIds = shapedQuery((db, s: ListShape, v: ListValues) =>
  db
    .selectFrom(
      applyFilters(
        fromNewestMatches(db, v.archiveId as number, v.match as string, undefined, {
          low: v.low as number,
          high: v.high as number,
        }),
        s,
        v,
      )
        .select('a.id as page_id')
        .orderBy(newestFirst)
        .limit(v.wanted as number)
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

/**
 * The list items of some activities (JSON texts of ActivityListItem) in the order of `ids`, joined
 * by commas into one UTF-8 text (none if no id is found): one value for a page instead of a Buffer
 * per row, which cost a quarter of the query's time (15 rows: 0.067 -> 0.054 ms on 1M activities).
 */
export async function listItemsByIds(
  db: Kysely<Database>,
  archiveId: number,
  ids: number[],
): Promise<Buffer[]> {
  const [row] = await activitiesByIds(db, archiveId, idList(dialectOf(db), ids));
  return row?.items ? [row.items] : [];
}

/**
 * The list items of some activities of an archive by id (an idList), in its order: one shape
 * whatever the number of ids, so it is compiled once. The ids are the outer loop (CROSS JOIN), each
 * activity read by its key.
 */
const activitiesByIds = preparedQuery((db, archiveId: number, ids: string | number[]) => {
  const dialect = dialectOf(db);
  const page = db
    .selectFrom(idPositions(dialect, ids).as('j'))
    .crossJoin('activities as a')
    .whereRef('a.id', '=', 'j.id')
    .where('a.archive_id', '=', archiveId) as unknown as ActivityQuery;
  const items = joinedByCommas(activityListItemJson(dialect), sql.ref('j.position'));
  return joinNames(page).select(utf8Bytes(dialect, items).as('items')) as unknown as Compilable<{
    items: Buffer | null;
  }>;
});

async function totalOf(
  db: Kysely<Database>,
  archiveId: number,
  f: ActivityListFilters,
  window: VisibilityWindow,
  shape: ListShape,
  values: ListValues,
): Promise<{ total: number; capped: boolean }> {
  // The state tab alone or with one broad filter: the counters, by closing day for the closed
  // activities inside a window of days for everyone (of every priority or of one). Where the
  // window's closed activities are not counted by the filter, the other groups' counters may
  // already pass the cap.
  const counted = countedFilterOf(f);
  const groups = shape.group === null ? [0, 1, 2] : [shape.group];
  if (counted !== null && (window.perCondominio.size === 0 || !groups.includes(0))) {
    let total = 0;
    let exact = true;
    for (const g of groups) {
      if (g !== 0 || window.days === 0) {
        total += await readCounter(db, archiveId, stateCounter(g, counted?.filter, counted?.value));
      } else if (counted === undefined || counted.filter === 'priorita') {
        const since = values[closedSince(window.days)] as string;
        total += await closedSinceTotal(db, archiveId, since, f.priorita);
      } else {
        exact = false;
      }
    }
    if (exact) return { total, capped: false };
    if (total > COUNT_CAP) return { total: COUNT_CAP, capped: true };
  }
  const n = Number((await listCount(db, shape, values))[0]?.n ?? 0);
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

/**
 * The one broad filter of a list whose totals are counted (COUNTED_FILTERS) and its value;
 * undefined without filters, null with any other filter or with two of them.
 */
function countedFilterOf(
  f: ActivityListFilters,
): { filter: CountedFilter; value: string | number } | undefined | null {
  const set = (Object.keys(COUNTED_FILTERS) as CountedFilter[]).filter((name) => f[name] !== undefined);
  if (set.length > 1 || hasListFilters(f, BESIDES_COUNTED)) return null;
  const [filter] = set;
  return filter === undefined ? undefined : { filter, value: f[filter] as string | number };
}

const activityById = preparedQuery((db, archiveId: number, id: number) =>
  withNames(db.selectFrom('activities as a').where('a.archive_id', '=', archiveId).where('a.id', '=', id)),
);

export async function findActivity(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
): Promise<ActivityRowWithNames | undefined> {
  const [row] = await activityById(db, archiveId, id);
  return row as ActivityRowWithNames | undefined;
}

/** The activities of a home-page section: a few rows of one index range. */
export async function homeActivities(
  db: Kysely<Database>,
  archiveId: number,
  section: 'urgenti' | 'scadute',
  today: string,
  limit: number,
): Promise<ActivityRowWithNames[]> {
  let q = db
    .selectFrom('activities as a')
    .where('a.archive_id', '=', archiveId)
    .where('a.stato_gruppo', '=', 1);
  q =
    section === 'urgenti'
      ? q.where('a.priorita', '=', 4).orderBy('a.data_apertura', 'desc').orderBy('a.id', 'desc')
      : q
          .where('a.data_concludere_entro', '<', today)
          .orderBy('a.data_concludere_entro', 'asc')
          .orderBy('a.id', 'asc');
  return (await withNames(q.limit(limit)).execute()) as ActivityRowWithNames[];
}

/**
 * Every activity a list's filters, state tab and window select, in the list's order (a search in
 * its order, newest first), without a page, with the names the list shows: what an export streams
 * (decision 0025). `db` may be a connection of its own for the export.
 */
export function activitiesForExport(
  db: Kysely<Database>,
  archiveId: number,
  filters: ActivityListFilters,
  window: VisibilityWindow,
  today: string,
) {
  const { shape, values } = listInputs(archiveId, filters, window, today);
  const terms = filters.searchQuery ? activitySearchTerms(filters.searchQuery) : [];
  let q = applyFilters(archiveActivities(db, archiveId), shape, values);
  if (filters.searchQuery) {
    // A search with no letter or digit matches nothing, as in the list.
    q =
      terms.length > 0 && hasWordCharacter(filters.searchQuery)
        ? q.where(activitySearchPredicate(dialectOf(db), archiveId, terms))
        : q.where(sql<SqlBool>`1 = 0`);
    q = q.orderBy(idsNewestFirst);
  } else {
    q = applyOrder(q, shape.orderBy);
  }
  return withNames(q);
}
