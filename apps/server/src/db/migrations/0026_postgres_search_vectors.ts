import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

const PEOPLE = ['persons', 'providers'] as const;

/**
 * PostgreSQL: persons and providers keep their search vector, `to_tsvector('simple', search_doc)`,
 * in a stored generated column (the database writes it, no code does), and their GIN index is on
 * that column. The description index carries it too (INCLUDE), so a search with many matches walks
 * the description order testing each entry's words without reading its row (an index-only scan),
 * as SQLite does with its description index (0009): before, each entry's row was read and its
 * vector computed again, and a surname late in the alphabet ("rossi") read most of the archive.
 * The (archive_id, id, descr_sort) index, which only SQLite's plans read, is dropped here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of PEOPLE) {
    await sql
      .raw(
        `alter table ${table} add column search_vector tsvector generated always as (to_tsvector('simple', search_doc)) stored`,
      )
      .execute(db);
    await sql.raw(`drop index ${table}_search_idx`).execute(db);
    await sql.raw(`create index ${table}_search_idx on ${table} using gin (search_vector)`).execute(db);
    await sql.raw(`drop index ${table}_descr_idx`).execute(db);
    await sql
      .raw(`create index ${table}_descr_idx on ${table} (archive_id, descr_sort, id) include (search_vector)`)
      .execute(db);
    await sql.raw(`drop index ${table}_id_sort_idx`).execute(db);
    await sql.raw(`analyze ${table}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of PEOPLE) {
    await sql.raw(`create index ${table}_id_sort_idx on ${table} (archive_id, id, descr_sort)`).execute(db);
    await sql.raw(`drop index ${table}_descr_idx`).execute(db);
    await sql.raw(`create index ${table}_descr_idx on ${table} (archive_id, descr_sort, id)`).execute(db);
    await sql.raw(`drop index ${table}_search_idx`).execute(db);
    await sql
      .raw(`create index ${table}_search_idx on ${table} using gin (to_tsvector('simple', search_doc))`)
      .execute(db);
    await sql.raw(`alter table ${table} drop column search_vector`).execute(db);
  }
}
