import type { Kysely } from 'kysely';

/**
 * Rate-limit counters shared by every API server (the limits on credential checks must hold across
 * the whole cluster, not per process). `key` is the SHA-256 of the limiter key; `reset_at` is the end
 * of the window in epoch milliseconds.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limit_hits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_hits_reset_idx').on('rate_limit_hits').column('reset_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limit_hits').execute();
}
