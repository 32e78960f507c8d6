import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * PostgreSQL: the open and suspended activities (a tenth of an archive) by tab, priority and id,
 * with their search vector: a search in a tab with a priority reads the newest of them only, and
 * finds the newest matches of a common word without reading a row. Partial, like SQLite's
 * activities_open_fts (0019); the queries repeat `stato_gruppo in (1, 2)` literally.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql
    .raw(
      `create index activities_open_search_walk_idx on activities (archive_id, stato_gruppo, priorita, id)
       include (search_vector) where stato_gruppo in (1, 2)`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql.raw('drop index activities_open_search_walk_idx').execute(db);
}
