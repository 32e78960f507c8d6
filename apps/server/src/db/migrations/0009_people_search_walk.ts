import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

const TABLES = ['persons', 'providers'] as const;

/**
 * SQLite: the description index of persons and providers also carries the search document, so a
 * search with many matches walks the description order and tests each entry's words without
 * reading its row or building the set of matches first (modules/people/people-search.ts). The
 * index replaces (archive_id, descr_sort, id), of which it is an extension, and serves the plain
 * list as before. PostgreSQL searches through its GIN index and keeps its description index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const table of TABLES) {
    await db.schema
      .createIndex(`${table}_descr_doc_idx`)
      .on(table)
      .columns(['archive_id', 'descr_sort', 'id', 'search_doc'])
      .execute();
    await db.schema.dropIndex(`${table}_descr_idx`).execute();
  }
  await sql`pragma analysis_limit = 1000`.execute(db);
  await sql`analyze persons`.execute(db);
  await sql`analyze providers`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const table of TABLES) {
    await db.schema
      .createIndex(`${table}_descr_idx`)
      .on(table)
      .columns(['archive_id', 'descr_sort', 'id'])
      .execute();
    await db.schema.dropIndex(`${table}_descr_doc_idx`).execute();
  }
}
