import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * SQLite: the stored list-item text of each activity (`list_json`, migration 0020) and the two
 * triggers that kept it are removed (docs/decisions/0010, superseded): a page of the lists writes
 * every member of its items as it reads them, as PostgreSQL always did. The targets of the lists
 * and the search are met without it, and without it each write of an activity writes its row once
 * and the list item is declared in one place (activity.mapper.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql.raw('drop trigger if exists activities_list_json_ai').execute(db);
  await sql.raw('drop trigger if exists activities_list_json_au').execute(db);
  await sql.raw('alter table activities drop column list_json').execute(db);
}

/** Nothing to undo by hand: migration 0020's own `up` writes the column and its triggers again. */
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  const { up: restore } = await import('./0020_activity_list_json.ts');
  await restore(db);
}
