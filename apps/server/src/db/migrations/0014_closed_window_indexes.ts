import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { FILTER_COLUMNS } from './0013_closed_window_index.ts';

/** The sort keys of the list orders that 0013 left out: due date, number, last update. */
const ORDER_COLUMNS = ['data_concludere_entro', 'numero_pratica', 'ultimo_aggiornamento'];

/**
 * The closed activities inside the user's window, read by closing date in any order and for one
 * condominium:
 * - the index of closed activities by closing date also carries the keys of every list order, so
 *   that a page of them, in any order, is read from the index alone. Sorted by due date, "every
 *   state" read the due date of each activity of the window from the table: 7,500 rows for 30 days
 *   on 1M activities, each one a lookup in the table;
 * - one condominium's closed activities by closing date: its closed tab read every closed activity
 *   of the condominium in opening-date order, each from the table to test its closing date, and
 *   its count every activity it ever had (a thousand or more, a cost growing with its history);
 * - whether each activity is inside the window, by id: a search tests each of its newest matches
 *   (up to 101), which read the wide table row through the primary key; this narrow index answers
 *   alone (about a third of the search's id query).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activities_chiuse_idx').execute();
  await createIndex(db, [...FILTER_COLUMNS, ...ORDER_COLUMNS]);
  // The state before the closing date, and not a partial index: a query on one condominium's closed
  // activities inside the window then uses every column of it and no other index can serve it
  // better (as a partial index, SQLite sometimes preferred activities_condominio_idx, by state, and
  // read each closed activity of the condominium from the table, nearly a hundred times the cost).
  await db.schema
    .createIndex('activities_condominio_chiusura_idx')
    .on('activities')
    .columns(['archive_id', 'cond_gen_id', 'stato_gruppo', 'data_chiusura', 'data_apertura', 'id'])
    .execute();
  await db.schema
    .createIndex('activities_finestra_idx')
    .on('activities')
    .columns(['archive_id', 'id', 'stato_gruppo', 'data_chiusura'])
    .execute();
  if (dialectOf(db) === 'sqlite') await sql`pragma analysis_limit = 1000`.execute(db);
  await sql`analyze activities`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('activities_finestra_idx').execute();
  await db.schema.dropIndex('activities_condominio_chiusura_idx').execute();
  await db.schema.dropIndex('activities_chiuse_idx').execute();
  await createIndex(db, FILTER_COLUMNS);
}

async function createIndex(db: Kysely<any>, columns: string[]): Promise<void> {
  await db.schema
    .createIndex('activities_chiuse_idx')
    .on('activities')
    .columns(['archive_id', 'data_chiusura', ...columns])
    .where(sql.ref('stato_gruppo'), '=', 0)
    .execute();
}
