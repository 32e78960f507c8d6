import { type Kysely, sql } from 'kysely';

/**
 * Condominium and common-part lists filtered in name order (decision 0024). The registry lists the
 * managed condominiums (gestito = 1) by intestazione, and its advanced filters (payment-account state,
 * province, city, portal) were tested on the table while walking that order: on 5,000 condominiums a
 * filtered page and its count up to 1,000 read a few thousand rows. An index per filter, with the
 * managed flag and the order after it, gives the page as a range and the count from the index alone.
 * The city is compared lowercased, as the query does. The common parts filtered by category alone
 * walked the name index and tested the category on the table (a third of the rows are environments);
 * (categoria, denominazione_sort) serves that filter and its order.
 */
const CONDOMINIUM_FILTERS: Array<[name: string, column: string]> = [
  ['condominiums_stato_idx', 'stato_conto_pagamenti'],
  ['condominiums_provincia_idx', 'provincia'],
  ['condominiums_portale_idx', 'portale_attivo'],
  ['condominiums_citta_idx', 'lower(citta)'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of CONDOMINIUM_FILTERS) {
    await sql
      .raw(`create index ${name} on condominiums (archive_id, gestito, ${column}, intestazione_sort, id)`)
      .execute(db);
  }
  await db.schema
    .createIndex('common_parts_categoria_sort_idx')
    .on('common_parts')
    .columns(['archive_id', 'categoria', 'denominazione_sort', 'id'])
    .execute();
  await sql`analyze condominiums`.execute(db);
  await sql`analyze common_parts`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('common_parts_categoria_sort_idx').execute();
  for (const [name] of CONDOMINIUM_FILTERS) await db.schema.dropIndex(name).execute();
}
