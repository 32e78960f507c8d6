import { AttachmentReferenceType, COUNT_CAP } from '@stabile/contract';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { tryDeleteVersioned, updateVersioned, type VersionedValues } from '../../db/versioned.ts';
import type { AttachmentsTable, DossiersTable } from './attachment.table.ts';

/**
 * Plain Kysely functions over attachments and dossiers. Every query filters by archive_id and walks
 * an index that leads with it: (archive_id, riferimento_tipo, riferimento_id, id) for an entity's
 * list, (..., tipo_origine, id) for one origin and the origins' counts, (archive_id, fascicolo_id,
 * nome_file) for a dossier's files.
 */
export type AttachmentRow = Selectable<AttachmentsTable>;
export type DossierRow = Selectable<DossiersTable>;
type Db = Kysely<Database>;

export interface Reference {
  tipo: number;
  id: number;
}

/** The table that holds each kind of reference (RiferimentoAllegato.Tipo). */
const REFERENCE_TABLES = {
  [AttachmentReferenceType.CondominiumRegistry]: 'registries',
  [AttachmentReferenceType.Person]: 'persons',
  [AttachmentReferenceType.Provider]: 'providers',
  [AttachmentReferenceType.Condominium]: 'condominiums',
  [AttachmentReferenceType.Activity]: 'activities',
  [AttachmentReferenceType.CommonPart]: 'common_parts',
  [AttachmentReferenceType.Unit]: 'units',
} as const satisfies Record<AttachmentReferenceType, keyof Database>;

export async function referenceExists(db: Db, archiveId: number, ref: Reference): Promise<boolean> {
  const table = REFERENCE_TABLES[ref.tipo as AttachmentReferenceType];
  if (!table) return false;
  const row = await db
    .selectFrom(table as 'persons')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('id', '=', ref.id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listAttachments(
  db: Db,
  archiveId: number,
  ref: Reference,
  origin: number | undefined,
  page: { limit: number; offset: number },
): Promise<AttachmentRow[]> {
  let query = db
    .selectFrom('attachments')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('riferimento_tipo', '=', ref.tipo)
    .where('riferimento_id', '=', ref.id);
  if (origin !== undefined) query = query.where('tipo_origine', '=', origin);
  return query.orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** Attachments of a reference (and origin), counted up to COUNT_CAP + 1. */
export async function countAttachments(
  db: Db,
  archiveId: number,
  ref: Reference,
  origin: number | undefined,
): Promise<{ total: number; capped: boolean }> {
  let inner = db
    .selectFrom('attachments')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('riferimento_tipo', '=', ref.tipo)
    .where('riferimento_id', '=', ref.id);
  if (origin !== undefined) inner = inner.where('tipo_origine', '=', origin);
  const row = await db
    .selectFrom(inner.limit(COUNT_CAP + 1).as('c'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

export async function findAttachment(
  db: Db,
  archiveId: number,
  id: number,
): Promise<AttachmentRow | undefined> {
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAttachment(db: Db, row: AttachmentsTable): Promise<void> {
  await db.insertInto('attachments').values(row).execute();
}

/** Applies `values` when the row still has `objVersion`; 115 when it does not (stale or gone). */
export async function updateAttachment(
  db: Db,
  archiveId: number,
  id: number,
  objVersion: number,
  values: VersionedValues<'attachments'>,
): Promise<void> {
  await updateVersioned(db, 'attachments', { archiveId, id, objVersion }, values);
}

export async function deleteAttachment(
  db: Db,
  archiveId: number,
  id: number,
  objVersion: number,
): Promise<boolean> {
  return tryDeleteVersioned(db, 'attachments', { archiveId, id, objVersion });
}

/** Deletes the row of a file the store no longer has, whatever its version, and recounts its dossier. */
export async function deleteRowWithoutFile(db: Db, archiveId: number, id: number): Promise<void> {
  const gone = await db
    .deleteFrom('attachments')
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .returning('fascicolo_id')
    .executeTakeFirst();
  if (gone?.fascicolo_id != null) await addToDossierFiles(db, archiveId, Number(gone.fascicolo_id), -1);
}

/** Attachments and dossiers of a reference, per origin. */
export async function originCounts(
  db: Db,
  archiveId: number,
  ref: Reference,
): Promise<Array<{ origin: number; attachments: number; dossiers: number }>> {
  const files = await db
    .selectFrom('attachments')
    .select(['tipo_origine', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('archive_id', '=', archiveId)
    .where('riferimento_tipo', '=', ref.tipo)
    .where('riferimento_id', '=', ref.id)
    .groupBy('tipo_origine')
    .execute();
  const dossiers = await db
    .selectFrom('dossiers')
    .select(['tipo_origine', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('archive_id', '=', archiveId)
    .where('riferimento_tipo', '=', ref.tipo)
    .where('riferimento_id', '=', ref.id)
    .groupBy('tipo_origine')
    .execute();
  const byOrigin = new Map<number, { origin: number; attachments: number; dossiers: number }>();
  const entry = (origin: number) => {
    let found = byOrigin.get(origin);
    if (!found) {
      found = { origin, attachments: 0, dossiers: 0 };
      byOrigin.set(origin, found);
    }
    return found;
  };
  for (const row of files) entry(Number(row.tipo_origine)).attachments = Number(row.n);
  for (const row of dossiers) entry(Number(row.tipo_origine)).dossiers = Number(row.n);
  return [...byOrigin.values()].sort((a, b) => a.origin - b.origin);
}

// --- Dossiers ----------------------------------------------------------------------------------

export async function listDossiers(
  db: Db,
  archiveId: number,
  ref: Reference,
  origin: number,
  page: { limit: number; offset: number },
): Promise<DossierRow[]> {
  return db
    .selectFrom('dossiers')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('riferimento_tipo', '=', ref.tipo)
    .where('riferimento_id', '=', ref.id)
    .where('tipo_origine', '=', origin)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countDossiers(
  db: Db,
  archiveId: number,
  ref: Reference,
  origin: number,
): Promise<number> {
  const row = await db
    .selectFrom('dossiers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('archive_id', '=', archiveId)
    .where('riferimento_tipo', '=', ref.tipo)
    .where('riferimento_id', '=', ref.id)
    .where('tipo_origine', '=', origin)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findDossier(db: Db, archiveId: number, id: number): Promise<DossierRow | undefined> {
  return db
    .selectFrom('dossiers')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertDossier(db: Db, row: DossiersTable): Promise<void> {
  await db.insertInto('dossiers').values(row).execute();
}

/** Keeps a dossier's file count beside the writes of its files. */
export async function addToDossierFiles(
  db: Db,
  archiveId: number,
  dossierId: number,
  delta: number,
): Promise<void> {
  await db
    .updateTable('dossiers')
    .set((eb) => ({ numero_file: eb('numero_file', '+', delta) }))
    .where('archive_id', '=', archiveId)
    .where('id', '=', dossierId)
    .execute();
}

/** The files of some dossiers, by dossier and name. */
export async function filesOfDossiers(
  db: Db,
  archiveId: number,
  dossierIds: number[],
): Promise<AttachmentRow[]> {
  if (dossierIds.length === 0) return [];
  return db
    .selectFrom('attachments')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('fascicolo_id', 'in', dossierIds)
    .orderBy('fascicolo_id')
    .orderBy('nome_file')
    .execute();
}
