import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { WORD_START_LENGTH } from './0018_people_word_starts.ts';

const TABLES = ['persons', 'providers'] as const;

/**
 * PostgreSQL: for persons and providers, every word of the search vector (its lexemes, at least
 * WORD_START_LENGTH characters) under its first three letters, with the description order
 * (`persons_word_starts`: archive, start, descr_sort, id, word), as SQLite keeps the starts (0018)
 * and the condominiums' words (0120). A search of one term reads the range of its start in
 * description order, testing the word on the index entry, and stops after the capped count and the
 * page: no row is read but the page's. From the GIN index, a common term ("ros": 732 lexemes,
 * 4,207 persons, mostly e-mail addresses) cost the bitmap of every match and a row read for each of
 * the first thousand to count and sort them, the largest part of the search's time.
 *
 * `start` and `word` compare byte by byte (collation "C"), so that a range [term, prefixEnd(term))
 * holds exactly the words starting with the term; `descr_sort` keeps the persons' own collation,
 * the order of the list. Kept by triggers from the stored `search_vector` (0026), so a word here is
 * a lexeme of the GIN index and a match here is a match of `to_tsquery('simple', 'term:*')`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of TABLES) {
    const starts = `${table}_word_starts`;
    const wordsOfNew = `select new.archive_id, left(w, ${WORD_START_LENGTH}), new.descr_sort, new.id, w
       from unnest(tsvector_to_array(new.search_vector)) w where length(w) >= ${WORD_START_LENGTH}`;
    await sql
      .raw(
        `create table ${starts} (archive_id bigint not null, start text collate "C" not null,
           descr_sort text not null, id bigint not null, word text collate "C" not null,
           primary key (archive_id, start, descr_sort, id, word))`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into ${starts} (archive_id, start, descr_sort, id, word)
         select r.archive_id, left(w, ${WORD_START_LENGTH}), r.descr_sort, r.id, w
         from ${table} r, unnest(tsvector_to_array(r.search_vector)) w where length(w) >= ${WORD_START_LENGTH}`,
      )
      .execute(db);
    await sql
      .raw(
        `create function ${starts}_keep() returns trigger language plpgsql as $$
         declare
           lexeme text;
         begin
           if tg_op <> 'INSERT' then
             -- One delete by the whole key for each word: joined to the words, the planner read the
             -- archive's range of the key for every row (no start to seek), 4 ms a row at 1,000 rows.
             foreach lexeme in array tsvector_to_array(old.search_vector) loop
               delete from ${starts} where archive_id = old.archive_id and start = left(lexeme, ${WORD_START_LENGTH})
                 and descr_sort = old.descr_sort and id = old.id and word = lexeme;
             end loop;
           end if;
           if tg_op <> 'DELETE' then
             insert into ${starts} (archive_id, start, descr_sort, id, word) ${wordsOfNew};
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${starts}_ai after insert on ${table} for each row execute function ${starts}_keep()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${starts}_au after update of search_doc, descr_sort on ${table} for each row
         when (old.search_doc is distinct from new.search_doc or old.descr_sort is distinct from new.descr_sort)
         execute function ${starts}_keep()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${starts}_ad after delete on ${table} for each row execute function ${starts}_keep()`,
      )
      .execute(db);
    await sql.raw(`analyze ${starts}`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (const table of TABLES) {
    const starts = `${table}_word_starts`;
    for (const name of ['ai', 'au', 'ad'])
      await sql.raw(`drop trigger ${starts}_${name} on ${table}`).execute(db);
    await sql.raw(`drop function ${starts}_keep()`).execute(db);
    await sql.raw(`drop table ${starts}`).execute(db);
  }
}
