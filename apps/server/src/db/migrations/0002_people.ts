import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Contacts (persons), providers, assignments (incarichi) and the lookup lists.
 *
 * Persons and providers share the registry columns. Each has a `search_doc` (lowercase, no
 * accents, written by the repository) indexed for full-text search: an FTS5 table kept by
 * triggers on SQLite, a GIN index on `to_tsvector('simple', search_doc)` on PostgreSQL. The FTS5
 * rowid packs (archive_id, id) as archive_id * 2^32 + id, so a search walks one archive's range.
 */

type Builder = CreateTableBuilder<any, any>;

function registryColumns(table: Builder): Builder {
  return (
    table
      .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
      .addColumn('id', 'bigint', (c) => c.notNull())
      .addColumn('descr', 'text', (c) => c.notNull())
      // Ordering key: lowercase, no accents (so "Àlfa" sorts with "alfa"), then id.
      .addColumn('descr_sort', 'text', (c) => c.notNull())
      .addColumn('ragione_sociale', 'text')
      .addColumn('titolo', 'text')
      .addColumn('indirizzo', 'text')
      .addColumn('cap', 'text')
      .addColumn('citta', 'text')
      .addColumn('provincia', 'text')
      .addColumn('nazione', 'text')
      .addColumn('codice_fiscale', 'text')
      .addColumn('partita_iva', 'text')
      .addColumn('telefono1', 'text')
      .addColumn('telefono1_etichetta', 'text')
      .addColumn('telefono2', 'text')
      .addColumn('telefono2_etichetta', 'text')
      .addColumn('telefono3', 'text')
      .addColumn('telefono3_etichetta', 'text')
      .addColumn('email', 'text')
      .addColumn('pec', 'text')
      .addColumn('iban', 'text')
      .addColumn('bic', 'text')
      .addColumn('banca', 'text')
      .addColumn('sito_web', 'text')
      .addColumn('fax', 'text')
      .addColumn('lingua', 'text')
      // Mailing address (recapito)
      .addColumn('recapito_descr', 'text')
      .addColumn('recapito_indirizzo', 'text')
      .addColumn('recapito_cap', 'text')
      .addColumn('recapito_citta', 'text')
      .addColumn('recapito_provincia', 'text')
      .addColumn('recapito_nazione', 'text')
      // How each category of mail is sent (ShippingMethod codes)
      .addColumn('spedizione_generale', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('spedizione_guasti', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('spedizione_assemblee', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('preferenza_pagamento', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('rappresentante_legale', 'text')
      .addColumn('esporta_rubrica', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('portale_attivo', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('codice_tributo', 'text')
      .addColumn('causale_cu', 'text')
      .addColumn('includi_ac_k730', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('termini_pagamento', 'text')
      .addColumn('domicilio_fiscale', 'text')
      .addColumn('tipo_attivita_id', 'bigint')
      .addColumn('durc', 'text')
      .addColumn('durc_stato', 'integer')
      .addColumn('note', 'text')
      .addColumn('campo_libero1', 'text')
      .addColumn('campo_libero2', 'text')
      .addColumn('campo_libero3', 'text')
      .addColumn('campo_libero4', 'text')
      .addColumn('search_doc', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
  );
}

function lookupTable(db: Kysely<any>, name: string) {
  return db.schema
    .createTable(name)
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('testo', 'text', (c) => c.notNull())
    .addColumn('testo_sort', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_pk`, ['archive_id', 'id'])
    .addUniqueConstraint(`${name}_testo_uq`, ['archive_id', 'testo_sort']);
}

async function searchIndex(db: Kysely<any>, table: string): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    await sql
      .raw(
        `create virtual table ${table}_fts using fts5(doc, tokenize = 'unicode61 remove_diacritics 2', prefix = '3')`,
      )
      .execute(db);
    const key = (row: 'new' | 'old') => `(${row}.archive_id * 4294967296 + ${row}.id)`;
    await sql
      .raw(
        `create trigger ${table}_fts_ai after insert on ${table} begin
           insert into ${table}_fts(rowid, doc) values (${key('new')}, new.search_doc);
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_ad after delete on ${table} begin
           delete from ${table}_fts where rowid = ${key('old')};
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fts_au after update of search_doc on ${table} begin
           update ${table}_fts set doc = new.search_doc where rowid = ${key('old')};
         end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(`create index ${table}_search_idx on ${table} using gin (to_tsvector('simple', search_doc))`)
      .execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  await registryColumns(db.schema.createTable('persons'))
    .addPrimaryKeyConstraint('persons_pk', ['archive_id', 'id'])
    .execute();
  await db.schema
    .createIndex('persons_descr_idx')
    .on('persons')
    .columns(['archive_id', 'descr_sort', 'id'])
    .execute();
  await db.schema
    .createIndex('persons_cf_idx')
    .on('persons')
    .columns(['archive_id', 'codice_fiscale'])
    .execute();
  await searchIndex(db, 'persons');

  await registryColumns(db.schema.createTable('providers'))
    .addPrimaryKeyConstraint('providers_pk', ['archive_id', 'id'])
    .execute();
  await db.schema
    .createIndex('providers_descr_idx')
    .on('providers')
    .columns(['archive_id', 'descr_sort', 'id'])
    .execute();
  await db.schema
    .createIndex('providers_durc_idx')
    .on('providers')
    .columns(['archive_id', 'durc_stato', 'descr_sort', 'id'])
    .execute();
  await db.schema
    .createIndex('providers_tipo_attivita_idx')
    .on('providers')
    .columns(['archive_id', 'tipo_attivita_id', 'descr_sort', 'id'])
    .execute();
  await searchIndex(db, 'providers');

  await lookupTable(db, 'nations').execute();
  await lookupTable(db, 'titles').execute();
  await lookupTable(db, 'provider_activity_types').execute();
  await lookupTable(db, 'assignment_types').execute();

  await db.schema
    .createTable('operators')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('nome', 'text', (c) => c.notNull())
    .addColumn('archive_user_id', 'bigint')
    .addColumn('attivo', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('operators_pk', ['archive_id', 'id'])
    .execute();

  // Assignments (incarichi) of a person in a condominium. The condominium FK is added by the
  // condominiums migration (its table comes later).
  await db.schema
    .createTable('incarichi')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('condominio_id', 'bigint', (c) => c.notNull())
    .addColumn('persona_id', 'bigint', (c) => c.notNull())
    .addColumn('tipo_incarico_id', 'bigint', (c) => c.notNull())
    .addColumn('data_inizio', 'text')
    .addColumn('data_fine', 'text')
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('incarichi_pk', ['archive_id', 'id'])
    .addForeignKeyConstraint('incarichi_persona_fk', ['archive_id', 'persona_id'], 'persons', [
      'archive_id',
      'id',
    ])
    .addForeignKeyConstraint('incarichi_tipo_fk', ['archive_id', 'tipo_incarico_id'], 'assignment_types', [
      'archive_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('incarichi_condominio_idx')
    .on('incarichi')
    .columns(['archive_id', 'condominio_id', 'id'])
    .execute();
  await db.schema
    .createIndex('incarichi_persona_idx')
    .on('incarichi')
    .columns(['archive_id', 'persona_id', 'id'])
    .execute();

  // Every current Italian municipality with its CAPs: a global reference table (no archive),
  // filled from the dataset at start when empty or out of date.
  await db.schema
    .createTable('localities')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('cap', 'text', (c) => c.notNull())
    .addColumn('citta', 'text', (c) => c.notNull())
    .addColumn('citta_sort', 'text', (c) => c.notNull())
    .addColumn('prov', 'text', (c) => c.notNull())
    .addColumn('codice_catastale', 'text')
    .addColumn('codice_istat', 'text')
    .execute();
  await db.schema.createIndex('localities_cap_idx').on('localities').columns(['cap', 'citta_sort']).execute();
  await db.schema
    .createIndex('localities_citta_idx')
    .on('localities')
    .columns(['citta_sort', 'cap'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'localities',
    'incarichi',
    'operators',
    'assignment_types',
    'provider_activity_types',
    'titles',
    'nations',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  if (dialectOf(db) === 'sqlite') {
    await sql.raw('drop table persons_fts').execute(db);
    await sql.raw('drop table providers_fts').execute(db);
  }
  await db.schema.dropTable('providers').execute();
  await db.schema.dropTable('persons').execute();
}
