import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * The condominium side of the archive: condominiums, exercises with buildings, groups, units and
 * registries (anagrafiche) with their roles; common parts with their services; insurance,
 * cadastral data, administrators register, resources and funds; ledger accounts, instalments,
 * payments, refunds and movements; dossiers (fascicoli) with their files (allegati); the lookups
 * of resource types and administrators-register events.
 *
 * Every table: `archive_id` first, primary key (archive_id, id), every index and FK leading with
 * archive_id. Money in cents (bigint), dates as ISO text, booleans 0/1, `obj_version` on rows that
 * the API updates. Condominiums and common parts have a `search_doc` indexed for full-text search
 * (FTS5 on SQLite, GIN tsvector on PostgreSQL), as persons do.
 */

type Db = Kysely<any>;
type Builder = CreateTableBuilder<any, any>;

/** archive_id + id, the first two columns of every table here. */
function archiveTable(db: Db, name: string): Builder {
  return db.schema
    .createTable(name)
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint(`${name}_pk`, ['archive_id', 'id']);
}

/** FK (archive_id, column) -> table(archive_id, id). */
function fk(table: Builder, name: string, column: string, target: string): Builder {
  return table.addForeignKeyConstraint(name, ['archive_id', column], target, ['archive_id', 'id']);
}

async function index(db: Db, name: string, table: string, columns: string[]): Promise<void> {
  await db.schema
    .createIndex(name)
    .on(table)
    .columns(['archive_id', ...columns])
    .execute();
}

/** Same full-text scheme as persons: FTS5 rowid = archive_id * 2^32 + id. */
async function searchIndex(db: Db, table: string): Promise<void> {
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

/** Lookup list of an archive (same shape as nations, titles...). */
async function lookupTable(db: Db, name: string): Promise<void> {
  await archiveTable(db, name)
    .addColumn('testo', 'text', (c) => c.notNull())
    .addColumn('testo_sort', 'text', (c) => c.notNull())
    .addUniqueConstraint(`${name}_testo_uq`, ['archive_id', 'testo_sort'])
    .execute();
}

export async function up(db: Db): Promise<void> {
  // --- Condominiums -------------------------------------------------------------------------
  await archiveTable(db, 'condominiums')
    .addColumn('codice', 'text', (c) => c.notNull())
    .addColumn('intestazione', 'text', (c) => c.notNull())
    // Ordering key: lowercase, no accents, then id.
    .addColumn('intestazione_sort', 'text', (c) => c.notNull())
    .addColumn('indirizzo', 'text')
    .addColumn('cap', 'text')
    .addColumn('citta', 'text')
    .addColumn('provincia', 'text')
    .addColumn('codice_fiscale', 'text')
    .addColumn('iban', 'text')
    .addColumn('bic', 'text')
    .addColumn('banca', 'text')
    .addColumn('email', 'text')
    .addColumn('pec', 'text')
    .addColumn('note', 'text')
    .addColumn('gestito', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('data_inizio_gestione', 'text')
    .addColumn('data_fine_gestione', 'text')
    .addColumn('numero_unita', 'integer', (c) => c.notNull().defaultTo(0))
    // Resident portal ("MioCondominio"): the condominium's PID and whether it is published there.
    .addColumn('pid', 'text')
    .addColumn('portale_attivo', 'integer', (c) => c.notNull().defaultTo(0))
    // PaymentAccountStatus 0-4 (account for online payments of instalments).
    .addColumn('stato_conto_pagamenti', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('saldo_ts_pay_cents', 'bigint')
    .addColumn('saldo_ts_pay_at', 'text')
    .addColumn('search_doc', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('condominiums_codice_uq', ['archive_id', 'codice'])
    .execute();
  await index(db, 'condominiums_sort_idx', 'condominiums', ['intestazione_sort', 'id']);
  await index(db, 'condominiums_gestito_idx', 'condominiums', ['gestito', 'intestazione_sort', 'id']);
  await searchIndex(db, 'condominiums');

  // The assignments table (migration 0002) names a condominium: now that the table exists, tie
  // them. SQLite cannot add a constraint to an existing table; its FK check stays in the service.
  if (dialectOf(db) === 'postgres') {
    await sql
      .raw(
        'alter table incarichi add constraint incarichi_condominio_fk foreign key (archive_id, condominio_id) references condominiums (archive_id, id)',
      )
      .execute(db);
  }

  // --- Exercises, buildings, groups, units, registries ----------------------------------------
  await fk(
    archiveTable(db, 'exercises')
      .addColumn('condominio_id', 'bigint', (c) => c.notNull())
      // ExerciseType 0 ordinary, 1 extraordinary, 2 auxiliary.
      .addColumn('tipo', 'integer', (c) => c.notNull())
      .addColumn('descrizione', 'text', (c) => c.notNull())
      .addColumn('data_inizio', 'text', (c) => c.notNull())
      .addColumn('data_fine', 'text', (c) => c.notNull())
      .addColumn('chiuso', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('data_chiusura', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
    'exercises_condominio_fk',
    'condominio_id',
    'condominiums',
  ).execute();
  await index(db, 'exercises_condominio_idx', 'exercises', ['condominio_id', 'chiuso', 'data_inizio']);

  for (const table of ['buildings', 'unit_groups']) {
    await fk(
      fk(
        archiveTable(db, table)
          .addColumn('condominio_id', 'bigint', (c) => c.notNull())
          .addColumn('esercizio_id', 'bigint', (c) => c.notNull())
          .addColumn('descrizione', 'text', (c) => c.notNull())
          .addColumn('indirizzo', 'text')
          .addColumn('note', 'text')
          .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
        `${table}_condominio_fk`,
        'condominio_id',
        'condominiums',
      ),
      `${table}_esercizio_fk`,
      'esercizio_id',
      'exercises',
    ).execute();
    await index(db, `${table}_esercizio_idx`, table, ['esercizio_id', 'descrizione']);
  }

  // Units (unità immobiliari) of an exercise: a building and group of the same exercise.
  await fk(
    fk(
      fk(
        fk(
          archiveTable(db, 'units')
            .addColumn('condominio_id', 'bigint', (c) => c.notNull())
            .addColumn('esercizio_id', 'bigint', (c) => c.notNull())
            .addColumn('palazzina_id', 'bigint')
            .addColumn('gruppo_id', 'bigint')
            .addColumn('descrizione', 'text', (c) => c.notNull())
            // Appartamento, Box, Negozio, Cantina, Ufficio...
            .addColumn('tipo', 'text')
            .addColumn('scala', 'text')
            .addColumn('piano', 'text')
            .addColumn('interno', 'text')
            .addColumn('ordine', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('sezione', 'text')
            .addColumn('foglio', 'text')
            .addColumn('particella', 'text')
            .addColumn('subalterno', 'text')
            .addColumn('categoria_catastale', 'text')
            // Thousandths of a millesimo: 45.250 ‰ is stored as 45250 (exact sums, no float).
            .addColumn('millesimi_proprieta', 'integer', (c) => c.notNull().defaultTo(0))
            .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
          'units_condominio_fk',
          'condominio_id',
          'condominiums',
        ),
        'units_esercizio_fk',
        'esercizio_id',
        'exercises',
      ),
      'units_palazzina_fk',
      'palazzina_id',
      'buildings',
    ),
    'units_gruppo_fk',
    'gruppo_id',
    'unit_groups',
  ).execute();
  await index(db, 'units_esercizio_idx', 'units', ['esercizio_id', 'ordine', 'id']);
  await index(db, 'units_palazzina_idx', 'units', ['palazzina_id']);
  await index(db, 'units_gruppo_idx', 'units', ['gruppo_id']);

  // Registries (anagrafiche condominiali): a person in a condominium's exercise.
  await fk(
    fk(
      fk(
        archiveTable(db, 'registries')
          .addColumn('condominio_id', 'bigint', (c) => c.notNull())
          .addColumn('esercizio_id', 'bigint', (c) => c.notNull())
          .addColumn('persona_id', 'bigint', (c) => c.notNull())
          .addColumn('descr', 'text', (c) => c.notNull())
          .addColumn('descr_sort', 'text', (c) => c.notNull())
          .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
          .addUniqueConstraint('registries_persona_uq', ['archive_id', 'esercizio_id', 'persona_id']),
        'registries_condominio_fk',
        'condominio_id',
        'condominiums',
      ),
      'registries_esercizio_fk',
      'esercizio_id',
      'exercises',
    ),
    'registries_persona_fk',
    'persona_id',
    'persons',
  ).execute();
  await index(db, 'registries_esercizio_idx', 'registries', ['esercizio_id', 'descr_sort', 'id']);
  await index(db, 'registries_persona_idx', 'registries', ['persona_id']);

  // The role of a registry on a unit (proprietario, inquilino, usufruttuario...), with its share.
  await fk(
    fk(
      archiveTable(db, 'registry_units')
        .addColumn('esercizio_id', 'bigint', (c) => c.notNull())
        .addColumn('anagrafica_id', 'bigint', (c) => c.notNull())
        .addColumn('unita_id', 'bigint', (c) => c.notNull())
        .addColumn('ruolo', 'text', (c) => c.notNull())
        // Share of the role in basis points (10000 = 100%).
        .addColumn('quota', 'integer', (c) => c.notNull().defaultTo(10000))
        .addColumn('data_inizio', 'text')
        .addColumn('data_fine', 'text')
        .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
        .addUniqueConstraint('registry_units_uq', ['archive_id', 'anagrafica_id', 'unita_id', 'ruolo']),
      'registry_units_anagrafica_fk',
      'anagrafica_id',
      'registries',
    ),
    'registry_units_unita_fk',
    'unita_id',
    'units',
  ).execute();
  await index(db, 'registry_units_unita_idx', 'registry_units', ['unita_id']);
  await index(db, 'registry_units_esercizio_idx', 'registry_units', ['esercizio_id']);

  // --- Common parts and their services ------------------------------------------------------
  await fk(
    archiveTable(db, 'common_parts')
      .addColumn('condominio_id', 'bigint', (c) => c.notNull())
      // CommonPartCategory: 0 plant (impianto), 1 environment (ambiente).
      .addColumn('categoria', 'integer', (c) => c.notNull())
      // PlantType 0-21 or EnvironmentType 0-4, by category.
      .addColumn('tipo', 'integer', (c) => c.notNull())
      .addColumn('denominazione', 'text', (c) => c.notNull())
      .addColumn('denominazione_sort', 'text', (c) => c.notNull())
      .addColumn('ubicazione', 'text')
      .addColumn('note', 'text')
      .addColumn('marca', 'text')
      .addColumn('modello', 'text')
      .addColumn('matricola', 'text')
      .addColumn('data_installazione', 'text')
      .addColumn('superficie_mq', 'integer')
      .addColumn('search_doc', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
    'common_parts_condominio_fk',
    'condominio_id',
    'condominiums',
  ).execute();
  await index(db, 'common_parts_condominio_idx', 'common_parts', [
    'condominio_id',
    'categoria',
    'denominazione_sort',
    'id',
  ]);
  await index(db, 'common_parts_sort_idx', 'common_parts', ['denominazione_sort', 'id']);
  await searchIndex(db, 'common_parts');

  await fk(
    fk(
      fk(
        archiveTable(db, 'common_part_services')
          .addColumn('condominio_id', 'bigint', (c) => c.notNull())
          .addColumn('parte_comune_id', 'bigint', (c) => c.notNull())
          // ServiceType 1-10.
          .addColumn('tipo_servizio', 'integer', (c) => c.notNull())
          .addColumn('fornitore_id', 'bigint')
          .addColumn('descrizione', 'text', (c) => c.notNull())
          .addColumn('data_inizio', 'text')
          .addColumn('data_fine', 'text')
          .addColumn('periodicita_mesi', 'integer')
          .addColumn('prossima_scadenza', 'text')
          .addColumn('importo_cents', 'bigint')
          .addColumn('note', 'text')
          .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
        'common_part_services_condominio_fk',
        'condominio_id',
        'condominiums',
      ),
      'common_part_services_parte_fk',
      'parte_comune_id',
      'common_parts',
    ),
    'common_part_services_fornitore_fk',
    'fornitore_id',
    'providers',
  ).execute();
  await index(db, 'common_part_services_parte_idx', 'common_part_services', ['parte_comune_id', 'id']);
  await index(db, 'common_part_services_condominio_idx', 'common_part_services', ['condominio_id', 'id']);
  await index(db, 'common_part_services_fornitore_idx', 'common_part_services', ['fornitore_id']);

  // --- Insurance, cadastral data, administrators register -----------------------------------
  await fk(
    archiveTable(db, 'insurances')
      .addColumn('condominio_id', 'bigint', (c) => c.notNull())
      .addColumn('compagnia', 'text', (c) => c.notNull())
      .addColumn('agenzia', 'text')
      .addColumn('numero_polizza', 'text', (c) => c.notNull())
      .addColumn('tipo_polizza', 'text')
      .addColumn('data_decorrenza', 'text')
      .addColumn('data_scadenza', 'text')
      .addColumn('premio_cents', 'bigint')
      .addColumn('massimale_cents', 'bigint')
      .addColumn('franchigia_cents', 'bigint')
      .addColumn('note', 'text')
      .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
    'insurances_condominio_fk',
    'condominio_id',
    'condominiums',
  ).execute();
  await index(db, 'insurances_condominio_idx', 'insurances', ['condominio_id', 'data_scadenza']);

  await fk(
    archiveTable(db, 'cadastral_data')
      .addColumn('condominio_id', 'bigint', (c) => c.notNull())
      // CadastralType: 0 registered property (immobile accatastato), 1 registration request.
      .addColumn('tipo', 'integer', (c) => c.notNull())
      .addColumn('codice_comune', 'text')
      .addColumn('tipo_catasto', 'text')
      .addColumn('sezione_urbana', 'text')
      .addColumn('foglio', 'text')
      .addColumn('particella', 'text')
      .addColumn('subalterno', 'text')
      .addColumn('categoria', 'text')
      .addColumn('classe', 'text')
      .addColumn('consistenza', 'text')
      .addColumn('rendita_cents', 'bigint')
      .addColumn('data_domanda', 'text')
      .addColumn('numero_protocollo', 'text')
      .addColumn('ufficio_provinciale', 'text')
      .addColumn('note', 'text')
      .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
    'cadastral_data_condominio_fk',
    'condominio_id',
    'condominiums',
  ).execute();
  await index(db, 'cadastral_data_condominio_idx', 'cadastral_data', ['condominio_id', 'tipo', 'id']);

  await lookupTable(db, 'admin_register_event_types');
  await fk(
    fk(
      archiveTable(db, 'admin_register')
        .addColumn('condominio_id', 'bigint', (c) => c.notNull())
        .addColumn('evento_id', 'bigint', (c) => c.notNull())
        .addColumn('data_evento', 'text', (c) => c.notNull())
        .addColumn('amministratore', 'text', (c) => c.notNull())
        .addColumn('codice_fiscale', 'text')
        .addColumn('data_delibera', 'text')
        .addColumn('data_inizio', 'text')
        .addColumn('data_fine', 'text')
        .addColumn('note', 'text')
        .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
      'admin_register_condominio_fk',
      'condominio_id',
      'condominiums',
    ),
    'admin_register_evento_fk',
    'evento_id',
    'admin_register_event_types',
  ).execute();
  await index(db, 'admin_register_condominio_idx', 'admin_register', ['condominio_id', 'data_evento']);

  // --- Resources and funds ------------------------------------------------------------------
  await lookupTable(db, 'resource_types');
  await fk(
    fk(
      fk(
        archiveTable(db, 'resources')
          .addColumn('condominio_id', 'bigint', (c) => c.notNull())
          .addColumn('esercizio_id', 'bigint')
          .addColumn('tipo_risorsa_id', 'bigint', (c) => c.notNull())
          // Listing version 1 (classic) or 2 (with payment accounts).
          .addColumn('versione', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('descrizione', 'text', (c) => c.notNull())
          .addColumn('iban', 'text')
          .addColumn('banca', 'text')
          .addColumn('saldo_iniziale_cents', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('saldo_cents', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
        'resources_condominio_fk',
        'condominio_id',
        'condominiums',
      ),
      'resources_esercizio_fk',
      'esercizio_id',
      'exercises',
    ),
    'resources_tipo_fk',
    'tipo_risorsa_id',
    'resource_types',
  ).execute();
  await index(db, 'resources_condominio_idx', 'resources', ['condominio_id', 'versione', 'id']);

  await fk(
    fk(
      fk(
        archiveTable(db, 'funds')
          .addColumn('condominio_id', 'bigint', (c) => c.notNull())
          .addColumn('esercizio_id', 'bigint')
          .addColumn('risorsa_id', 'bigint')
          .addColumn('descrizione', 'text', (c) => c.notNull())
          .addColumn('importo_cents', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('saldo_cents', 'bigint', (c) => c.notNull().defaultTo(0))
          .addColumn('note', 'text')
          .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
        'funds_condominio_fk',
        'condominio_id',
        'condominiums',
      ),
      'funds_esercizio_fk',
      'esercizio_id',
      'exercises',
    ),
    'funds_risorsa_fk',
    'risorsa_id',
    'resources',
  ).execute();
  await index(db, 'funds_condominio_idx', 'funds', ['condominio_id', 'id']);
  await index(db, 'funds_risorsa_idx', 'funds', ['risorsa_id']);

  // --- Accounting: ledger accounts, instalments, payments, refunds, movements ----------------
  await fk(
    fk(
      archiveTable(db, 'ledger_accounts')
        .addColumn('condominio_id', 'bigint', (c) => c.notNull())
        .addColumn('esercizio_id', 'bigint', (c) => c.notNull())
        // AccountUnitType: 0 personal, 1 payments.
        .addColumn('tipo_conto', 'integer', (c) => c.notNull())
        .addColumn('codice', 'text', (c) => c.notNull())
        .addColumn('descrizione', 'text', (c) => c.notNull())
        .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
      'ledger_accounts_condominio_fk',
      'condominio_id',
      'condominiums',
    ),
    'ledger_accounts_esercizio_fk',
    'esercizio_id',
    'exercises',
  ).execute();
  await index(db, 'ledger_accounts_esercizio_idx', 'ledger_accounts', [
    'esercizio_id',
    'tipo_conto',
    'codice',
  ]);

  await fk(
    fk(
      fk(
        fk(
          archiveTable(db, 'instalments')
            .addColumn('condominio_id', 'bigint', (c) => c.notNull())
            .addColumn('esercizio_id', 'bigint', (c) => c.notNull())
            .addColumn('anagrafica_id', 'bigint', (c) => c.notNull())
            .addColumn('unita_id', 'bigint')
            // InstalmentType 0 preventive, 1 extraordinary, 2 refund, 3 surplus.
            .addColumn('tipo', 'integer', (c) => c.notNull())
            .addColumn('numero', 'integer', (c) => c.notNull())
            .addColumn('descrizione', 'text', (c) => c.notNull())
            .addColumn('data_scadenza', 'text', (c) => c.notNull())
            .addColumn('importo_cents', 'bigint', (c) => c.notNull())
            // Sum of the payments assigned to it (kept with each payment, so lists need no sums).
            .addColumn('versato_cents', 'bigint', (c) => c.notNull().defaultTo(0))
            .addColumn('created_at', 'text', (c) => c.notNull())
            .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
          'instalments_condominio_fk',
          'condominio_id',
          'condominiums',
        ),
        'instalments_esercizio_fk',
        'esercizio_id',
        'exercises',
      ),
      'instalments_anagrafica_fk',
      'anagrafica_id',
      'registries',
    ),
    'instalments_unita_fk',
    'unita_id',
    'units',
  ).execute();
  await index(db, 'instalments_anagrafica_idx', 'instalments', [
    'esercizio_id',
    'anagrafica_id',
    'data_scadenza',
  ]);
  await index(db, 'instalments_unita_idx', 'instalments', ['esercizio_id', 'unita_id', 'data_scadenza']);
  await index(db, 'instalments_scadenza_idx', 'instalments', ['esercizio_id', 'data_scadenza']);

  for (const table of ['payments', 'refunds']) {
    await fk(
      fk(
        fk(
          fk(
            archiveTable(db, table)
              .addColumn('condominio_id', 'bigint', (c) => c.notNull())
              .addColumn('esercizio_id', 'bigint', (c) => c.notNull())
              .addColumn('anagrafica_id', 'bigint', (c) => c.notNull())
              .addColumn('unita_id', 'bigint')
              .addColumn('risorsa_id', 'bigint')
              .addColumn('data', 'text', (c) => c.notNull())
              .addColumn('importo_cents', 'bigint', (c) => c.notNull())
              .addColumn('descrizione', 'text')
              .addColumn('modalita', 'text')
              .addColumn('numero_ricevuta', 'integer')
              // PaymentDistribution 0 oldest instalment first, 1 by competence date.
              .addColumn('distribuzione', 'integer', (c) => c.notNull().defaultTo(0))
              .addColumn('created_at', 'text', (c) => c.notNull())
              .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1)),
            `${table}_condominio_fk`,
            'condominio_id',
            'condominiums',
          ),
          `${table}_esercizio_fk`,
          'esercizio_id',
          'exercises',
        ),
        `${table}_anagrafica_fk`,
        'anagrafica_id',
        'registries',
      ),
      `${table}_risorsa_fk`,
      'risorsa_id',
      'resources',
    ).execute();
    await index(db, `${table}_anagrafica_idx`, table, ['esercizio_id', 'anagrafica_id', 'data']);
  }

  // How a payment is split over the instalments it pays.
  await fk(
    fk(
      db.schema
        .createTable('payment_allocations')
        .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
        .addColumn('versamento_id', 'bigint', (c) => c.notNull())
        .addColumn('rata_id', 'bigint', (c) => c.notNull())
        .addColumn('importo_cents', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('payment_allocations_pk', ['archive_id', 'versamento_id', 'rata_id']),
      'payment_allocations_versamento_fk',
      'versamento_id',
      'payments',
    ),
    'payment_allocations_rata_fk',
    'rata_id',
    'instalments',
  ).execute();
  await index(db, 'payment_allocations_rata_idx', 'payment_allocations', ['rata_id']);

  // Financial movements ('Lista Movimenti') of a reference: a registry, a person or a provider.
  await fk(
    fk(
      archiveTable(db, 'movements')
        .addColumn('condominio_id', 'bigint', (c) => c.notNull())
        .addColumn('esercizio_id', 'bigint')
        .addColumn('risorsa_id', 'bigint')
        // RegistryType 0 condominium registry, 1 person, 2 provider.
        .addColumn('tipo_riferimento', 'integer', (c) => c.notNull())
        .addColumn('riferimento_id', 'bigint', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('descrizione', 'text', (c) => c.notNull())
        // Positive: money in (dare); negative: money out (avere).
        .addColumn('importo_cents', 'bigint', (c) => c.notNull())
        .addColumn('numero_documento', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull()),
      'movements_condominio_fk',
      'condominio_id',
      'condominiums',
    ),
    'movements_risorsa_fk',
    'risorsa_id',
    'resources',
  ).execute();
  await index(db, 'movements_riferimento_idx', 'movements', [
    'tipo_riferimento',
    'riferimento_id',
    'data',
    'id',
  ]);
  await index(db, 'movements_condominio_idx', 'movements', ['condominio_id', 'data']);

  // --- Dossiers (fascicoli) and their files (allegati) --------------------------------------
  // A dossier belongs to a reference (condominium, activity, person, provider, common part...:
  // riferimento_tipo + riferimento_id, AttachmentReferenceType) under an origin (tipo_origine,
  // AttachmentOrigin). "Fascicolo nr. N" is `numero`, from the per-archive counter 'dossier_numero'.
  await archiveTable(db, 'dossiers')
    .addColumn('numero', 'integer', (c) => c.notNull())
    .addColumn('riferimento_tipo', 'integer', (c) => c.notNull())
    .addColumn('riferimento_id', 'bigint', (c) => c.notNull())
    .addColumn('tipo_origine', 'integer', (c) => c.notNull())
    .addColumn('tipo', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('descrizione', 'text')
    .addColumn('data_creazione', 'text', (c) => c.notNull())
    .addColumn('numero_file', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('dossiers_numero_uq', ['archive_id', 'numero'])
    .execute();
  await index(db, 'dossiers_riferimento_idx', 'dossiers', [
    'riferimento_tipo',
    'riferimento_id',
    'tipo_origine',
    'id',
  ]);

  await fk(
    archiveTable(db, 'attachments')
      // Same reference and origin as its dossier (copied, so a reference's files list without a
      // join); an attachment may also sit outside any dossier.
      .addColumn('riferimento_tipo', 'integer', (c) => c.notNull())
      .addColumn('riferimento_id', 'bigint', (c) => c.notNull())
      .addColumn('tipo_origine', 'integer', (c) => c.notNull())
      .addColumn('fascicolo_id', 'bigint')
      .addColumn('nome_file', 'text', (c) => c.notNull())
      .addColumn('data_ora', 'text', (c) => c.notNull())
      // Opaque key the client sends back to download (never a path).
      .addColumn('chiave_download', 'text', (c) => c.notNull())
      .addColumn('dimensione', 'bigint', (c) => c.notNull())
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('codice', 'text')
      .addColumn('anno', 'integer')
      // Where the bytes are: `files/<archiveId>/<storage_key>` under DATA_DIR, or the object key.
      .addColumn('storage_key', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('attachments_chiave_uq', ['archive_id', 'chiave_download']),
    'attachments_fascicolo_fk',
    'fascicolo_id',
    'dossiers',
  ).execute();
  await index(db, 'attachments_fascicolo_idx', 'attachments', ['fascicolo_id', 'nome_file']);
  await index(db, 'attachments_riferimento_idx', 'attachments', [
    'riferimento_tipo',
    'riferimento_id',
    'tipo_origine',
    'id',
  ]);
}

export async function down(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') {
    await sql.raw('alter table incarichi drop constraint incarichi_condominio_fk').execute(db);
  } else {
    await sql.raw('drop table condominiums_fts').execute(db);
    await sql.raw('drop table common_parts_fts').execute(db);
  }
  for (const table of [
    'attachments',
    'dossiers',
    'movements',
    'payment_allocations',
    'refunds',
    'payments',
    'instalments',
    'ledger_accounts',
    'funds',
    'resources',
    'resource_types',
    'admin_register',
    'admin_register_event_types',
    'cadastral_data',
    'insurances',
    'common_part_services',
    'common_parts',
    'registry_units',
    'registries',
    'units',
    'unit_groups',
    'buildings',
    'exercises',
    'condominiums',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
