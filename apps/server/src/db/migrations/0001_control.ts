import type { Kysely } from 'kysely';

/**
 * Control tables: accounts, archives (the tenants), archive users with their area permissions,
 * sessions and refresh tokens, one-time tokens, devices, reports and the id counters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('global_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('versione', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'text')
    .execute();

  await db.schema
    .createTable('archives')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('protection', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('gestione_accessi', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('gestione_accessi_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('data_revision', 'integer', (c) => c.notNull())
    .addColumn('portal_published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('pid', 'text')
    .addColumn('premium', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_access_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('archives_account_idx')
    .on('archives')
    .columns(['account_id', 'name'])
    .execute();

  await db.schema
    .createTable('archive_counters')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('archive_counters_pk', ['archive_id', 'name'])
    .execute();

  await db.schema
    .createTable('archive_users')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('disattivato', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('acc_allegati_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('acc_attivita_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('acc_impianti_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('acc_persone_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('acc_fornitori_on', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('archive_users_pk', ['archive_id', 'id'])
    .addUniqueConstraint('archive_users_username_uq', ['archive_id', 'username'])
    .execute();

  // A login session: one refresh-token family. Access tokens carry its id.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('keep_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('user_agent', 'text')
    .execute();
  await db.schema.createIndex('sessions_account_idx').on('sessions').column('account_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createIndex('refresh_tokens_session_idx')
    .on('refresh_tokens')
    .column('session_id')
    .execute();

  // Archives unlocked by a session, with the archive user chosen under user management.
  await db.schema
    .createTable('session_archives')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id'))
    .addColumn('archive_user_id', 'bigint')
    .addColumn('unlocked_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('session_archives_pk', ['archive_id', 'session_id'])
    .execute();

  // Single-use tokens: password reset links and unattended (portal) logins. Stored hashed.
  await db.schema
    .createTable('one_time_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('payload', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('devices')
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('devices_pk', ['account_id', 'token'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('account_id', 'bigint', (c) => c.notNull().references('accounts.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('attachment_name', 'text')
    .addColumn('attachment_key', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'reports',
    'devices',
    'one_time_tokens',
    'session_archives',
    'refresh_tokens',
    'sessions',
    'archive_users',
    'archive_counters',
    'archives',
    'accounts',
    'global_counters',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
