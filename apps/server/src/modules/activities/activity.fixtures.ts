import type { Kysely } from 'kysely';
import { searchDocument } from '../../db/dialect.ts';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Minimal rows of other areas (condominiums, persons, providers) for the activity tests and the
 * benchmark generator. Columns with defaults are left to the database.
 */
// biome-ignore lint/suspicious/noExplicitAny: partial rows of other areas' tables
type AnyDb = Kysely<any>;

export async function insertCondominium(
  db: Kysely<Database>,
  archiveId: number,
  intestazione: string,
): Promise<number> {
  const id = await nextId(db, archiveId, 'condominiums');
  const now = new Date().toISOString();
  await (db as AnyDb)
    .insertInto('condominiums')
    .values({
      archive_id: archiveId,
      id,
      codice: String(id).padStart(4, '0'),
      intestazione,
      intestazione_sort: searchDocument(intestazione),
      indirizzo: 'Via Roma 1',
      citta: 'Milano',
      search_doc: searchDocument(intestazione),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export async function insertRegistryRow(
  db: Kysely<Database>,
  table: 'persons' | 'providers',
  archiveId: number,
  descr: string,
  email: string | null = null,
): Promise<number> {
  const id = await nextId(db, archiveId, table);
  const now = new Date().toISOString();
  await (db as AnyDb)
    .insertInto(table)
    .values({
      archive_id: archiveId,
      id,
      descr,
      descr_sort: searchDocument(descr),
      email,
      search_doc: searchDocument(descr, email),
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
