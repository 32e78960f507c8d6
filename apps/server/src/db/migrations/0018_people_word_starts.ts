import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

const TABLES = ['persons', 'providers'] as const;

/** The length of the word starts kept (the shortest search term that uses them). */
export const WORD_START_LENGTH = 3;

/**
 * SQLite: for persons and providers, the first three letters of every word of each one's search
 * document, with its description order (`persons_word_starts`: archive, start, descr_sort, id). A
 * search whose matches are too many to sort ("ros": thousands of Rossi, Rosa, Rossella) read the
 * description index from the top and tested every entry's words to find its first page in
 * alphabetical order (2,700 entries on 200,000 persons); the range of one start holds only
 * entries with such a word, already in that order. Kept by triggers with `stabile_terms`, like
 * search_terms (0008). PostgreSQL needs nothing (its own plan reads the GIN index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const table of TABLES) {
    const starts = `${table}_word_starts`;
    const startsOf = (row: 'new' | 'old') =>
      `select distinct substr(term, 1, ${WORD_START_LENGTH}) as start from stabile_terms(${row}.search_doc) where length(term) >= ${WORD_START_LENGTH}`;
    const insertFor = `insert or ignore into ${starts} (archive_id, start, descr_sort, id)
      select new.archive_id, start, new.descr_sort, new.id from (${startsOf('new')});`;
    const deleteFor = `delete from ${starts} where archive_id = old.archive_id and descr_sort = old.descr_sort
      and id = old.id and start in (${startsOf('old')});`;
    await sql
      .raw(
        `create table ${starts} (archive_id bigint not null, start text not null, descr_sort text not null,
           id bigint not null, primary key (archive_id, start, descr_sort, id)) without rowid`,
      )
      .execute(db);
    await sql
      .raw(
        `insert or ignore into ${starts} (archive_id, start, descr_sort, id)
         select r.archive_id, substr(w.term, 1, ${WORD_START_LENGTH}), r.descr_sort, r.id
         from ${table} r, stabile_terms(r.search_doc) w where length(w.term) >= ${WORD_START_LENGTH}`,
      )
      .execute(db);
    await sql.raw(`create trigger ${starts}_ai after insert on ${table} begin ${insertFor} end`).execute(db);
    await sql
      .raw(
        `create trigger ${starts}_au after update of search_doc, descr_sort on ${table} begin ${deleteFor} ${insertFor} end`,
      )
      .execute(db);
    await sql.raw(`create trigger ${starts}_ad after delete on ${table} begin ${deleteFor} end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const table of TABLES) {
    const starts = `${table}_word_starts`;
    for (const name of ['ai', 'au', 'ad']) await sql.raw(`drop trigger ${starts}_${name}`).execute(db);
    await sql.raw(`drop table ${starts}`).execute(db);
  }
}
