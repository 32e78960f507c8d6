import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { WORD_START_LENGTH } from './0018_people_word_starts.ts';

/** The tables and the column of their name order (the order of their lists). */
const TABLES = [
  { table: 'condominiums', sort: 'intestazione_sort' },
  { table: 'common_parts', sort: 'denominazione_sort' },
] as const;

/**
 * SQLite: for condominiums and common parts, every word of each one's search document under its
 * first three letters, with its name order (`common_parts_word_starts`: archive, start, name_sort,
 * id, word), as persons and providers have their word starts (0018). A search by a word that is
 * sparse in a large archive ("ascensore": 438 of 22,588 common parts) read every match by key and
 * sorted them for a page in name order, a cost that grew with the archive; the range of one start
 * holds only entries with such a word, already in that order, so the page is a short range read
 * (decision 0027). The word itself is in the key so that a longer term is tested on the index entry,
 * with no row read: the start of "centrale" is shared by a thousand "antenna tv centralizzata" that
 * come first in name order. The (archive, word, name_sort, id) index gives the matches of one word in
 * name order (a term that starts one word only: "centrale termica" then reads ~15 entries, not the
 * ~1,000 "centralizzata" before them). Kept by triggers with `stabile_terms`. PostgreSQL needs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const { table, sort } of TABLES) {
    const starts = `${table}_word_starts`;
    const startsOf = (row: 'new' | 'old') =>
      `select substr(term, 1, ${WORD_START_LENGTH}) as start, term as word from stabile_terms(${row}.search_doc) where length(term) >= ${WORD_START_LENGTH}`;
    const insertFor = `insert or ignore into ${starts} (archive_id, start, name_sort, id, word)
      select new.archive_id, start, new.${sort}, new.id, word from (${startsOf('new')});`;
    const deleteFor = `delete from ${starts} where archive_id = old.archive_id and name_sort = old.${sort}
      and id = old.id and start in (select start from (${startsOf('old')}));`;
    await sql
      .raw(
        `create table ${starts} (archive_id bigint not null, start text not null, name_sort text not null,
           id bigint not null, word text not null, primary key (archive_id, start, name_sort, id, word)) without rowid`,
      )
      .execute(db);
    await sql
      .raw(
        `insert or ignore into ${starts} (archive_id, start, name_sort, id, word)
         select r.archive_id, substr(w.term, 1, ${WORD_START_LENGTH}), r.${sort}, r.id, w.term
         from ${table} r, stabile_terms(r.search_doc) w where length(w.term) >= ${WORD_START_LENGTH}`,
      )
      .execute(db);
    await sql
      .raw(`create index ${starts}_word_idx on ${starts} (archive_id, word, name_sort, id)`)
      .execute(db);
    await sql.raw(`create trigger ${starts}_ai after insert on ${table} begin ${insertFor} end`).execute(db);
    await sql
      .raw(
        `create trigger ${starts}_au after update of search_doc, ${sort} on ${table} begin ${deleteFor} ${insertFor} end`,
      )
      .execute(db);
    await sql.raw(`create trigger ${starts}_ad after delete on ${table} begin ${deleteFor} end`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const { table } of TABLES) {
    const starts = `${table}_word_starts`;
    for (const name of ['ai', 'au', 'ad']) await sql.raw(`drop trigger ${starts}_${name}`).execute(db);
    await sql.raw(`drop table ${starts}`).execute(db);
  }
}
