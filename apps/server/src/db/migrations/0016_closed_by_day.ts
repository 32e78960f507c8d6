import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { FILTER_COLUMNS } from './0013_closed_window_index.ts';

/** The columns of activities_chiuse_idx after the closing date (0014), less the two keys below. */
const OTHER_COLUMNS = [
  ...FILTER_COLUMNS.filter((c) => c !== 'data_apertura' && c !== 'id'),
  'numero_pratica',
  'ultimo_aggiornamento',
];

/**
 * Closed activities by closing day.
 *
 * Counters by closing day, of every priority and of each ("attivita_chiuse_2026-11-02",
 * "attivita_chiuse_p4_2026-11-02"), kept since this version by the write transactions: the closed
 * tab's total inside a window of days (with or without a priority) is the sum of a range of them,
 * exact, instead of counting the window's closed activities up to 1,001 (a cost growing with the
 * window's activities, and "oltre 1000" on the tab). This fills them for the activities already
 * there.
 *
 * Then in the order of a list: the index of closed activities
 * (0013, 0014) now holds the opening date and the id right after the closing date, and a second one
 * the due date and the id, each with every column a list filters or sorts on. Closing dates are
 * days, so inside one day each index gives the order of the list "newest/oldest first" or "by due
 * date", and SQLite reads a page of the window as a merge of one short range per day
 * (closedDayMerge) instead of sorting every closed activity of the window. PostgreSQL keeps the
 * range and sort, and gets only the reordered index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into archive_counters (archive_id, name, value)
    select archive_id, 'attivita_chiuse_' || data_chiusura, count(*)
    from activities
    where stato_gruppo = 0 and data_chiusura is not null
    group by archive_id, data_chiusura
    on conflict (archive_id, name) do update set value = excluded.value`.execute(db);
  await sql`
    insert into archive_counters (archive_id, name, value)
    select archive_id, 'attivita_chiuse_p' || priorita || '_' || data_chiusura, count(*)
    from activities
    where stato_gruppo = 0 and data_chiusura is not null
    group by archive_id, priorita, data_chiusura
    on conflict (archive_id, name) do update set value = excluded.value`.execute(db);
  await db.schema.dropIndex('activities_chiuse_idx').execute();
  await closedIndex(db, 'activities_chiuse_idx', [
    'data_apertura',
    'id',
    'data_concludere_entro',
    ...OTHER_COLUMNS,
  ]);
  if (dialectOf(db) === 'sqlite') {
    await closedIndex(db, 'activities_chiuse_scadenza_idx', [
      'data_concludere_entro',
      'id',
      'data_apertura',
      ...OTHER_COLUMNS,
    ]);
    await sql`pragma analysis_limit = 1000`.execute(db);
  }
  await sql`analyze activities`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from archive_counters where name like 'attivita\\_chiuse\\_%' escape '\\'`.execute(db);
  if (dialectOf(db) === 'sqlite') await db.schema.dropIndex('activities_chiuse_scadenza_idx').execute();
  await db.schema.dropIndex('activities_chiuse_idx').execute();
  await closedIndex(db, 'activities_chiuse_idx', [
    ...FILTER_COLUMNS,
    'data_concludere_entro',
    'numero_pratica',
    'ultimo_aggiornamento',
  ]);
}

async function closedIndex(db: Kysely<any>, name: string, columns: string[]): Promise<void> {
  await db.schema
    .createIndex(name)
    .on('activities')
    .columns(['archive_id', 'data_chiusura', ...columns])
    .where(sql.ref('stato_gruppo'), '=', 0)
    .execute();
}
