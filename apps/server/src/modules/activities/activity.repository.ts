/**
 * The activities' repository, one entry point for the files of activity-repository/: the list
 * planner (list.ts, list-plan.ts, list-filters.ts), its capped counts (count.ts), the per-archive
 * counters (counters.ts), the search (search.ts), the rows read by id (rows.ts, query.ts) and the one
 * writer of the row (writes.ts).
 */
export { SEARCH_COUNT_CAP } from '@stabile/contract';
export { type CountedAs, closedDayCounter, recount, stateCounter } from './activity-repository/counters.ts';
export { listActivities } from './activity-repository/list.ts';
export {
  type ActivityDb,
  type ActivityPage,
  type ActivityQuery,
  isoDaysAgo,
  listItemsByIds,
  type VisibilityWindow,
} from './activity-repository/query.ts';
export { activitiesForExport, findActivity, homeActivities } from './activity-repository/rows.ts';
export { NEWEST_MATCHES_BUDGET, PG_WALK_BUDGET } from './activity-repository/search.ts';
export {
  addRunningInterventions,
  deleteActivityRow,
  insertActivityRow,
  setActivityNotice,
  touchActivity,
  updateActivityRow,
} from './activity-repository/writes.ts';
