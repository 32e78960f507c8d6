import {
  Area,
  type FieldChange,
  type HistoryAction,
  type HistoryEntry,
  type HistoryKind,
  type HistoryPage,
  type HistoryVia,
} from '@stabile/contract';
import type { Insertable, Kysely } from 'kysely';
import { v7 as uuidv7 } from 'uuid';
import { shapedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Scope } from '../../shared/scope.ts';
import { changeAuthor } from './history-context.ts';

/** A record as its write function has it: a row, or the values it writes. */
type Fields = object | null | undefined;

/**
 * Columns that are not the record's content: identity, versions, timestamps, search documents and
 * counters kept for the lists.
 */
const IGNORED = new Set([
  'archive_id',
  'id',
  'obj_version',
  'created_at',
  'updated_at',
  'ultimo_aggiornamento',
  'search_doc',
  'search_vector',
  'descr_sort',
  'denominazione_sort',
  'intestazione_sort',
  'saldo_ts_pay_cents',
  'saldo_ts_pay_at',
  // Credentials of the file's content: never shown, not even as a change.
  'chiave_download',
  'storage_key',
  'durc_stato',
  'stato_gruppo',
  'dati_incompleti',
  'avvisi',
  'interventi_in_corso',
]);

type Value = string | number | boolean | null;

function plain(value: unknown): Value {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  return JSON.stringify(value);
}

/** Equal as the user sees them: an id read as text on one side and as a number on the other is one value. */
function same(a: Value, b: Value): boolean {
  return a === b || (a !== null && b !== null && String(a) === String(b));
}

/**
 * The fields that differ between `before` and `after` (null for a record created or deleted). An
 * `after` holding only the written values is enough: a field it does not name did not change.
 */
export function fieldChanges(before: Fields, after: Fields): FieldChange[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const changes: FieldChange[] = [];
  for (const field of Object.keys(after ? a : b)) {
    if (IGNORED.has(field)) continue;
    const was = plain(b[field]);
    const is = after ? plain(a[field]) : null;
    if (!same(was, is)) changes.push({ field, before: was, after: is });
  }
  return changes;
}

/** One record's change: `before` null when created, `after` null when deleted. */
export interface RecordChange {
  id: number;
  before: Fields;
  after: Fields;
}

/**
 * Writes the change of one record in the transaction that makes it (`trx`), so the change cannot
 * commit without its history. Nothing is written when no field changed.
 */
export async function recordChange(
  trx: Kysely<Database>,
  archiveId: number,
  kind: HistoryKind,
  recordId: number,
  before: Fields,
  after: Fields,
): Promise<void> {
  await recordChanges(trx, archiveId, kind, [{ id: recordId, before, after }]);
}

/** The same for many records of one kind changed together (an issue of instalments): one insert per 500. */
export async function recordChanges(
  trx: Kysely<Database>,
  archiveId: number,
  kind: HistoryKind,
  records: readonly RecordChange[],
): Promise<void> {
  await insertHistory(
    trx,
    archiveId,
    kind,
    records.map((record) => ({
      id: record.id,
      action: !record.before ? 'creazione' : !record.after ? 'eliminazione' : 'modifica',
      changes: fieldChanges(record.before, record.after),
    })),
  );
}

/** Rows of history already diffed: a `modifica` without changes is not written. */
async function insertHistory(
  trx: Kysely<Database>,
  archiveId: number,
  kind: HistoryKind,
  records: ReadonlyArray<{ id: number; action: HistoryAction; changes: FieldChange[] }>,
): Promise<void> {
  const author = changeAuthor();
  const at = new Date().toISOString();
  const rows = [];
  for (const { id, action, changes } of records) {
    if (changes.length === 0 && action === 'modifica') continue;
    rows.push({
      archive_id: archiveId,
      // Time-ordered: two changes of a record in the same millisecond keep their order (at, then id).
      id: uuidv7(),
      kind,
      record_id: id,
      at,
      account_id: author.accountId,
      archive_user_id: author.archiveUserId,
      via: author.via,
      action,
      changes: JSON.stringify(changes),
    });
  }
  if (rows.length === 0) return;
  if (rows.length <= SHAPED_ROWS) {
    const values: Record<string, unknown> = {};
    rows.forEach((row, i) => {
      for (const column of HISTORY_COLUMNS) values[`${column}${i}`] = row[column];
    });
    await insertHistoryQuery(trx, rows.length, values);
    return;
  }
  for (let i = 0; i < rows.length; i += 500) {
    await trx
      .insertInto('record_history')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/**
 * A few rows of history (most writes: one record, or the few instalments of a payment) go through
 * a statement built once per number of rows: building and compiling the insert cost as much as the
 * rest of a payment's statements together.
 */
const SHAPED_ROWS = 16;
const HISTORY_COLUMNS = [
  'archive_id',
  'id',
  'kind',
  'record_id',
  'at',
  'account_id',
  'archive_user_id',
  'via',
  'action',
  'changes',
] as const satisfies ReadonlyArray<keyof Insertable<Database['record_history']>>;
const insertHistoryQuery = shapedQuery((db, count: number, v: Record<string, unknown>) =>
  db
    .insertInto('record_history')
    .values(
      Array.from(
        { length: count },
        (_, i) =>
          Object.fromEntries(HISTORY_COLUMNS.map((c) => [c, v[`${c}${i}`]])) as Insertable<
            Database['record_history']
          >,
      ),
    ),
);

/** Columns of a part that only say where it lives: the parent's history already says it. */
const PARENT_COLUMNS = new Set(['condominio_id', 'attivita_id', 'rata_id', 'parte_comune_id']);

function prefixed(part: string, row: Fields, keys: readonly string[]): Record<string, unknown> {
  const values = (row ?? {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    if (!PARENT_COLUMNS.has(key) && !IGNORED.has(key)) out[`${part}.${key}`] = values[key];
  }
  return out;
}

/**
 * The change of a part of a record (an exercise of a condominium, a service of a common part, an
 * intervention of an activity) written in the parent's history as a `modifica` of the parent: each
 * field is named `part.column` (the web labels it, e.g. "Assicurazione: compagnia"), and when a field
 * changed, a first change named `part` says which one (its name before and after: "—" when created
 * or deleted). `before` null when the part is created, `after` null when it is deleted.
 */
export async function recordPartChange(
  trx: Kysely<Database>,
  archiveId: number,
  kind: HistoryKind,
  parentId: number,
  part: string,
  name: (row: Record<string, unknown>) => string | null,
  before: Fields,
  after: Fields,
): Promise<void> {
  const keys = Object.keys((after ?? before ?? {}) as object);
  const changes = fieldChanges(prefixed(part, before, keys), prefixed(part, after ?? {}, keys));
  if (changes.length === 0) return;
  const nameOf = (row: Fields) => (row ? plain(name(row as Record<string, unknown>)) : null);
  changes.unshift({
    field: part,
    before: nameOf(before),
    after: nameOf(after ? { ...before, ...after } : null),
  });
  await insertHistory(trx, archiveId, kind, [{ id: parentId, action: 'modifica', changes }]);
}

/** Lets an archive's history rows go with the archive (the only delete the database allows). */
export async function allowHistoryRemoval(db: Kysely<Database>, archiveId: number): Promise<void> {
  await db
    .insertInto('record_history_removals')
    .values({ removed_archive_id: archiveId })
    .onConflict((oc) => oc.column('removed_archive_id').doNothing())
    .execute();
}

/** Each kind's table and the area of its own detail call (none: archive-wide, as its detail). */
const KINDS: Record<
  HistoryKind,
  {
    table:
      | 'activities'
      | 'persons'
      | 'providers'
      | 'condominiums'
      | 'common_parts'
      | 'instalments'
      | 'attachments';
    area: Area | null;
  }
> = {
  attivita: { table: 'activities', area: Area.Activities },
  contatto: { table: 'persons', area: Area.People },
  fornitore: { table: 'providers', area: Area.Providers },
  condominio: { table: 'condominiums', area: null },
  parteComune: { table: 'common_parts', area: Area.Plants },
  rata: { table: 'instalments', area: null },
  allegato: { table: 'attachments', area: Area.Attachments },
};

const VIAS = new Set<string>(['web', 'fornitore', 'portale', 'coda', 'sistema']);

/** `at|id` of the last entry of a page: the next page starts after it. */
function cursorOf(entry: { at: string; id: string }): string {
  return `${entry.at}|${entry.id}`;
}

function parseCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  const [at, id, ...rest] = cursor.split('|');
  if (!at || !id || rest.length > 0) {
    throw new AppError(113, 'Il cursore della cronologia non è valido.', {
      details: [{ path: 'cursor', message: 'Cursore non valido' }],
    });
  }
  return { at, id };
}

async function recordExists(db: Kysely<Database>, archiveId: number, kind: HistoryKind, id: number) {
  const row = await db
    .selectFrom(KINDS[kind].table)
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * One page of a record's history, newest first. The caller needs the area of the record's detail
 * (120); a record the archive does not hold, nor ever held, is 122.
 */
export async function listHistory(
  db: Kysely<Database>,
  scope: Scope,
  kind: HistoryKind,
  recordId: number,
  page: { cursor?: string | undefined; limit: number },
): Promise<HistoryPage> {
  const area = KINDS[kind].area;
  if (area && !scope.permissions[area]) throw new AppError(120);
  const after = parseCursor(page.cursor);
  let query = db
    .selectFrom('record_history as h')
    .leftJoin('accounts as a', 'a.id', 'h.account_id')
    .leftJoin('archive_users as u', (join) =>
      join.onRef('u.archive_id', '=', 'h.archive_id').onRef('u.id', '=', 'h.archive_user_id'),
    )
    .select([
      'h.id',
      'h.at',
      'h.account_id',
      'h.archive_user_id',
      'h.via',
      'h.action',
      'h.changes',
      'a.display_name as account_name',
      'u.display_name as user_name',
    ])
    .where('h.archive_id', '=', scope.archiveId)
    .where('h.kind', '=', kind)
    .where('h.record_id', '=', recordId);
  if (after) {
    query = query.where((eb) =>
      eb.or([eb('h.at', '<', after.at), eb.and([eb('h.at', '=', after.at), eb('h.id', '<', after.id)])]),
    );
  }
  const rows = await query
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(page.limit + 1)
    .execute();
  if (rows.length === 0 && !after && !(await recordExists(db, scope.archiveId, kind, recordId))) {
    throw new AppError(122, 'Il record richiesto non esiste.');
  }
  const entries: HistoryEntry[] = rows.slice(0, page.limit).map((row) => ({
    id: row.id,
    at: row.at,
    accountId: row.account_id === null ? null : Number(row.account_id),
    archiveUserId: row.archive_user_id === null ? null : Number(row.archive_user_id),
    who: row.user_name ?? row.account_name ?? null,
    via: (VIAS.has(row.via) ? row.via : 'sistema') as HistoryVia,
    action: row.action as HistoryAction,
    changes: JSON.parse(row.changes) as FieldChange[],
  }));
  const last = entries.at(-1);
  return { entries, nextCursor: rows.length > page.limit && last ? cursorOf(last) : null };
}
