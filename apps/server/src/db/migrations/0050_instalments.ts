import { type Kysely, sql } from 'kysely';

/**
 * Instalments, payments and movements (issue 25):
 * - `idempotency_keys`: the answer of a write, kept by archive and `Idempotency-Key`, so a repeated
 *   request records nothing twice and gets the first answer again (generic: any write can use it);
 * - `print_settings`: the studio's header, address, fiscal code, logo, signature line and footer
 *   printed on statements and receipts (one row per archive);
 * - payments and refunds remember the payments account (`conto_id`, a ledger account of type 1);
 * - movements name the payment or refund they record and its unit, so the movements of one
 *   instalment or one unit are an index range.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('chiave', 'text', (c) => c.notNull())
    // The call and a hash of its body: the same key with another request is refused.
    .addColumn('operazione', 'text', (c) => c.notNull())
    .addColumn('richiesta_hash', 'text', (c) => c.notNull())
    .addColumn('risposta', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['archive_id', 'chiave'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .columns(['archive_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('print_settings')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('intestazione', 'text')
    .addColumn('indirizzo', 'text')
    .addColumn('codice_fiscale', 'text')
    .addColumn('logo', 'text')
    .addColumn('riga_firma', 'text')
    .addColumn('pie_pagina', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('print_settings_pk', ['archive_id'])
    .execute();

  for (const table of ['payments', 'refunds']) {
    await db.schema.alterTable(table).addColumn('conto_id', 'bigint').execute();
  }

  await db.schema.alterTable('movements').addColumn('versamento_id', 'bigint').execute();
  await db.schema.alterTable('movements').addColumn('rimborso_id', 'bigint').execute();
  await db.schema.alterTable('movements').addColumn('unita_id', 'bigint').execute();
  await db.schema
    .createIndex('movements_versamento_idx')
    .on('movements')
    .columns(['archive_id', 'versamento_id'])
    .execute();
  await db.schema
    .createIndex('movements_unita_idx')
    .on('movements')
    .columns(['archive_id', 'unita_id', 'data', 'id'])
    .execute();
  // A receipt's number is the next of its condominium (per-archive counter per condominium).
  await db.schema
    .createIndex('payments_ricevuta_idx')
    .on('payments')
    .columns(['archive_id', 'condominio_id', 'numero_ricevuta'])
    .execute();
  // Home's overdue instalments: the unpaid ones in due-date order, whatever the exercise.
  await db.schema
    .createIndex('instalments_da_versare_idx')
    .on('instalments')
    .columns(['archive_id', 'data_scadenza', 'id'])
    .where(sql.ref('versato_cents'), '<', sql.ref('importo_cents'))
    .execute();
  await db.schema
    .createIndex('payments_unita_idx')
    .on('payments')
    .columns(['archive_id', 'esercizio_id', 'unita_id', 'data'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('payments_unita_idx').execute();
  await db.schema.dropIndex('instalments_da_versare_idx').execute();
  await db.schema.dropIndex('payments_ricevuta_idx').execute();
  await db.schema.dropIndex('movements_unita_idx').execute();
  await db.schema.dropIndex('movements_versamento_idx').execute();
  for (const column of ['unita_id', 'rimborso_id', 'versamento_id']) {
    await db.schema.alterTable('movements').dropColumn(column).execute();
  }
  for (const table of ['payments', 'refunds']) {
    await db.schema.alterTable(table).dropColumn('conto_id').execute();
  }
  await db.schema.dropTable('print_settings').execute();
  await db.schema.dropTable('idempotency_keys').execute();
}
