import { type Kysely, sql } from 'kysely';

/**
 * Counters of activities by state group and type, manager or service ("attivita_stato_1_t2",
 * "attivita_stato_1_g:Luca Verdi", "attivita_stato_1_s3"), kept since this version by the write
 * transactions beside those by priority (0012). A state tab filtered by one of them reads its exact
 * total from them, a few rows, instead of counting up to 1,001 index entries each time, and
 * every state with a manager or a service is "oltre 1000" as soon as its open and suspended
 * activities are. This fills them for the activities already there.
 */
const SERIES = [
  { tag: '_t', column: 'tipo_segnalaz_id' },
  { tag: '_g:', column: 'gestore' },
  { tag: '_s', column: 'servizio' },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const { tag, column } of SERIES) {
    await sql`
      insert into archive_counters (archive_id, name, value)
      select archive_id, 'attivita_stato_' || stato_gruppo || ${tag} || ${sql.ref(column)}, count(*)
      from activities
      where ${sql.ref(column)} is not null
      group by archive_id, stato_gruppo, ${sql.ref(column)}
      on conflict (archive_id, name) do update set value = excluded.value`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { tag } of SERIES) {
    const pattern = `attivita\\_stato\\__${tag.replace('_', '\\_')}%`;
    await sql`delete from archive_counters where name like ${pattern} escape '\\'`.execute(db);
  }
}
