import type { Kysely } from 'kysely';

/**
 * `idempotent_requests`: the answer of any write under /api sent with an `Idempotency-Key`, kept by
 * scope (`a:<archive id>` for archive calls, `u:<account id>` for account calls) and key for 48 hours,
 * so a write replayed after a lost answer is applied once and the second answer repeats the first
 * (decision 0021). `stato_http` is null while the first request is still running.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotent_requests')
    .addColumn('ambito', 'text', (c) => c.notNull())
    .addColumn('chiave', 'text', (c) => c.notNull())
    .addColumn('richiesta_hash', 'text', (c) => c.notNull())
    .addColumn('stato_http', 'integer')
    .addColumn('tipo_contenuto', 'text')
    .addColumn('risposta', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotent_requests_pk', ['ambito', 'chiave'])
    .execute();
  await db.schema
    .createIndex('idempotent_requests_created_idx')
    .on('idempotent_requests')
    .columns(['ambito', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('idempotent_requests').execute();
}
