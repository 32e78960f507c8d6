import type { Kysely } from 'kysely';
import { searchDocument } from '../../db/dialect.ts';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { recount } from './activity.repository.ts';
import { forgetVisibleIdRanges } from './activity-search.ts';

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

/**
 * Dates the closing of a closed activity `day` (no route does: a closing is dated today), moving
 * its counters by closing day as a closing on that day would have.
 */
export async function setClosingDate(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  day: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('activities')
      .select(['stato_gruppo', 'priorita', 'data_chiusura', 'tipo_segnalaz_id', 'gestore', 'servizio'])
      .where('archive_id', '=', archiveId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('activities')
      .set({ data_chiusura: day })
      .where('archive_id', '=', archiveId)
      .where('id', '=', id)
      .execute();
    await recount(trx, archiveId, [before], [{ ...before, data_chiusura: day }]);
  });
  // A closing dated in the past can hide an activity that searches took as always shown.
  forgetVisibleIdRanges(db);
}
