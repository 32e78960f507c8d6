import type { ActivityListFilters } from '@stabile/contract';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { dialectOf, hasWordCharacter } from '../../../db/dialect.ts';
import { preparedQuery } from '../../../db/prepared.ts';
import type { Database } from '../../../db/schema.ts';
import type { ActivityRowWithNames } from '../activity.mapper.ts';
import { activitySearchPredicate, activitySearchTerms } from '../activity-search.ts';

import { applyFilters, applyOrder, listInputs } from './list-filters.ts';
import { archiveActivities, idsNewestFirst, type VisibilityWindow, withNames } from './query.ts';

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
