import type { Incarico, IncaricoCreate } from '@stabile/contract';
import type { Kysely } from 'kysely';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { tryDeleteVersioned, tryUpdateVersioned } from '../../db/versioned.ts';
import { AppError, staleVersion } from '../../shared/app-error.ts';

/*
 * Assignments (incarichi): a person with a role (assignment type) in a condominium. The
 * condominium is checked when the condominiums table exists (it comes with a later migration).
 */

const notFound = () => new AppError(122, "L'incarico richiesto non esiste.");

function invalid(path: string, message: string): AppError {
  return new AppError(113, `${message} (${path})`, { details: [{ path, message }] });
}

let condominiumsTable: Promise<boolean> | null = null;

async function checkReferences(db: Kysely<Database>, archiveId: number, input: IncaricoCreate) {
  const person = await db
    .selectFrom('persons')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('id', '=', input.personaID)
    .executeTakeFirst();
  if (!person) throw invalid('personaID', 'Persona non valida');
  const type = await db
    .selectFrom('assignment_types')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('id', '=', input.tipoIncaricoID)
    .executeTakeFirst();
  if (!type) throw invalid('tipoIncaricoID', 'Tipo di incarico non valido');
  condominiumsTable ??= db.introspection
    .getTables()
    .then((tables) => tables.some((t) => t.name === 'condominiums'));
  if (await condominiumsTable) {
    const loose = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const condo = await loose
      .selectFrom('condominiums')
      .select('id')
      .where('archive_id', '=', archiveId)
      .where('id', '=', input.condominioID)
      .executeTakeFirst();
    if (!condo) throw invalid('condominioID', 'Condominio non valido');
  }
  if (input.dataInizio && input.dataFine && input.dataFine < input.dataInizio) {
    throw invalid('dataFine', 'La data di fine non può precedere la data di inizio');
  }
}

function baseQuery(db: Kysely<Database>, archiveId: number) {
  return db
    .selectFrom('incarichi as i')
    .innerJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'i.archive_id').onRef('p.id', '=', 'i.persona_id'),
    )
    .innerJoin('assignment_types as t', (j) =>
      j.onRef('t.archive_id', '=', 'i.archive_id').onRef('t.id', '=', 'i.tipo_incarico_id'),
    )
    .select([
      'i.id',
      'i.condominio_id',
      'i.persona_id',
      'p.descr as persona_descr',
      'i.tipo_incarico_id',
      't.testo as tipo_descr',
      'i.data_inizio',
      'i.data_fine',
      'i.note',
      'i.obj_version',
    ])
    .where('i.archive_id', '=', archiveId);
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['executeTakeFirstOrThrow']>>;

function toIncarico(row: Row): Incarico {
  return {
    id: row.id,
    condominioID: row.condominio_id,
    personaID: row.persona_id,
    personaDescr: row.persona_descr,
    tipoIncaricoID: row.tipo_incarico_id,
    tipoIncaricoDescr: row.tipo_descr,
    dataInizio: row.data_inizio,
    dataFine: row.data_fine,
    note: row.note,
    objVersion: row.obj_version,
  };
}

export async function listIncarichi(
  db: Kysely<Database>,
  archiveId: number,
  filter: { CondominioID?: number | undefined; PersonaID?: number | undefined },
): Promise<Incarico[]> {
  let q = baseQuery(db, archiveId);
  if (filter.CondominioID !== undefined) q = q.where('i.condominio_id', '=', filter.CondominioID);
  if (filter.PersonaID !== undefined) q = q.where('i.persona_id', '=', filter.PersonaID);
  const rows = await q.orderBy('i.id').limit(500).execute();
  return rows.map(toIncarico);
}

export async function getIncarico(db: Kysely<Database>, archiveId: number, id: number): Promise<Incarico> {
  const row = await baseQuery(db, archiveId).where('i.id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return toIncarico(row);
}

const clean = (value: string | null | undefined) => (value ? value : null);

export async function createIncarico(db: Kysely<Database>, archiveId: number, input: IncaricoCreate) {
  const id = await db.transaction().execute(async (trx) => {
    await checkReferences(trx, archiveId, input);
    const id = await nextId(trx, archiveId, 'incarichi');
    await trx
      .insertInto('incarichi')
      .values({
        archive_id: archiveId,
        id,
        condominio_id: input.condominioID,
        persona_id: input.personaID,
        tipo_incarico_id: input.tipoIncaricoID,
        data_inizio: clean(input.dataInizio),
        data_fine: clean(input.dataFine),
        note: clean(input.note),
        created_at: new Date().toISOString(),
        obj_version: 1,
      })
      .execute();
    return id;
  });
  return getIncarico(db, archiveId, id);
}

export async function updateIncarico(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  input: IncaricoCreate & { objVersion: number },
) {
  await db.transaction().execute(async (trx) => {
    await checkReferences(trx, archiveId, input);
    const version = await tryUpdateVersioned(
      trx,
      'incarichi',
      { archiveId, id, objVersion: input.objVersion },
      {
        condominio_id: input.condominioID,
        persona_id: input.personaID,
        tipo_incarico_id: input.tipoIncaricoID,
        data_inizio: clean(input.dataInizio),
        data_fine: clean(input.dataFine),
        note: clean(input.note),
      },
    );
    if (version === undefined) await missingOrStale(trx, archiveId, id);
  });
  return getIncarico(db, archiveId, id);
}

async function missingOrStale(db: Kysely<Database>, archiveId: number, id: number): Promise<never> {
  const exists = await db
    .selectFrom('incarichi')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
  throw exists ? staleVersion() : notFound();
}

export async function deleteIncarico(
  db: Kysely<Database>,
  archiveId: number,
  id: number,
  objVersion: number,
) {
  await db.transaction().execute(async (trx) => {
    if (!(await tryDeleteVersioned(trx, 'incarichi', { archiveId, id, objVersion }))) {
      await missingOrStale(trx, archiveId, id);
    }
  });
}
