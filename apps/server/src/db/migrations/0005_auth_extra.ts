import type { Kysely } from 'kysely';

/**
 * Archive data-revision updates (progress per client connectionID, kept in the database so that any
 * server can answer the progress poll) and the last access to the activities route.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('archive_updates')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('connection_id', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('step', 'integer', (c) => c.notNull())
    .addColumn('total_steps', 'integer', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('from_revision', 'integer', (c) => c.notNull())
    .addColumn('to_revision', 'integer', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('archive_updates_pk', ['archive_id', 'connection_id'])
    .execute();

  await db.schema.alterTable('archives').addColumn('last_activities_access_at', 'text').execute();
  await db.schema
    .createIndex('one_time_tokens_account_idx')
    .on('one_time_tokens')
    .columns(['account_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('one_time_tokens_account_idx').execute();
  await db.schema.alterTable('archives').dropColumn('last_activities_access_at').execute();
  await db.schema.dropTable('archive_updates').execute();
}
