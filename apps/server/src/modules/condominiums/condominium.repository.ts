import { AttachmentReferenceType, COUNT_CAP, SEARCH_COUNT_CAP } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { fullTextQuery } from '../../db/dialect.ts';
import { nextId } from '../../db/ids.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { deleteVersioned, updateVersioned } from '../../db/versioned.ts';
import { deleteCondominiumAccounts } from '../instalments/instalment.repository.ts';
import { type CondominiumListRow, type CondominiumValues, LIST_COLUMNS } from './condominium.mapper.ts';
import { inOrder, pgAnyMatches, searchPageIds } from './registry-search.ts';

/*
 * Condominiums of one archive. Every function takes the archive id: there is no query without it.
 */

/** Every condominium of an archive (managed ones only unless asked), by intestazione. */
export function listCondominiumsShort(
  db: Kysely<Database>,
  archiveId: number,
  options: { gestiti: boolean },
) {
  let query = db
    .selectFrom('condominiums')
    .select(['id', 'intestazione', 'indirizzo', 'citta'])
    .where('archive_id', '=', archiveId);
  if (options.gestiti) query = query.where('gestito', '=', 1);
  return query.orderBy('intestazione_sort').orderBy('id').execute();
}

export interface CondominiumListOptions {
  gestiti: boolean;
  search?: string | undefined;
  citta?: string | undefined;
  provincia?: string | undefined;
  statoContoPagamenti?: number | undefined;
  portaleAttivo?: boolean | undefined;
  offset: number;
  limit: number;
  /** A search whose caller ranks the hits itself (search everything): see RegistrySearch.anyMatches. */
  anyMatches?: boolean | undefined;
}

/**
 * One page of the registry in intestazione order (index condominiums_gestito_idx or _sort_idx), the
 * search through the full-text index (FTS5 on SQLite, a GIN tsvector on PostgreSQL), and a total
 * counted up to COUNT_CAP (SEARCH_COUNT_CAP for a search).
 */
export async function listCondominiums(
  db: Kysely<Database>,
  dialect: DialectName,
  archiveId: number,
  options: CondominiumListOptions,
): Promise<{ rows: CondominiumListRow[]; total: number; capped: boolean }> {
  const match = options.search ? fullTextQuery(dialect, options.search) : null;
  if (options.search && !match) return { rows: [], total: 0, capped: false };
  if (match && dialect === 'sqlite') return searchCondominiums(db, archiveId, match, options);
  if (match && options.anyMatches && filterPredicates(options).length === 0) {
    const found = await pgAnyMatches(db, 'condominiums', archiveId, match, options);
    const rows = found.ids.length === 0 ? [] : await pgRowsByIds(db, archiveId, found.ids);
    return { rows: inOrder(found.ids, rows), total: found.total, capped: found.capped };
  }

  let base = db.selectFrom('condominiums').where('archive_id', '=', archiveId);
  if (options.gestiti) base = base.where('gestito', '=', 1);
  if (options.citta) base = base.where(sql<string>`lower(citta)`, '=', options.citta.toLowerCase());
  if (options.provincia) base = base.where('provincia', '=', options.provincia.toUpperCase());
  if (options.statoContoPagamenti !== undefined)
    base = base.where('stato_conto_pagamenti', '=', options.statoContoPagamenti);
  if (options.portaleAttivo !== undefined)
    base = base.where('portale_attivo', '=', options.portaleAttivo ? 1 : 0);
  if (match) {
    if (dialect === 'sqlite') {
      // FTS5 rowid = archive_id * 2^32 + id (migration 0003): the range keeps to this archive.
      const low = archiveId * 4294967296;
      base = base.where(
        'id',
        'in',
        sql<number>`(select rowid - ${low} from condominiums_fts where condominiums_fts match ${match} and rowid between ${low} and ${low + 4294967295})`,
      );
    } else {
      base = base.where(sql<SqlBool>`search_vector @@ to_tsquery('simple', ${match})`);
    }
  }

  const rows = await base
    .select([...LIST_COLUMNS])
    .orderBy('intestazione_sort')
    .orderBy('id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  const cap = match ? SEARCH_COUNT_CAP : COUNT_CAP;
  let total: number;
  if (options.offset === 0 && rows.length < options.limit) total = rows.length;
  else {
    const counted = await db
      .selectFrom(
        base
          .select(sql.lit(1).as('one'))
          .limit(cap + 1)
          .as('c'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    total = Number(counted.n);
  }
  const capped = total > cap;
  return { rows, total: capped ? cap : total, capped };
}

/** The list filters as predicates on `c` (the same as the list's, for the SQLite search). */
function filterPredicates(options: CondominiumListOptions): RawBuilder<SqlBool>[] {
  const predicates: RawBuilder<SqlBool>[] = [];
  if (options.gestiti) predicates.push(sql<SqlBool>`c.gestito = 1`);
  if (options.citta) predicates.push(sql<SqlBool>`lower(c.citta) = ${options.citta.toLowerCase()}`);
  if (options.provincia) predicates.push(sql<SqlBool>`c.provincia = ${options.provincia.toUpperCase()}`);
  if (options.statoContoPagamenti !== undefined)
    predicates.push(sql<SqlBool>`c.stato_conto_pagamenti = ${options.statoContoPagamenti}`);
  if (options.portaleAttivo !== undefined)
    predicates.push(sql<SqlBool>`c.portale_attivo = ${options.portaleAttivo ? 1 : 0}`);
  return predicates;
}

/** SQLite: a search page through the FTS index (registry-search.ts), then its rows by id. */
async function searchCondominiums(
  db: Kysely<Database>,
  archiveId: number,
  match: string,
  options: CondominiumListOptions,
): Promise<{ rows: CondominiumListRow[]; total: number; capped: boolean }> {
  const page = await searchPageIds(db, {
    table: 'condominiums',
    sortColumn: 'intestazione_sort',
    archiveId,
    match,
    filters: filterPredicates(options),
    offset: options.offset,
    limit: options.limit,
    anyMatches: options.anyMatches,
  });
  if (page.ids.length === 0) return { rows: [], total: page.total, capped: page.capped };
  const rows = await rowsByIds(db, archiveId, JSON.stringify(page.ids));
  return { rows: inOrder(page.ids, rows), total: page.total, capped: page.capped };
}

/** PostgreSQL: the list rows of some ids, in no order. */
const pgRowsByIds = preparedQuery((db, archiveId: number, ids: number[]) =>
  db
    .selectFrom('condominiums')
    .select([...LIST_COLUMNS])
    .where('archive_id', '=', archiveId)
    .where(sql<SqlBool>`id = any(${ids})`),
);

/** SQLite: the list rows of a page's ids (a JSON array), compiled once. */
const rowsByIds = preparedQuery((db, archiveId: number, ids: string) =>
  db
    .selectFrom('condominiums')
    .select([...LIST_COLUMNS])
    .where('archive_id', '=', archiveId)
    .where(sql<SqlBool>`id in (select value from json_each(${ids}))`),
);

export function findCondominium(db: Kysely<Database>, archiveId: number, id: number) {
  return db
    .selectFrom('condominiums')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Whether a code is taken by another condominium of the archive. */
export async function codiceTaken(
  db: Kysely<Database>,
  archiveId: number,
  codice: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('condominiums')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('codice', '=', codice);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertCondominium(
  db: Kysely<Database>,
  archiveId: number,
  values: Omit<CondominiumValues, 'codice'> & { codice: string | null },
  now: string,
): Promise<number> {
  const id = await nextId(db, archiveId, 'condominiums');
  const codice = values.codice ?? String(id).padStart(4, '0');
  await db
    .insertInto('condominiums')
    .values({
      ...values,
      codice,
      archive_id: archiveId,
      id,
      numero_unita: 0,
      saldo_ts_pay_cents: null,
      saldo_ts_pay_at: null,
      created_at: now,
      updated_at: now,
      obj_version: 1,
    })
    .execute();
  return id;
}

/** Updates when the version matches; 115 otherwise (stale or missing). */
export async function updateCondominium(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  objVersion: number,
  values: Partial<CondominiumValues> & {
    saldo_ts_pay_cents?: number | null;
    saldo_ts_pay_at?: string | null;
  },
  now: string,
): Promise<void> {
  await updateVersioned(db, 'condominiums', { archiveId, id, objVersion }, { ...values, updated_at: now });
}

/** Stores the computed payment-account balance (not a user edit: the version stays). */
export async function storeBalance(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  cents: number | null,
  at: string | null,
): Promise<void> {
  await db
    .updateTable('condominiums')
    .set({ saldo_ts_pay_cents: cents, saldo_ts_pay_at: at })
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .execute();
}

/** What hangs from a condominium and forbids its deletion, each with its Italian name. */
const BLOCKERS = [
  ['activities', 'cond_gen_id', 'attività'],
  ['instalments', 'condominio_id', 'rate'],
  ['incarichi', 'condominio_id', 'incarichi'],
  ['common_parts', 'condominio_id', 'parti comuni'],
  ['registries', 'condominio_id', 'anagrafiche condominiali'],
  ['payments', 'condominio_id', 'versamenti'],
  ['movements', 'condominio_id', 'movimenti'],
] as const;

/** The names of what still uses a condominium (empty: it can be deleted). */
export async function condominiumUsages(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
): Promise<string[]> {
  const found: string[] = [];
  for (const [table, column, name] of BLOCKERS) {
    const row = await db
      .selectFrom(table as 'instalments')
      .select(sql.lit(1).as('one'))
      .where('archive_id', '=', archiveId)
      .where(column as 'condominio_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (row) found.push(name);
  }
  if (await hasFiles(db, archiveId, id)) found.push('documenti allegati');
  return found;
}

/** Whether files (attachments or dossiers) are kept under the condominium (reference type 3). */
async function hasFiles(db: Kysely<Database>, archiveId: number, id: number): Promise<boolean> {
  for (const table of ['attachments', 'dossiers'] as const) {
    const row = await db
      .selectFrom(table as 'attachments')
      .select(sql.lit(1).as('one'))
      .where('archive_id', '=', archiveId)
      .where('riferimento_tipo', '=', AttachmentReferenceType.Condominium)
      .where('riferimento_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (row) return true;
  }
  return false;
}

/**
 * Deletes a condominium with its own records (exercises with buildings, groups and units, insurance,
 * cadastral data, register, funds, resources, dossiers), children first; its refunds and ledger
 * accounts are the instalments module's to delete.
 */
export async function deleteCondominium(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  objVersion: number,
): Promise<void> {
  await deleteCondominiumAccounts(db, archiveId, id);
  const owned = [
    'funds',
    'resources',
    'admin_register',
    'cadastral_data',
    'insurances',
    'units',
    'buildings',
    'unit_groups',
    'exercises',
  ] as const;
  for (const table of owned) {
    await db
      .deleteFrom(table as 'funds')
      .where('archive_id', '=', archiveId)
      .where('condominio_id', '=', id)
      .execute();
  }
  await deleteVersioned(db, 'condominiums', { archiveId, id, objVersion });
}

/**
 * Every condominium of the registry's search and filters, in its order, without a page: what an
 * export streams (decision 0025); null when the search has no term (it matches nothing).
 */
export function condominiumsForExport(
  db: Kysely<Database>,
  dialect: DialectName,
  archiveId: number,
  options: Omit<CondominiumListOptions, 'offset' | 'limit'>,
) {
  const match = options.search ? fullTextQuery(dialect, options.search) : null;
  if (options.search && !match) return null;
  let query = db.selectFrom('condominiums as c').where('c.archive_id', '=', archiveId);
  for (const predicate of filterPredicates({ ...options, offset: 0, limit: 0 }))
    query = query.where(predicate);
  if (match && dialect === 'sqlite') {
    const low = archiveId * 4294967296;
    query = query.where(
      sql<SqlBool>`c.id in (select rowid - ${low} from condominiums_fts where condominiums_fts match ${match} and rowid between ${low} and ${low + 4294967295})`,
    );
  } else if (match) {
    query = query.where(sql<SqlBool>`c.search_vector @@ to_tsquery('simple', ${match})`);
  }
  return query
    .select([...LIST_COLUMNS.map((c) => `c.${c}` as const), 'c.codice_fiscale', 'c.iban'])
    .orderBy('c.intestazione_sort')
    .orderBy('c.id');
}
