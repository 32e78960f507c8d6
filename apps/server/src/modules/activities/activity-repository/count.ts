import { type ActivityListFilters, COUNT_CAP } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { readCounters } from '../../../db/ids.ts';
import { shapedQuery } from '../../../db/prepared.ts';
import type { Database } from '../../../db/schema.ts';

import { COUNTED_FILTERS, type CountedFilter, closedSinceTotal, stateCounter } from './counters.ts';
import {
  applyFilters,
  BESIDES_COUNTED,
  closedByDate,
  closedSince,
  hasListFilters,
  hasSelectiveFilter,
  type ListShape,
  type ListValues,
} from './list-filters.ts';
import { archiveActivities, type VisibilityWindow } from './query.ts';

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
    const filtered = applyFilters(archiveActivities(db, v.archiveId), shape, v, byClosingDate);
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

export async function totalOf(
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
    const counters: string[] = [];
    let total = 0;
    let exact = true;
    for (const g of groups) {
      if (g !== 0 || window.days === 0) {
        counters.push(stateCounter(g, counted?.filter, counted?.value));
      } else if (counted === undefined || counted.filter === 'priorita') {
        const since = values[closedSince(window.days)]!;
        total += await closedSinceTotal(db, archiveId, since, f.priorita);
      } else {
        exact = false;
      }
    }
    total += await readCounters(db, archiveId, counters);
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
