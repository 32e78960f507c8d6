import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

const TABLES = ['persons', 'providers'] as const;

/**
 * SQLite: the full-text indexes of persons and providers also keep prefix lists of 4 and 5
 * characters, so a search for "ross" or "rossi", typed on the way to a surname, reads one list
 * instead of merging the lists of every word that starts so (rossi, rossini, rossi100219 from an
 * email...): on 200,000 persons "ross" now costs about a sixth of what it did. The tables are
 * rebuilt from the search documents (about 20 s for 200,000 persons); the triggers of 0002 write
 * them by name and need no change. PostgreSQL reads prefixes from its GIN index and needs nothing.
 */
export async function rebuild(db: Kysely<any>, prefix: string): Promise<void> {
  for (const table of TABLES) {
    const fts = `${table}_fts`;
    await sql.raw(`drop table ${fts}`).execute(db);
    await sql
      .raw(
        `create virtual table ${fts} using fts5(doc, tokenize = 'unicode61 remove_diacritics 2', prefix = '${prefix}')`,
      )
      .execute(db);
    await sql
      .raw(`insert into ${fts}(rowid, doc) select archive_id * 4294967296 + id, search_doc from ${table}`)
      .execute(db);
    await sql.raw(`insert into ${fts}(${fts}) values ('optimize')`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await rebuild(db, '3 4 5');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await rebuild(db, '3');
}
