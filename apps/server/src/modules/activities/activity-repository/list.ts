import type { ActivityListFilters } from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../../db/database.ts';
import { hasWordCharacter } from '../../../db/dialect.ts';
import type { Database } from '../../../db/schema.ts';
import { activitySearchTerms } from '../activity-search.ts';

import { totalOf } from './count.ts';
import { type ListShape, type ListValues, listInputs, windowDays } from './list-filters.ts';
import {
  closedDaysMergeable,
  listPage,
  listPageIds,
  pagePlannedEachRun,
  recentClosedFill,
} from './list-plan.ts';
import { type ActivityPage, type ListItemRow, listItemsByIds, type VisibilityWindow } from './query.ts';
import { searchActivities } from './search.ts';

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
  const offset = values.offset;
  const byDay = closedDaysMergeable(shape);
  // Added to `values` (made for this call) rather than spread into a new object: V8 built that
  // object through a slow path that allocated 24 KB on every list request.
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
  const { items, rows } = await pageItems(db, dialect, archiveId, pageShape, values);

  // A short page is the last one: its total is known without counting.
  const total =
    rows < f.pageSize && (rows > 0 || offset === 0)
      ? { total: offset + rows, capped: false }
      : await totalOf(db, archiveId, f, window, shape, values);
  return { items, ...total };
}

/**
 * The items of one page and how many: in one statement, but on PostgreSQL for a page that it plans
 * on every run (pagePlannedEachRun): the page's ids, then their items by id.
 */
async function pageItems(
  db: Kysely<Database>,
  dialect: DialectName,
  archiveId: number,
  shape: ListShape,
  values: ListValues,
): Promise<{ items: Buffer[]; rows: number }> {
  if (dialect === 'sqlite' || !pagePlannedEachRun(shape)) {
    const items = ((await listPage(db, shape, values)) as ListItemRow[]).map((r) => r.item);
    return { items, rows: items.length };
  }
  const ids = (await listPageIds(db, shape, values)).map((r) => Number(r.page_id));
  return { items: ids.length === 0 ? [] : await listItemsByIds(db, archiveId, ids), rows: ids.length };
}
