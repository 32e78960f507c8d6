import { type Kysely, sql } from 'kysely';

/**
 * Counters of activities by state group and priority ("attivita_stato_1_p4": open and urgent), kept
 * since this version by the write transactions beside the state counters. The priority filter of
 * the open and suspended tabs reads its total from them instead of counting up to 1,001 index
 * entries (about 80 microseconds of SQLite on every such page). This fills them for the activities
 * already there.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into archive_counters (archive_id, name, value)
    select archive_id, 'attivita_stato_' || stato_gruppo || '_p' || priorita, count(*)
    from activities
    group by archive_id, stato_gruppo, priorita
    on conflict (archive_id, name) do update set value = excluded.value`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from archive_counters where name like 'attivita\\_stato\\__\\_p%' escape '\\'`.execute(db);
}
