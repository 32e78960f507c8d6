import type { ActivityTables } from '../modules/activities/activity.table.ts';
import type { ArchiveUpdateTables } from '../modules/archives/archive-update.table.ts';
import type { RateLimitTables } from '../modules/auth/rate-limit.table.ts';
import type { CondominiumTables } from '../modules/condominiums/condominium.table.ts';
import type { HistoryTables } from '../modules/history/history.table.ts';
import type { InstalmentTables } from '../modules/instalments/instalment.table.ts';
import type { PeopleTables } from '../modules/people/people.table.ts';
import type { IdempotencyTables } from '../shared/idempotency.table.ts';
import type { ControlTables } from './control.table.ts';

/**
 * The whole database as Kysely sees it: the intersection of every area's tables.
 * Each area adds its `*.table.ts` interface here (one line).
 */
export type Database = ControlTables &
  ArchiveUpdateTables &
  PeopleTables &
  CondominiumTables &
  ActivityTables &
  RateLimitTables &
  InstalmentTables &
  IdempotencyTables &
  HistoryTables;
