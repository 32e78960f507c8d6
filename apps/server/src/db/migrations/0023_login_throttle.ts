import type { Kysely } from 'kysely';

/**
 * The login throttle's state (modules/auth/login-throttle.ts), shared by every process and server
 * when Redis is not configured: one row per address or account that failed a password check.
 * `key` is the SHA-256 of the throttle key (no address or username in clear); `tat` is the
 * "theoretical arrival time" of a leaky bucket (now + failures still counted × leak interval) and
 * `next_at` the moment before which the next attempt waits, both epoch milliseconds. A row whose
 * tat and next_at are both past says nothing and is deleted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('tat', 'bigint', (c) => c.notNull())
    .addColumn('next_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_throttle_tat_idx').on('login_throttle').column('tat').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}
