import { type ActivityListFilters, stateGroupOf } from '@stabile/contract';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import { type ActivityQuery, isoDaysAgo, type VisibilityWindow } from './query.ts';

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
export interface ListShape {
  group: 0 | 1 | 2 | null;
  /** Days of closed activities shown (0 = all) and per-condominium exceptions [condominium, days];
   * with a condominium filter, that condominium's days only. */
  closed: { days: number; per: [number, number][] };
  /** The value filters that are set, `condominium` first. */
  set: FilterName[];
  avvisi: boolean;
  attive: boolean;
  datiIncompleti: boolean;
  orderBy: ActivityListFilters['orderBy'];
  /**
   * With closedDayMerge (SQLite), how many rows the merge reads (the power of two at or above the
   * end of the page) and the page size, as constants of the SQL: SQLite stops the merge's terms
   * early only under constant LIMITs; under bound ones it read each term to its end (about ten
   * times the cost on 1M activities). `recentFills`: newest first, whether the closed activities
   * opened inside the window fill the page's rows (recentClosedFill); then they are read alone.
   */
  merge?: { rows: number; pageSize: number; recentFills: boolean };
}

/** The values of the list filters that are set (ListShape.set names them). */
type FilterValues = {
  condominium?: number;
  fornitoreID?: number;
  priorita?: number;
  tipoSegnalazID?: number;
  richiedenteID?: number;
  gestore?: string;
  servizio?: number;
  esercizioID?: number;
  dataDa?: string;
  dataA?: string;
};
type FilterName = keyof FilterValues;

/**
 * The dates of the closed-activity window by name: the first closing day a window of days shows
 * (closedSince), each day of a window read day by day and today (closedDay, closedToday).
 */
type WindowValues = {
  [name: `closedSince${number}`]: string;
  [name: `closedDay${number}`]: string;
  closedToday?: string;
};

/**
 * The values of a list query by name: its archive, each set filter, the window's dates and the page
 * (`upTo` = offset + limit). Searches add their own (search.ts).
 */
export type ListValues = FilterValues &
  WindowValues & { archiveId: number; limit: number; offset: number; upTo: number };

export const closedSince = (days: number) => `closedSince${days}` as const;

/** The value naming the i-th day of the window (0 = its first), for closedDayMerge. */
export const closedDay = (i: number) => `closedDay${i}` as const;

/** The days of a window as named values (closedDay), kept for the day they were computed on. */
export const windowDays = (() => {
  let cached: { today: string; byDays: Map<number, WindowValues> } = { today: '', byDays: new Map() };
  return (today: string, days: number): WindowValues => {
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

export function listInputs(
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
  // The page's values are part of the literal that makes `values`: a copy of it made by a spread went
  // through a slow path of V8 (24 KB allocated on every list request).
  const offset = (f.pageNumber - 1) * f.pageSize;
  const values: ListValues = { archiveId, limit: f.pageSize, offset, upTo: offset + f.pageSize };
  const set: FilterName[] = [];
  if (condominium !== undefined) {
    set.push('condominium');
    values.condominium = condominium;
  }
  for (const name of VALUE_FILTERS) {
    if (f[name] === undefined) continue;
    set.push(name);
    Object.assign(values, { [name]: f[name] });
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
export type ListFilter = (typeof LIST_FILTERS)[number];
const FLAG_FILTERS: ReadonlySet<ListFilter> = new Set(['avvisi', 'attive', 'datiIncompleti']);

/** Whether any filter but those of `except` is set (without copying the filters: lists call it on
 * every request). */
export function hasListFilters(f: ActivityListFilters, except: readonly ListFilter[] = []): boolean {
  for (const name of LIST_FILTERS) {
    if (except.includes(name)) continue;
    if (FLAG_FILTERS.has(name) ? f[name] === true : f[name] !== undefined) return true;
  }
  return false;
}

export const BESIDES_SEARCH: readonly ListFilter[] = ['searchQuery'];
export const BESIDES_FACETS: readonly ListFilter[] = ['searchQuery', 'priorita', 'tipoSegnalazID'];
export const BESIDES_COUNTED: readonly ListFilter[] = ['priorita', 'tipoSegnalazID', 'gestore', 'servizio'];

/**
 * A column as an expression that no index serves, so that SQLite's planner picks its index by the
 * other terms. A CASE (valid on both databases) rather than `|| ''` or `+ 0`: SQLite evaluates it
 * without making a new value, and the closed tab oldest first sorts 7,500 of them on 1M
 * activities (a new value per row made that page about a fifth slower).
 */
export function unindexed(column: string): RawBuilder<unknown> {
  return sql`case when true then ${sql.ref(column)} end`;
}

/**
 * The list's predicates on `a`; `v` holds values or, while a shape is compiled, placeholders.
 * `byClosingDate`: the broad filters (priority, type, manager, service) are compared through an
 * expression that no index serves (unindexed), so that SQLite reads closed activities from the
 * range of closing dates of activities_chiuse_idx and tests those filters there, instead of reading
 * every closed activity of the filter's index ("closed, priority 1" on 1M activities: every closed
 * activity of priority 1 the archive ever had, not only the window's, so the cost grew with it).
 */
export function applyFilters(
  qb: ActivityQuery,
  s: ListShape,
  v: ListValues,
  byClosingDate = false,
): ActivityQuery {
  let q = qb;
  const closedWindow = closedWindowPredicate(s.closed, v);
  // A literal: the partial index of closed activities (migration 0013) needs `stato_gruppo = 0`.
  if (s.group !== null) q = q.where(sql<SqlBool>`a.stato_gruppo = ${sql.lit(s.group)}`);
  if (s.group === 0 && closedWindow) q = q.where(closedWindow);
  if (s.group === null && closedWindow) q = q.where(sql<SqlBool>`(a.stato_gruppo <> 0 or ${closedWindow})`);
  const set = new Set(s.set);
  const broad = (column: string, name: 'priorita' | 'tipoSegnalazID' | 'gestore' | 'servizio') => {
    const tested = byClosingDate ? unindexed(column) : sql.ref(column);
    q = q.where(sql<SqlBool>`${tested} = ${v[name]}`);
  };
  if (set.has('condominium')) q = q.where('a.cond_gen_id', '=', v.condominium!);
  if (set.has('priorita')) broad('a.priorita', 'priorita');
  if (set.has('tipoSegnalazID')) broad('a.tipo_segnalaz_id', 'tipoSegnalazID');
  if (set.has('richiedenteID')) q = q.where('a.richiedente_id', '=', v.richiedenteID!);
  if (set.has('gestore')) broad('a.gestore', 'gestore');
  if (set.has('servizio')) broad('a.servizio', 'servizio');
  if (set.has('esercizioID')) q = q.where('a.esercizio_id', '=', v.esercizioID!);
  if (set.has('dataDa')) q = q.where('a.data_apertura', '>=', v.dataDa!);
  if (set.has('dataA')) q = q.where('a.data_apertura', '<=', v.dataA!);
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
          .where('i.fornitore_id', '=', v.fornitoreID!)
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
 * first" walked 900,000 activities closed years ago before reaching the window); `merged`, as the
 * names of a compound SELECT's columns (closedDayMerge).
 */
type OrderKeys = 'index' | 'sorted' | 'merged';

/** The list's order. */
export function applyOrder<Q extends ActivityQuery>(
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

/**
 * The filters that keep few activities of an archive however large it grows (one condominium, one
 * applicant, one provider, one exercise): with one of them a search walks the filter's rows and
 * reads each one's words, and a list sorts and counts them directly.
 */
const SELECTIVE_FILTERS = ['condominium', 'richiedenteID', 'fornitoreID', 'esercizioID'];

export function hasSelectiveFilter(s: ListShape, except?: string): boolean {
  return s.set.some((name) => name !== except && SELECTIVE_FILTERS.includes(name));
}

/**
 * Whether the closed activities of a list are read by their range of closing dates (applyFilters'
 * byClosingDate): inside a window, unless a selective filter has few of them anyway. One
 * condominium's are read by their own range (activities_condominio_chiusura_idx, migration 0014):
 * over the years a condominium gathers a thousand closed activities, few closed in the window.
 */
export function closedByDate(s: ListShape): boolean {
  const windowed = s.closed.days !== 0 || s.closed.per.length > 0;
  return windowed && !hasSelectiveFilter(s, 'condominium');
}
