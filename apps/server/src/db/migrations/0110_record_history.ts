import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * `record_history`: every change to an activity, contact, provider, condominium, common part,
 * instalment or attachment (issue 28, decision 0026), written in the transaction of the change.
 * Rows are never changed: the database itself refuses an UPDATE, and a DELETE unless the whole
 * archive is being removed (its id listed in `record_history_removals` first).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('record_history')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'bigint', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('account_id', 'bigint')
    .addColumn('archive_user_id', 'bigint')
    .addColumn('via', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('record_history_pk', ['archive_id', 'id'])
    .execute();
  await sql`create index record_history_record_idx on record_history (archive_id, kind, record_id, at desc, id desc)`.execute(
    db,
  );
  // Not an archive table (no archive_id column): the markers outlive the rows they let go.
  await db.schema
    .createTable('record_history_removals')
    .addColumn('removed_archive_id', 'bigint', (c) => c.primaryKey())
    .execute();

  const refusal = 'La cronologia delle modifiche non si modifica né si cancella.';
  if (dialectOf(db) === 'sqlite') {
    await sql
      .raw(
        `create trigger record_history_no_update before update on record_history begin
           select raise(abort, '${refusal}');
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger record_history_no_delete before delete on record_history
         when not exists (select 1 from record_history_removals where removed_archive_id = old.archive_id)
         begin
           select raise(abort, '${refusal}');
         end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create function record_history_refuse() returns trigger language plpgsql as $$
         begin
           if tg_op = 'DELETE' and exists (
             select 1 from record_history_removals where removed_archive_id = old.archive_id
           ) then
             return old;
           end if;
           raise exception '${refusal}';
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger record_history_unchanged before update or delete on record_history
         for each row execute function record_history_refuse()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('record_history').execute();
  await db.schema.dropTable('record_history_removals').execute();
  if (dialectOf(db) !== 'sqlite') await sql`drop function if exists record_history_refuse()`.execute(db);
}
