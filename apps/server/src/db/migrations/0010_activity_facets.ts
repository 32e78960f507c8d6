import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * SQLite: the activities' full-text index gets a second column, `facets`, holding the state group,
 * the priority, both together and the type as words ("zzg1 zzp4 zzg1p4 zzt2"), so that a search
 * with the list's broad filters (open + urgent) is one FTS5 query that reads the newest rows having
 * both the words and the filters, instead of reading thousands of matches to keep the few that pass
 * the filters (modules/activities/activity-search.ts). The table is rebuilt from the activities
 * (about 25 s for a million) and its triggers also follow changes of state, priority and type.
 * PostgreSQL intersects its GIN index with the filter indexes and needs nothing.
 */

const KEY = (row: string) => `(${row}.archive_id * 4294967296 + ${row}.id)`;

/** The facet words of a row (`new` in a trigger, or a table name), as SQL. */
export function facetWordsSql(row: string): string {
  return `'zzg' || ${row}.stato_gruppo || ' zzp' || ${row}.priorita || ' zzg' || ${row}.stato_gruppo || 'p' || ${row}.priorita || ' zzt' || ${row}.tipo_segnalaz_id`;
}

async function rebuild(db: Kysely<any>, withFacets: boolean): Promise<void> {
  for (const trigger of ['activities_fts_ai', 'activities_fts_au', 'activities_fts_ad']) {
    await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
  }
  await sql.raw('drop table if exists activities_fts').execute(db);
  const columns = withFacets ? 'doc, facets' : 'doc';
  await sql
    .raw(
      `create virtual table activities_fts using fts5(${columns}, tokenize = 'unicode61 remove_diacritics 2', prefix = '3')`,
    )
    .execute(db);
  const values = (row: string) =>
    withFacets ? `${row}.search_doc, ${facetWordsSql(row)}` : `${row}.search_doc`;
  await sql
    .raw(
      `insert into activities_fts(rowid, ${columns}) select ${KEY('activities')}, ${values('activities')} from activities`,
    )
    .execute(db);
  await sql.raw(`insert into activities_fts(activities_fts) values ('optimize')`).execute(db);
  await sql
    .raw(
      `create trigger activities_fts_ai after insert on activities begin
         insert into activities_fts(rowid, ${columns}) values (${KEY('new')}, ${values('new')});
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger activities_fts_ad after delete on activities begin
         delete from activities_fts where rowid = ${KEY('old')};
       end`,
    )
    .execute(db);
  const watched = withFacets ? 'search_doc, stato_gruppo, priorita, tipo_segnalaz_id' : 'search_doc';
  const set = withFacets ? `doc = new.search_doc, facets = ${facetWordsSql('new')}` : 'doc = new.search_doc';
  await sql
    .raw(
      `create trigger activities_fts_au after update of ${watched} on activities begin
         update activities_fts set ${set} where rowid = ${KEY('old')};
       end`,
    )
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await rebuild(db, true);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await rebuild(db, false);
}
