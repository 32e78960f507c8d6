import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * A condominium's activities in every state, newest first: the filter index of 0004 puts the state
 * group before the dates, so "all states" of one condominium sorted and counted every activity of
 * it through the table, for the page and again for the count. This index walks them in order and
 * carries the state and closing date that the closed-activity window tests, so page and count never
 * leave it (a small fraction of the cost on a 1M-activity archive).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('activities_condominio_apertura_idx')
    .on('activities')
    .columns(['archive_id', 'cond_gen_id', 'data_apertura', 'id', 'stato_gruppo', 'data_chiusura'])
    .execute();
  // People: the sort key beside the id, so ordering a set of search matches reads no row.
  for (const table of ['persons', 'providers']) {
    await db.schema
      .createIndex(`${table}_id_sort_idx`)
      .on(table)
      .columns(['archive_id', 'id', 'descr_sort'])
      .execute();
  }
  // Statistics for the new indexes: where the other indexes have them and these do not, SQLite's
  // planner takes a new index for unanalysed and selective, and sorted the whole contact list
  // through (archive_id, id, descr_sort). A sampled ANALYZE takes milliseconds.
  if (dialectOf(db) === 'sqlite') {
    await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`analyze`.execute(db);
  } else {
    await sql`analyze activities, persons, providers`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activities_condominio_apertura_idx').execute();
  for (const table of ['persons', 'providers']) await db.schema.dropIndex(`${table}_id_sort_idx`).execute();
}
