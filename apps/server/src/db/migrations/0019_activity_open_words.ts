import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

const KEY = (row: string) => `(${row}.archive_id * 4294967296 + ${row}.id)`;

/**
 * The words of an open or suspended activity (`row`: new, old or a table alias) as the document of
 * activities_open_fts: each word twice, under its state group and under its state group and
 * priority ("g1_caldaia g1p4_caldaia"). `_` is a token character of that index only, and the words
 * of `stabile_terms` never hold one, so no tag can be read as part of a word.
 */
function openDocSql(row: string): string {
  const group = `'g' || ${row}.stato_gruppo`;
  return `(select group_concat(${group} || '_' || term || ' ' || ${group} || 'p' || ${row}.priorita || '_' || term, ' ')
    from stabile_terms(${row}.search_doc))`;
}

const OPEN = (row: string) => `${row}.stato_gruppo in (1, 2)`;

/**
 * SQLite: a second full-text index, of the open and suspended activities only (a tenth of an
 * archive), whose words carry their state tab and priority. A search inside the open or the
 * suspended tab, with or without a priority, reads one short list per word ("g1p4_citofono": the
 * open urgent activities that mention an intercom) instead of intersecting the word's list over
 * every activity with the list of the tab's facet word (activities_fts, 0010): a common word and a
 * rare filter met in 133 of 26,000 entries, and reading the 101 newest of them grew with the archive
 * (on 1M activities about eighteen times the cost on 10,000). Contentless (the rows stay in
 * `activities`), rowids only (`detail=none`: the searches are AND and OR of words and prefixes),
 * with prefix lists for a tag and three letters. Kept by triggers like the other indexes;
 * PostgreSQL intersects its own indexes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  await sql
    .raw(
      `create virtual table activities_open_fts using fts5(doc, tokenize = "unicode61 remove_diacritics 2 tokenchars '_'",
         prefix = '6,8', content = '', contentless_delete = 1, detail = none)`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into activities_open_fts(rowid, doc) select ${KEY('a')}, ${openDocSql('a')} from activities a where ${OPEN('a')}`,
    )
    .execute(db);
  await sql.raw(`insert into activities_open_fts(activities_open_fts) values ('optimize')`).execute(db);
  const insertNew = `insert into activities_open_fts(rowid, doc) select ${KEY('new')}, ${openDocSql('new')} where ${OPEN('new')};`;
  const deleteOld = `delete from activities_open_fts where rowid = ${KEY('old')} and ${OPEN('old')};`;
  await sql
    .raw(`create trigger activities_open_fts_ai after insert on activities begin ${insertNew} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger activities_open_fts_au after update of search_doc, stato_gruppo, priorita on activities
       begin ${deleteOld} ${insertNew} end`,
    )
    .execute(db);
  await sql
    .raw(`create trigger activities_open_fts_ad after delete on activities begin ${deleteOld} end`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  for (const name of ['ai', 'au', 'ad'])
    await sql.raw(`drop trigger activities_open_fts_${name}`).execute(db);
  await sql.raw('drop table activities_open_fts').execute(db);
}
