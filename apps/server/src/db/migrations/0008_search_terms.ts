import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

const INDEXED = ['activities', 'persons', 'providers'] as const;

/**
 * SQLite: the words of every full-text document, so that a long search prefix becomes the words it
 * stands for (db/search-terms.ts). Filled from the FTS5 indexes' own vocabulary, then kept by
 * triggers that split each new or changed document with `stabile_terms` (registered on every
 * connection by createDatabase). Words are never removed: a word no document has any more only adds
 * an empty branch to a search. Not needed on PostgreSQL (its GIN index reads a prefix in one range).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql`create table search_terms (term text not null primary key) without rowid`.execute(db);
  for (const table of INDEXED) {
    const vocab = sql.raw(`temp.${table}_fts_words`);
    await sql`create virtual table ${vocab} using fts5vocab(main, ${sql.raw(`${table}_fts`)}, 'row')`.execute(
      db,
    );
    await sql`insert or ignore into search_terms (term) select term from ${vocab}`.execute(db);
    await sql`drop table ${vocab}`.execute(db);
    for (const [event, name] of [
      ['insert', 'ai'],
      ['update of search_doc', 'au'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${table}_terms_${name} after ${event} on ${table} begin
             insert or ignore into search_terms (term) select term from stabile_terms(new.search_doc);
           end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const table of INDEXED) {
    await sql.raw(`drop trigger ${table}_terms_ai`).execute(db);
    await sql.raw(`drop trigger ${table}_terms_au`).execute(db);
  }
  await sql`drop table search_terms`.execute(db);
}
