import { type Kysely, sql } from 'kysely';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { deleteVersioned, updateVersioned, type VersionedKey } from '../../db/versioned.ts';
import { recordPartChange } from '../history/history.service.ts';

/*
 * The records a condominium owns (exercises, buildings, groups, insurance, cadastral data, register
 * entries, resources, funds) share one shape: archive_id, id, condominio_id (and esercizio_id under an
 * exercise), obj_version. One repository reads and writes them, always within the archive and the
 * parent they are asked under, so a record is never reached through another condominium's path.
 */

export type RecordTable =
  | 'exercises'
  | 'buildings'
  | 'unit_groups'
  | 'insurances'
  | 'cadastral_data'
  | 'admin_register'
  | 'resources'
  | 'funds';

/** Where a record lives: its archive, condominium and (for buildings and groups) exercise. */
export interface RecordParent {
  archiveId: number;
  condominioId: number;
  esercizioId?: number;
}

export type RecordRow<T extends RecordTable> = Database[T];
/** The columns a caller writes (keys, parent and version are the repository's). */
export type RecordValues<T extends RecordTable> = Omit<
  Database[T],
  | 'archive_id'
  | 'id'
  | 'condominio_id'
  | 'obj_version'
  | (T extends 'buildings' | 'unit_groups' ? 'esercizio_id' : never)
>;

// Kysely types one table at a time; these tables share the columns used here.
const as = (table: RecordTable) => table as 'insurances';

function scoped(db: Kysely<Database>, table: RecordTable, parent: RecordParent) {
  let query = db
    .selectFrom(as(table))
    .where('archive_id', '=', parent.archiveId)
    .where('condominio_id', '=', parent.condominioId);
  if (parent.esercizioId !== undefined)
    query = query.where(sql.ref('esercizio_id'), '=', parent.esercizioId) as typeof query;
  return query;
}

export interface ListOptions {
  /** Columns to order by (then id). */
  orderBy: ReadonlyArray<{ column: string; direction: 'asc' | 'desc' }>;
  /** Extra equality filters. */
  where?: Record<string, number>;
}

export async function listRecords<T extends RecordTable>(
  db: Kysely<Database>,
  table: T,
  parent: RecordParent,
  options: ListOptions,
): Promise<RecordRow<T>[]> {
  let query = scoped(db, table, parent).selectAll();
  for (const [column, value] of Object.entries(options.where ?? {}))
    query = query.where(sql.ref(column), '=', value);
  for (const { column, direction } of options.orderBy) query = query.orderBy(sql.ref(column), direction);
  return (await query.orderBy('id', 'desc').execute()) as unknown as RecordRow<T>[];
}

export async function findRecord<T extends RecordTable>(
  db: Kysely<Database>,
  table: T,
  parent: RecordParent,
  id: number,
): Promise<RecordRow<T> | undefined> {
  return (await scoped(db, table, parent).selectAll().where('id', '=', id).executeTakeFirst()) as
    | RecordRow<T>
    | undefined;
}

/** Each record's name in its condominium's history: the part ("Palazzina") and which one. */
const PARTS: Record<RecordTable, { part: string; name: (row: Record<string, unknown>) => string | null }> = {
  exercises: { part: 'esercizio', name: (r) => text(r.descrizione) },
  buildings: { part: 'palazzina', name: (r) => text(r.descrizione) },
  unit_groups: { part: 'gruppo', name: (r) => text(r.descrizione) },
  insurances: { part: 'assicurazione', name: (r) => joined(r.compagnia, r.numero_polizza) },
  cadastral_data: {
    part: 'datoCatastale',
    name: (r) => joined(r.foglio && `foglio ${r.foglio}`, r.particella && `particella ${r.particella}`),
  },
  admin_register: { part: 'registro', name: (r) => joined(r.data_evento, r.amministratore) },
  resources: { part: 'risorsa', name: (r) => text(r.descrizione) },
  funds: { part: 'fondo', name: (r) => text(r.descrizione) },
};

function text(value: unknown): string | null {
  return value === null || value === undefined || value === '' ? null : String(value);
}

function joined(...values: unknown[]): string | null {
  return text(values.map(text).filter(Boolean).join(' '));
}

/**
 * Writes the change of a record in its condominium's history (in `db`, the write's transaction):
 * `before` null when created, `after` null when deleted.
 */
export async function recordRecordChange(
  db: Kysely<Database>,
  table: RecordTable,
  parent: RecordParent,
  before: object | null,
  after: object | null,
): Promise<void> {
  const { part, name } = PARTS[table];
  await recordPartChange(db, parent.archiveId, 'condominio', parent.condominioId, part, name, before, after);
}

/** Inserts a record and writes its creation in the condominium's history (call it in a transaction). */
export async function insertRecord<T extends RecordTable>(
  db: Kysely<Database>,
  table: T,
  parent: RecordParent,
  values: RecordValues<T>,
): Promise<number> {
  const id = await nextId(db, parent.archiveId, table);
  const row = {
    ...values,
    archive_id: parent.archiveId,
    id,
    condominio_id: parent.condominioId,
    ...(parent.esercizioId !== undefined && (table === 'buildings' || table === 'unit_groups')
      ? { esercizio_id: parent.esercizioId }
      : {}),
    obj_version: 1,
  };
  await db
    .insertInto(as(table))
    .values(row as unknown as Database['insurances'])
    .execute();
  await recordRecordChange(db, table, parent, null, values);
  return id;
}

/** Updates when the version matches under this parent; 115 otherwise (stale or missing). */
export async function updateRecord<T extends RecordTable>(
  db: Kysely<Database>,
  table: T,
  parent: RecordParent,
  id: number,
  objVersion: number,
  values: Partial<RecordValues<T>>,
): Promise<void> {
  // Buildings and groups also live under their exercise (esercizio_id, absent from the type used).
  const within = {
    condominio_id: parent.condominioId,
    esercizio_id: parent.esercizioId,
  } as VersionedKey<'insurances'>['within'];
  const key = { archiveId: parent.archiveId, id, objVersion, within };
  await updateVersioned(db, as(table), key, values as Partial<RecordValues<'insurances'>>);
}

export async function deleteRecord(
  db: Kysely<Database>,
  table: RecordTable,
  parent: RecordParent,
  id: number,
  objVersion: number,
): Promise<void> {
  // Buildings and groups also live under their exercise (esercizio_id, absent from the type used).
  const within = {
    condominio_id: parent.condominioId,
    esercizio_id: parent.esercizioId,
  } as VersionedKey<'insurances'>['within'];
  await deleteVersioned(db, as(table), { archiveId: parent.archiveId, id, objVersion, within });
}

/** Whether any row of `table` in the archive has `column` = value (a usage check before a delete). */
export async function anyRow(
  db: Kysely<Database>,
  archiveId: number,
  table: keyof Database,
  where: Record<string, number>,
): Promise<boolean> {
  let query = db
    .selectFrom(table as 'insurances')
    .select(sql.lit(1).as('one'))
    .where('archive_id', '=', archiveId);
  for (const [column, value] of Object.entries(where)) query = query.where(sql.ref(column), '=', value);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/** The texts of a lookup of the archive (register events, resource types), by id. */
export async function lookupTexts(
  db: Kysely<Database>,
  archiveId: number,
  table: 'admin_register_event_types' | 'resource_types',
): Promise<Array<{ id: number; testo: string }>> {
  const rows = await db
    .selectFrom(table)
    .select(['id', 'testo'])
    .where('archive_id', '=', archiveId)
    .orderBy('testo_sort')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), testo: r.testo }));
}
