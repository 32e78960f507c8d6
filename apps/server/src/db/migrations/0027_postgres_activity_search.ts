import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * PostgreSQL: activities keep their search vector, `to_tsvector('simple', search_doc)`, in a stored
 * generated column (the database writes it), with the GIN index on it, and a search walk index:
 * the archive's activities newest first with the columns of the search's usual filters (state
 * group, priority, type, condominium for the closed-activity window, closing date) and the vector.
 * A search reads the newest matches of a common word from it without reading a row, instead of
 * computing each row's vector again or sorting tens of thousands of matches
 * (modules/activities/activity.repository.ts, pgSearchIds). It replaces activities_finestra_idx
 * (archive, id, state, closing date), which only SQLite's plans name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql
    .raw(
      `alter table activities add column search_vector tsvector generated always as (to_tsvector('simple', search_doc)) stored`,
    )
    .execute(db);
  await sql.raw('drop index activities_search_idx').execute(db);
  await sql.raw('create index activities_search_idx on activities using gin (search_vector)').execute(db);
  await sql
    .raw(
      `create index activities_search_walk_idx on activities (archive_id, id)
       include (stato_gruppo, priorita, tipo_segnalaz_id, cond_gen_id, data_chiusura, search_vector)`,
    )
    .execute(db);
  await sql.raw('drop index activities_finestra_idx').execute(db);
  await sql.raw('analyze activities').execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql
    .raw('create index activities_finestra_idx on activities (archive_id, id, stato_gruppo, data_chiusura)')
    .execute(db);
  await sql.raw('drop index activities_search_walk_idx').execute(db);
  await sql.raw('drop index activities_search_idx').execute(db);
  await sql
    .raw(`create index activities_search_idx on activities using gin (to_tsvector('simple', search_doc))`)
    .execute(db);
  await sql.raw('alter table activities drop column search_vector').execute(db);
}
