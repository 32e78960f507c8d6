import { type Kysely, type SqlBool, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Activities (cases), their types, events and notes, interventions of providers, supplier
 * assignments with their messages and emailed links, and each user's activity settings.
 *
 * The list must stay fast on a million activities: every filter of the list has an index that
 * leads with archive_id, then the filter, then the state group (0 closed, 1 open, 2 suspended)
 * and the default order (data_apertura desc, id desc), so a page is an index range walk. Flags
 * (unread notices, work in progress, incomplete data) use partial indexes. Search uses the
 * `search_doc` column: an FTS5 table kept by triggers on SQLite (rowid = archive_id * 2^32 + id,
 * so a search walks one archive's range, newest first), a GIN index on PostgreSQL.
 */

type Db = Kysely<any>;

const LIST_ORDER = ['data_apertura', 'id'];

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('activity_types')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('descr', 'text', (c) => c.notNull())
    .addColumn('descr_sort', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('activity_types_pk', ['archive_id', 'id'])
    .addUniqueConstraint('activity_types_descr_uq', ['archive_id', 'descr_sort'])
    .execute();

  await db.schema
    .createTable('activities')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('numero_pratica', 'bigint', (c) => c.notNull())
    .addColumn('cond_gen_id', 'bigint', (c) => c.notNull())
    .addColumn('titolo', 'text', (c) => c.notNull())
    .addColumn('descrizione', 'text', (c) => c.notNull())
    .addColumn('stato', 'integer', (c) => c.notNull())
    .addColumn('stato_gruppo', 'integer', (c) => c.notNull())
    .addColumn('gestore', 'text', (c) => c.notNull())
    .addColumn('tipo_segnalaz_id', 'bigint', (c) => c.notNull())
    .addColumn('priorita', 'integer', (c) => c.notNull())
    .addColumn('data_apertura', 'text', (c) => c.notNull())
    .addColumn('data_chiusura', 'text')
    // null = no applicant (the API's -1). No FK: a person may be deleted, the case stays.
    .addColumn('richiedente_id', 'bigint')
    .addColumn('data_concludere_entro', 'text')
    .addColumn('operatore', 'text', (c) => c.notNull())
    .addColumn('nascosta', 'integer', (c) => c.notNull())
    .addColumn('servizio', 'integer')
    .addColumn('esercizio_id', 'bigint')
    .addColumn('avvisi', 'integer', (c) => c.notNull())
    .addColumn('interventi_in_corso', 'integer', (c) => c.notNull())
    .addColumn('dati_incompleti', 'integer', (c) => c.notNull())
    .addColumn('search_doc', 'text', (c) => c.notNull())
    .addColumn('ultimo_aggiornamento', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('activities_pk', ['archive_id', 'id'])
    .addUniqueConstraint('activities_numero_uq', ['archive_id', 'numero_pratica'])
    .addForeignKeyConstraint('activities_condominio_fk', ['archive_id', 'cond_gen_id'], 'condominiums', [
      'archive_id',
      'id',
    ])
    .addForeignKeyConstraint('activities_tipo_fk', ['archive_id', 'tipo_segnalaz_id'], 'activity_types', [
      'archive_id',
      'id',
    ])
    .execute();

  const index = (name: string, columns: string[]) =>
    db.schema
      .createIndex(name)
      .on('activities')
      .columns(['archive_id', ...columns]);
  // Status tabs and "all" with the default order, and the other orders of a tab.
  await index('activities_stato_idx', ['stato_gruppo', ...LIST_ORDER]).execute();
  await index('activities_apertura_idx', LIST_ORDER).execute();
  await index('activities_stato_numero_idx', ['stato_gruppo', 'numero_pratica']).execute();
  await index('activities_stato_priorita_idx', ['stato_gruppo', 'priorita', ...LIST_ORDER]).execute();
  await index('activities_stato_scadenza_idx', ['stato_gruppo', 'data_concludere_entro', 'id']).execute();
  await index('activities_stato_aggiornamento_idx', ['stato_gruppo', 'ultimo_aggiornamento', 'id']).execute();
  // One per filter, then the state group and the default order.
  for (const [name, column] of [
    ['condominio', 'cond_gen_id'],
    ['priorita', 'priorita'],
    ['tipo', 'tipo_segnalaz_id'],
    ['richiedente', 'richiedente_id'],
    ['gestore', 'gestore'],
    ['servizio', 'servizio'],
    ['esercizio', 'esercizio_id'],
  ] as const) {
    await index(`activities_${name}_idx`, [column, 'stato_gruppo', ...LIST_ORDER]).execute();
  }
  // Flags: partial indexes (the queries repeat the same literal predicate).
  for (const [name, predicate] of [
    ['avvisi', 'avvisi = 1'],
    ['attive', 'interventi_in_corso > 0'],
    ['incompleti', 'dati_incompleti = 1'],
  ] as const) {
    await index(`activities_${name}_idx`, ['stato_gruppo', ...LIST_ORDER])
      .where(sql.raw<SqlBool>(predicate))
      .execute();
  }

  if (dialectOf(db) === 'sqlite') {
    await sql
      .raw(
        `create virtual table activities_fts using fts5(doc, tokenize = 'unicode61 remove_diacritics 2', prefix = '3')`,
      )
      .execute(db);
    const key = (row: 'new' | 'old') => `(${row}.archive_id * 4294967296 + ${row}.id)`;
    await sql
      .raw(
        `create trigger activities_fts_ai after insert on activities begin
           insert into activities_fts(rowid, doc) values (${key('new')}, new.search_doc);
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger activities_fts_ad after delete on activities begin
           delete from activities_fts where rowid = ${key('old')};
         end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger activities_fts_au after update of search_doc on activities begin
           update activities_fts set doc = new.search_doc where rowid = ${key('old')};
         end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(`create index activities_search_idx on activities using gin (to_tsvector('simple', search_doc))`)
      .execute(db);
  }

  await db.schema
    .createTable('activity_events')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('attivita_id', 'bigint', (c) => c.notNull())
    .addColumn('tipo', 'integer', (c) => c.notNull())
    .addColumn('autore', 'integer', (c) => c.notNull())
    .addColumn('testo', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('operatore', 'text', (c) => c.notNull())
    .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('activity_events_pk', ['archive_id', 'id'])
    .addForeignKeyConstraint('activity_events_attivita_fk', ['archive_id', 'attivita_id'], 'activities', [
      'archive_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('activity_events_attivita_idx')
    .on('activity_events')
    .columns(['archive_id', 'attivita_id', 'id'])
    .execute();

  await db.schema
    .createTable('interventions')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('attivita_id', 'bigint', (c) => c.notNull())
    .addColumn('fornitore_id', 'bigint', (c) => c.notNull())
    .addColumn('descrizione', 'text', (c) => c.notNull())
    .addColumn('data_prevista', 'text')
    .addColumn('data_esecuzione', 'text')
    .addColumn('operatore', 'text', (c) => c.notNull())
    .addColumn('rinviato', 'integer', (c) => c.notNull())
    .addColumn('motivazione_rinvio', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('interventions_pk', ['archive_id', 'id'])
    .addForeignKeyConstraint('interventions_attivita_fk', ['archive_id', 'attivita_id'], 'activities', [
      'archive_id',
      'id',
    ])
    .addForeignKeyConstraint('interventions_fornitore_fk', ['archive_id', 'fornitore_id'], 'providers', [
      'archive_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('interventions_attivita_idx')
    .on('interventions')
    .columns(['archive_id', 'attivita_id', 'id'])
    .execute();
  await db.schema
    .createIndex('interventions_fornitore_idx')
    .on('interventions')
    .columns(['archive_id', 'fornitore_id', 'attivita_id'])
    .execute();
  await db.schema
    .createIndex('interventions_da_svolgere_idx')
    .on('interventions')
    .columns(['archive_id', 'data_prevista', 'id'])
    .where(sql.raw<SqlBool>('data_esecuzione is null'))
    .execute();

  // One assignment per intervention: its id is the intervention's id (the spec's interventoID).
  await db.schema
    .createTable('supplier_assignments')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('attivita_id', 'bigint', (c) => c.notNull())
    .addColumn('fornitore_id', 'bigint', (c) => c.notNull())
    .addColumn('stato', 'integer', (c) => c.notNull())
    .addColumn('motivazione', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('data_invio', 'text')
    .addColumn('data_risposta', 'text')
    .addColumn('ultimo_aggiornamento', 'text', (c) => c.notNull())
    .addColumn('obj_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('supplier_assignments_pk', ['archive_id', 'id'])
    .addForeignKeyConstraint('supplier_assignments_intervento_fk', ['archive_id', 'id'], 'interventions', [
      'archive_id',
      'id',
    ])
    .execute();
  await db.schema
    .createIndex('supplier_assignments_attivita_idx')
    .on('supplier_assignments')
    .columns(['archive_id', 'attivita_id', 'id'])
    .execute();

  await db.schema
    .createTable('supplier_assignment_messages')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('intervento_id', 'bigint', (c) => c.notNull())
    .addColumn('attivita_id', 'bigint', (c) => c.notNull())
    .addColumn('autore', 'text', (c) => c.notNull())
    .addColumn('azione', 'text', (c) => c.notNull())
    .addColumn('testo', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('allegato_nome', 'text')
    .addColumn('allegato_chiave', 'text')
    .addColumn('allegato_dimensione', 'bigint')
    .addPrimaryKeyConstraint('supplier_assignment_messages_pk', ['archive_id', 'id'])
    .addForeignKeyConstraint(
      'supplier_assignment_messages_assegnazione_fk',
      ['archive_id', 'intervento_id'],
      'supplier_assignments',
      ['archive_id', 'id'],
    )
    .execute();
  await db.schema
    .createIndex('supplier_assignment_messages_intervento_idx')
    .on('supplier_assignment_messages')
    .columns(['archive_id', 'intervento_id', 'id'])
    .execute();
  await db.schema
    .createIndex('supplier_assignment_messages_autore_idx')
    .on('supplier_assignment_messages')
    .columns(['archive_id', 'autore', 'data'])
    .execute();

  // Emailed links: the token is random and stored hashed; a link acts on its assignment only.
  await db.schema
    .createTable('supplier_links')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('intervento_id', 'bigint', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addPrimaryKeyConstraint('supplier_links_pk', ['archive_id', 'id'])
    .addForeignKeyConstraint(
      'supplier_links_assegnazione_fk',
      ['archive_id', 'intervento_id'],
      'supplier_assignments',
      ['archive_id', 'id'],
    )
    .execute();
  await db.schema
    .createIndex('supplier_links_intervento_idx')
    .on('supplier_links')
    .columns(['archive_id', 'intervento_id'])
    .execute();

  // Per user of an archive (account + archive user): the closed-activity window, last home visit.
  await db.schema
    .createTable('activity_settings')
    .addColumn('archive_id', 'bigint', (c) => c.notNull().references('archives.id'))
    .addColumn('user_key', 'text', (c) => c.notNull())
    .addColumn('giorni_chiuse', 'integer', (c) => c.notNull())
    .addColumn('per_condominio', 'text', (c) => c.notNull())
    .addColumn('ultima_visita', 'text')
    .addColumn('visita_corrente', 'text')
    .addColumn('risposte_lette', 'text')
    .addPrimaryKeyConstraint('activity_settings_pk', ['archive_id', 'user_key'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'activity_settings',
    'supplier_links',
    'supplier_assignment_messages',
    'supplier_assignments',
    'interventions',
    'activity_events',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  if (dialectOf(db) === 'sqlite') await sql.raw('drop table activities_fts').execute(db);
  await db.schema.dropTable('activities').execute();
  await db.schema.dropTable('activity_types').execute();
}
