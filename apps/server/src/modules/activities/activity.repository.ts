import { type ActivityListFilters, COUNT_CAP, stateGroupOf } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { readCounter } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { ftsMatchOf } from '../../db/search-terms.ts';
import type { ActivityRowWithNames } from './activity.mapper.ts';
import type { ActivityRow } from './activity.table.ts';
import {
  activitySearchPredicate,
  activitySearchTerms,
  cappedCountOf,
  fromNewestMatches,
  newestFirst,
} from './activity-search.ts';

/**
 * Search results are counted up to this many ("oltre 100"): a common word matches thousands of old
 * activities, and counting them would cost more than the page itself.
 */
export const SEARCH_COUNT_CAP = 100;

/** Per-archive counters of activities by state group (kept in the write transactions). */
export const stateCounter = (group: number) => `attivita_stato_${group}`;

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

/** Adds the condominium, type and applicant names and selects the API columns. */
function withNames(qb: ActivityQuery) {
  return qb
    .leftJoin('condominiums as c', (j) =>
      j.onRef('c.archive_id', '=', 'a.archive_id').onRef('c.id', '=', 'a.cond_gen_id'),
    )
    .leftJoin('activity_types as t', (j) =>
      j.onRef('t.archive_id', '=', 'a.archive_id').onRef('t.id', '=', 'a.tipo_segnalaz_id'),
    )
    .leftJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'a.archive_id').onRef('p.id', '=', 'a.richiedente_id'),
    )
    .select([...ACTIVITY_COLUMNS, 'c.intestazione', 't.descr as tipo_descr', 'p.descr as richiedente_descr']);
}

export function isoDaysAgo(today: string, days: number): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** Which closed activities are inside the window; null = all of them. */
function closedWindowPredicate(
  window: VisibilityWindow,
  today: string,
  condominium: number | undefined,
): RawBuilder<SqlBool> | null {
  const within = (days: number) => sql<SqlBool>`a.data_chiusura >= ${isoDaysAgo(today, days)}`;
  if (condominium !== undefined) {
    const days = window.perCondominio.get(condominium) ?? window.days;
    return days === 0 ? null : within(days);
  }
  if (window.perCondominio.size === 0) return window.days === 0 ? null : within(window.days);
  const byDays = new Map<number, number[]>();
  for (const [cond, days] of window.perCondominio) byDays.set(days, [...(byDays.get(days) ?? []), cond]);
  const parts: RawBuilder<SqlBool>[] = [];
  for (const [days, conds] of byDays) {
    const inList = sql<SqlBool>`a.cond_gen_id in (${sql.join(conds)})`;
    parts.push(days === 0 ? inList : sql<SqlBool>`(${inList} and ${within(days)})`);
  }
  const others = sql<SqlBool>`a.cond_gen_id not in (${sql.join([...window.perCondominio.keys()])})`;
  parts.push(window.days === 0 ? others : sql<SqlBool>`(${others} and ${within(window.days)})`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

function hasListFilters(f: ActivityListFilters): boolean {
  return (
    f.searchQuery !== undefined ||
    (f.condGenID ?? f.condGendID) !== undefined ||
    f.fornitoreID !== undefined ||
    f.priorita !== undefined ||
    f.tipoSegnalazID !== undefined ||
    f.richiedenteID !== undefined ||
    f.dataDa !== undefined ||
    f.dataA !== undefined ||
    f.gestore !== undefined ||
    f.avvisi === true ||
    f.servizio !== undefined ||
    f.attive === true ||
    f.datiIncompleti === true ||
    f.esercizioID !== undefined
  );
}

function applyFilters(
  qb: ActivityQuery,
  f: ActivityListFilters,
  window: VisibilityWindow,
  today: string,
): ActivityQuery {
  let q = qb;
  const condominium = f.condGenID ?? f.condGendID;
  const group = f.stato === undefined ? undefined : stateGroupOf(f.stato);
  const closedWindow = closedWindowPredicate(window, today, condominium);
  if (group !== undefined) q = q.where('a.stato_gruppo', '=', group);
  if (group === 0 && closedWindow) q = q.where(closedWindow);
  if (group === undefined && closedWindow)
    q = q.where(sql<SqlBool>`(a.stato_gruppo <> 0 or ${closedWindow})`);
  if (condominium !== undefined) q = q.where('a.cond_gen_id', '=', condominium);
  if (f.priorita !== undefined) q = q.where('a.priorita', '=', f.priorita);
  if (f.tipoSegnalazID !== undefined) q = q.where('a.tipo_segnalaz_id', '=', f.tipoSegnalazID);
  if (f.richiedenteID !== undefined) q = q.where('a.richiedente_id', '=', f.richiedenteID);
  if (f.gestore !== undefined) q = q.where('a.gestore', '=', f.gestore);
  if (f.servizio !== undefined) q = q.where('a.servizio', '=', f.servizio);
  if (f.esercizioID !== undefined) q = q.where('a.esercizio_id', '=', f.esercizioID);
  if (f.dataDa !== undefined) q = q.where('a.data_apertura', '>=', f.dataDa);
  if (f.dataA !== undefined) q = q.where('a.data_apertura', '<=', f.dataA);
  // Literal predicates: they match the partial indexes of migration 0004.
  if (f.avvisi === true) q = q.where(sql<SqlBool>`a.avvisi = 1`);
  if (f.attive === true) q = q.where(sql<SqlBool>`a.interventi_in_corso > 0`);
  if (f.datiIncompleti === true) q = q.where(sql<SqlBool>`a.dati_incompleti = 1`);
  if (f.fornitoreID !== undefined) {
    const provider = f.fornitoreID;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('interventions as i')
          .select('i.id')
          .whereRef('i.archive_id', '=', 'a.archive_id')
          .where('i.fornitore_id', '=', provider)
          .whereRef('i.attivita_id', '=', 'a.id'),
      ),
    );
  }
  return q;
}

function applyOrder(qb: ActivityQuery, order: ActivityListFilters['orderBy']): ActivityQuery {
  const q = qb;
  switch (order) {
    case 'menoRecenti':
      return q.orderBy('a.data_apertura', 'asc').orderBy('a.id', 'asc');
    case 'numeroPratica':
      return q.orderBy('a.numero_pratica', 'desc');
    case 'priorita':
      return q.orderBy('a.priorita', 'desc').orderBy('a.data_apertura', 'desc').orderBy('a.id', 'desc');
    case 'scadenza':
      return q.orderBy(sql`a.data_concludere_entro asc nulls last`).orderBy('a.id', 'asc');
    case 'aggiornamento':
      return q.orderBy('a.ultimo_aggiornamento', 'desc').orderBy('a.id', 'desc');
    default:
      return q.orderBy('a.data_apertura', 'desc').orderBy('a.id', 'desc');
  }
}

export interface ActivityPage {
  rows: ActivityRowWithNames[];
  total: number;
  capped: boolean;
}

/** One page of the list: an index walk for every filter and order; totals from counters or capped. */
export async function listActivities(
  db: Kysely<Database>,
  dialect: DialectName,
  archiveId: number,
  filters: ActivityListFilters,
  window: VisibilityWindow,
  today: string,
): Promise<ActivityPage> {
  let f = filters;
  const terms = f.searchQuery ? activitySearchTerms(f.searchQuery) : [];
  const searching = terms.length > 0;
  // Search results are newest first. Alone (or with a state tab) the search walks the FTS index
  // backwards and stops after the page. With another filter the filter's index is walked and probed
  // in the set of matches, which is built whole first: that cost grows with the archive
  // (docs/PERFORMANCE.md).
  if (searching) f = { ...f, orderBy: 'recenti' };
  const ftsDriven = searching && dialect === 'sqlite' && !hasListFilters({ ...f, searchQuery: undefined });
  const match = searching && dialect === 'sqlite' ? await ftsMatchOf(db, terms) : undefined;
  let base: ActivityQuery;
  if (ftsDriven && match) {
    base = fromNewestMatches(db, archiveId, match);
  } else {
    base = db.selectFrom('activities as a').where('a.archive_id', '=', archiveId);
    if (searching) base = base.where(activitySearchPredicate(dialect, archiveId, terms, match));
  }
  const filtered = applyFilters(base, f, window, today);
  const offset = (f.pageNumber - 1) * f.pageSize;
  if (searching)
    return searchPage(
      db,
      archiveId,
      ftsDriven ? filtered.orderBy(newestFirst) : applyOrder(filtered, f.orderBy),
      offset,
      f.pageSize,
    );
  // Two steps: the page's ids from the filter's index (narrow rows, cheap to sort), then the names
  // of those 15 rows only.
  const pageIds = applyOrder(filtered, f.orderBy).select('a.id as page_id').limit(f.pageSize).offset(offset);
  // CROSS JOIN keeps the page as the outer loop on SQLite (with a bound LIMIT the planner would
  // otherwise walk the whole archive and probe the page).
  const outer = db
    .selectFrom(pageIds.as('pg'))
    .crossJoin('activities as a')
    .whereRef('a.id', '=', 'pg.page_id')
    .where('a.archive_id', '=', archiveId) as unknown as ActivityQuery;
  const rows = (await withNames(applyOrder(outer, f.orderBy)).execute()) as ActivityRowWithNames[];

  // A short page is the last one: its total is known without counting.
  const total =
    rows.length < f.pageSize && (rows.length > 0 || offset === 0)
      ? { total: offset + rows.length, capped: false }
      : await totalOf(db, archiveId, f, window, filtered, false);
  return { rows, ...total };
}

/**
 * A page of search results and their capped total from one pass over the matches: the ids of the
 * first max(page end, SEARCH_COUNT_CAP + 1) matches in order, then the names of the page's rows.
 * (Evaluating a prefix term once instead of once for the page and again for the count halves the
 * full-text work.)
 */
async function searchPage(
  db: Kysely<Database>,
  archiveId: number,
  ordered: ActivityQuery,
  offset: number,
  pageSize: number,
): Promise<ActivityPage> {
  const wanted = Math.max(offset + pageSize, SEARCH_COUNT_CAP + 1);
  const matches = await ordered.select('a.id as page_id').limit(wanted).execute();
  // More than the cap: "oltre 100", as a count would say.
  const capped = matches.length > SEARCH_COUNT_CAP;
  const total = capped ? SEARCH_COUNT_CAP : matches.length;
  const ids = matches.slice(offset, offset + pageSize).map((m) => Number(m.page_id));
  if (ids.length === 0) return { rows: [], total, capped };
  const found = (await withNames(
    db
      .selectFrom('activities as a')
      .where('a.archive_id', '=', archiveId)
      .where('a.id', 'in', ids) as ActivityQuery,
  ).execute()) as ActivityRowWithNames[];
  const byId = new Map(found.map((r) => [Number(r.id), r]));
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total, capped };
}

async function totalOf(
  db: Kysely<Database>,
  archiveId: number,
  f: ActivityListFilters,
  window: VisibilityWindow,
  filtered: ActivityQuery,
  searching: boolean,
): Promise<{ total: number; capped: boolean }> {
  if (!searching && !hasListFilters(f)) {
    const group = f.stato === undefined ? undefined : stateGroupOf(f.stato);
    const everyClosed = window.days === 0 && window.perCondominio.size === 0;
    if (group === 1 || group === 2 || (group === 0 && everyClosed)) {
      return { total: await readCounter(db, archiveId, stateCounter(group)), capped: false };
    }
    if (group === undefined && everyClosed) {
      let total = 0;
      for (const g of [0, 1, 2]) total += await readCounter(db, archiveId, stateCounter(g));
      return { total, capped: false };
    }
  }
  const { count, capped } = await cappedCountOf(db, filtered, searching ? SEARCH_COUNT_CAP : COUNT_CAP);
  return { total: count, capped };
}

export async function findActivity(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
): Promise<ActivityRowWithNames | undefined> {
  const base = db.selectFrom('activities as a').where('a.archive_id', '=', archiveId).where('a.id', '=', id);
  return (await withNames(base).executeTakeFirst()) as ActivityRowWithNames | undefined;
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
