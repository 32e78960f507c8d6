import { type Kysely, sql, type Updateable } from 'kysely';
import { staleVersion } from '../shared/app-error.ts';
import type { Database } from './schema.ts';

/*
 * The optimistic lock every edit goes through: a row is written only if it still has the version the
 * caller read, and the write moves the version on. A row edited meanwhile, deleted, or living in
 * another archive (or under another parent) matches nothing, so nothing is overwritten.
 */

/** The tables whose rows carry an archive, an id and an edit version. */
export type VersionedTable = {
  [T in keyof Database]: Database[T] extends { archive_id: number; id: number; obj_version: number }
    ? T
    : never;
}[keyof Database];

/** The row a versioned write targets, as the caller read it. */
export interface VersionedKey<T extends VersionedTable> {
  archiveId: number;
  id: number;
  objVersion: number;
  /** Parent columns the row must also match, so a row is never reached through another parent. */
  within?: Partial<Record<keyof Database[T] & string, number>>;
}

/** The columns a caller writes: the keys and the version are the helper's. */
export type VersionedValues<T extends VersionedTable> = Omit<
  Updateable<Database[T]>,
  'archive_id' | 'id' | 'obj_version'
>;

/** The key of a row as read, for writing it back. */
export function keyOf(row: { archive_id: number; id: number; obj_version: number }) {
  return { archiveId: row.archive_id, id: row.id, objVersion: row.obj_version };
}

/** An update or delete of one table, as far as the filter below needs it. */
interface Filterable<Q> {
  // biome-ignore lint/suspicious/noExplicitAny: the column is a name or a reference (Kysely's own types)
  where(column: any, operator: '=', value: number): Q;
}

/** Narrows a write to the row at the version read, in its archive and parent. */
function atVersion<Q extends Filterable<Q>, T extends VersionedTable>(query: Q, key: VersionedKey<T>): Q {
  let narrowed = query
    .where('archive_id', '=', key.archiveId)
    .where('id', '=', key.id)
    .where('obj_version', '=', key.objVersion);
  for (const [column, value] of Object.entries(key.within ?? {})) {
    if (value !== undefined) narrowed = narrowed.where(sql.ref(column), '=', value as number);
  }
  return narrowed;
}

/**
 * Writes `values` if the row still has the version read; its new version, or undefined when no row
 * matched (stale, gone, or not in this archive or parent): for callers that tell those apart.
 */
export async function tryUpdateVersioned<T extends VersionedTable>(
  db: Kysely<Database>,
  table: T,
  key: VersionedKey<T>,
  values: VersionedValues<T>,
): Promise<number | undefined> {
  // Kysely types one table at a time; every versioned table has the columns used here.
  const query = db
    .updateTable(table as VersionedTable as 'activities')
    .set((eb) => ({ ...(values as object), obj_version: eb('obj_version', '+', 1) }));
  const result = await atVersion(query, key).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? key.objVersion + 1 : undefined;
}

/** Writes `values` if the row still has the version read and returns its new version; 115 otherwise. */
export async function updateVersioned<T extends VersionedTable>(
  db: Kysely<Database>,
  table: T,
  key: VersionedKey<T>,
  values: VersionedValues<T>,
): Promise<number> {
  const version = await tryUpdateVersioned(db, table, key, values);
  if (version === undefined) throw staleVersion();
  return version;
}

/**
 * Deletes the row if it still has the version read; whether it did. No row matches when it was edited
 * meanwhile, is gone, or lives in another archive or parent: for callers that tell those apart.
 */
export async function tryDeleteVersioned<T extends VersionedTable>(
  db: Kysely<Database>,
  table: T,
  key: VersionedKey<T>,
): Promise<boolean> {
  const query = db.deleteFrom(table as VersionedTable as 'activities');
  const result = await atVersion(query, key).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Deletes the row if it still has the version read; 115 otherwise. */
export async function deleteVersioned<T extends VersionedTable>(
  db: Kysely<Database>,
  table: T,
  key: VersionedKey<T>,
): Promise<void> {
  if (!(await tryDeleteVersioned(db, table, key))) throw staleVersion();
}
