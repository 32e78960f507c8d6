import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/** Every column a list filter tests, after the closing date, and the id. */
export const FILTER_COLUMNS = [
  'cond_gen_id',
  'priorita',
  'tipo_segnalaz_id',
  'richiedente_id',
  'gestore',
  'servizio',
  'esercizio_id',
  'data_apertura',
  'avvisi',
  'interventi_in_corso',
  'dati_incompleti',
  'id',
];

/**
 * Closed activities by closing date, with every filtered column: the closed tab and the "every
 * state" list show closed activities only inside the user's window (closed in the last 30 days,
 * say), and counting them read the closed activities of the filter in opening-date order, each
 * from the table to test its closing date. On 1M activities the closed tab's count read every closed
 * activity the archive ever had, and "every state, priority 1" every closed one of priority 1: a
 * cost growing with the archive, however short the window. With this index the count reads the
 * window's range of closing dates only and tests the filters on the index (partial: closed
 * activities only, literally `stato_gruppo = 0` in the queries).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('activities_chiuse_idx')
    .on('activities')
    .columns(['archive_id', 'data_chiusura', ...FILTER_COLUMNS])
    .where(sql.ref('stato_gruppo'), '=', 0)
    .execute();
  if (dialectOf(db) === 'sqlite') {
    await sql`pragma analysis_limit = 1000`.execute(db);
    await sql`analyze activities`.execute(db);
  } else {
    await sql`analyze activities`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activities_chiuse_idx').execute();
}
