import { AttachmentReferenceType, COUNT_CAP, SEARCH_COUNT_CAP } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { preparedQuery, shapedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { deleteVersioned, updateVersioned } from '../../db/versioned.ts';
import { inOrder, pgAnyMatches, searchPageIds } from '../condominiums/registry-search.ts';
import { searchTerms } from '../people/people-search.ts';
import type { CommonPartServicesTable, CommonPartsTable } from './common-part.table.ts';

/*
 * Plain Kysely functions over the common parts and their services. Each takes the archive id and
 * every query filters by it (joined tables on the same archive_id).
 */

type Db = Kysely<Database>;

/** FTS5 rowid = archive_id * 2^32 + id (migration 0003), so one archive is one rowid range. */
const ROWID_BASE = 4294967296;

export interface CommonPartFilters {
  condominioId?: number | undefined;
  categoria?: number | undefined;
  tipo?: number | undefined;
  search?: string | undefined;
  /** A search whose caller ranks the hits itself (search everything): see RegistrySearch.anyMatches. */
  anyMatches?: boolean | undefined;
}

export function findCondominium(db: Db, archiveId: number, id: number) {
  return db
    .selectFrom('condominiums')
    .select(['id', 'intestazione'])
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function providerExists(db: Db, archiveId: number, id: number) {
  return db
    .selectFrom('providers')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What decides the SQL of a list query: which filters are set and how it searches. */
interface ListShape {
  condominio: boolean;
  categoria: boolean;
  tipo: boolean;
  search: 'none' | 'fts' | 'tsquery';
}

/**
 * The common parts matching the filters. Without a search the walk follows an index that serves the
 * filter and the order: (condominio_id, categoria, denominazione_sort), (categoria, tipo,
 * denominazione_sort) or (denominazione_sort). A search reads the full-text index (FTS5 rowid range
 * of the archive on SQLite, GIN tsvector on PostgreSQL): every term is a prefix, all are required.
 * `v` holds the values (placeholders when the shape is compiled).
 */
function matching(db: Db, s: ListShape, v: Record<string, unknown>) {
  let query = db.selectFrom('common_parts as p').where('p.archive_id', '=', v.archiveId as number);
  if (s.condominio) query = query.where('p.condominio_id', '=', v.condominioId as number);
  if (s.categoria) query = query.where('p.categoria', '=', v.categoria as number);
  if (s.tipo) query = query.where('p.tipo', '=', v.tipo as number);
  if (s.search === 'fts') {
    query = query.where(
      sql<SqlBool>`p.id in (select rowid - ${v.low} from common_parts_fts where common_parts_fts match ${v.match} and rowid between ${v.low} and ${v.high})`,
    );
  } else if (s.search === 'tsquery') {
    query = query.where(sql<SqlBool>`p.search_vector @@ to_tsquery('simple', ${v.query})`);
  }
  return query;
}

/** The shape and the values of a list query. */
function listInputs(dialect: DialectName, archiveId: number, filters: CommonPartFilters) {
  const terms = filters.search ? searchTerms(filters.search) : [];
  const shape: ListShape = {
    condominio: filters.condominioId !== undefined,
    categoria: filters.categoria !== undefined,
    tipo: filters.tipo !== undefined,
    search: terms.length === 0 ? 'none' : dialect === 'sqlite' ? 'fts' : 'tsquery',
  };
  const low = archiveId * ROWID_BASE;
  const values: Record<string, unknown> = {
    archiveId,
    ...(shape.condominio ? { condominioId: filters.condominioId } : {}),
    ...(shape.categoria ? { categoria: filters.categoria } : {}),
    ...(shape.tipo ? { tipo: filters.tipo } : {}),
    ...(shape.search === 'fts'
      ? { low, high: low + ROWID_BASE - 1, match: terms.map((t) => `"${t}"*`).join(' ') }
      : {}),
    ...(shape.search === 'tsquery' ? { query: terms.map((t) => `${t}:*`).join(' & ') } : {}),
  };
  return { shape, values };
}

const LIST_COLUMNS = [
  'p.id',
  'p.condominio_id',
  'c.intestazione',
  'p.categoria',
  'p.tipo',
  'p.denominazione',
  'p.ubicazione',
  'p.note',
] as const;

// Built and compiled once per shape: building a query costs more than running this one.
const listRows = shapedQuery((db, s: ListShape, v: Record<string, unknown>) =>
  matching(db, s, v)
    .innerJoin('condominiums as c', (join) =>
      join.onRef('c.archive_id', '=', 'p.archive_id').onRef('c.id', '=', 'p.condominio_id'),
    )
    .select(LIST_COLUMNS)
    .orderBy('p.denominazione_sort')
    .orderBy('p.id')
    .limit(v.limit as number)
    .offset(v.offset as number),
);

/**
 * PostgreSQL, a search: the ids of a page, from the name-order index alone; their rows are read after
 * (pgRowsByIds). The index INCLUDEs the search vector (migration 0072), so each entry's vector is
 * tested without reading its row; asked for the list's columns in the same query, PostgreSQL read the
 * table's row of every entry it tested, most of them not matching ("ascensore": 2,898 entries for 15
 * matches among 22,000 common parts), and that grew with the archive. Two statements rather than the
 * page joined to its rows in one: searches are planned on every run, and the larger statement cost as
 * much to plan as the second round trip, more when nothing matches.
 */
const pgSearchPageIds = shapedQuery((db, s: ListShape, v: Record<string, unknown>) =>
  matching(db, s, v)
    .select('p.id')
    .orderBy('p.denominazione_sort')
    .orderBy('p.id')
    .limit(v.limit as number)
    .offset(v.offset as number),
);

/** A search's total is counted up to SEARCH_COUNT_CAP, a list's up to COUNT_CAP (then "oltre"). */
const capOf = (s: ListShape) => (s.search === 'none' ? COUNT_CAP : SEARCH_COUNT_CAP);

// Every part has its condominium (foreign key), so the count needs no join.
const countRows = shapedQuery((db, s: ListShape, v: Record<string, unknown>) =>
  db
    .selectFrom(
      matching(db, s, v)
        .select(sql`1`.as('one'))
        .limit(capOf(s) + 1)
        .as('t'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n')),
);

export function listCommonParts(
  db: Db,
  dialect: DialectName,
  archiveId: number,
  filters: CommonPartFilters,
  page: { limit: number; offset: number },
) {
  const { shape, values } = listInputs(dialect, archiveId, filters);
  return listRows(db, shape, { ...values, ...page });
}

export type CommonPartListRow = Awaited<ReturnType<typeof listCommonParts>>[number];

/** How many common parts match, counted up to the cap of capOf (then "oltre"). */
export async function countCommonParts(
  db: Db,
  dialect: DialectName,
  archiveId: number,
  filters: CommonPartFilters,
): Promise<{ totalCount: number; capped: boolean }> {
  const { shape, values } = listInputs(dialect, archiveId, filters);
  const [row] = await countRows(db, shape, values);
  const n = Number(row?.n ?? 0);
  const cap = capOf(shape);
  return n > cap ? { totalCount: cap, capped: true } : { totalCount: n, capped: false };
}

/**
 * One page of the list and its total up to its cap (capOf). A search on SQLite reads the page and the total
 * in one pass over the FTS index and the name order (registry-search.ts); otherwise the page and the
 * capped count are two walks of the index that serves the filters.
 */
export async function listCommonPartPage(
  db: Db,
  dialect: DialectName,
  archiveId: number,
  filters: CommonPartFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: CommonPartListRow[]; totalCount: number; capped: boolean }> {
  const { shape, values } = listInputs(dialect, archiveId, filters);
  if (
    shape.search === 'tsquery' &&
    filters.anyMatches &&
    !shape.condominio &&
    !shape.categoria &&
    !shape.tipo
  ) {
    const found = await pgAnyMatches(db, 'common_parts', archiveId, values.query as string, page);
    const rows = found.ids.length === 0 ? [] : await pgRowsByIds(db, archiveId, found.ids);
    return { rows: inOrder(found.ids, rows), totalCount: found.total, capped: found.capped };
  }
  if (shape.search === 'tsquery') {
    const [pageIds, count] = await Promise.all([
      pgSearchPageIds(db, shape, { ...values, ...page }),
      countCommonParts(db, dialect, archiveId, filters),
    ]);
    const ids = pageIds.map((r) => Number(r.id));
    const rows = ids.length === 0 ? [] : await pgRowsByIds(db, archiveId, ids);
    return { rows: inOrder(ids, rows), ...count };
  }
  if (shape.search !== 'fts') {
    const [rows, count] = await Promise.all([
      listCommonParts(db, dialect, archiveId, filters, page),
      countCommonParts(db, dialect, archiveId, filters),
    ]);
    return { rows, ...count };
  }
  const predicates: RawBuilder<SqlBool>[] = [];
  if (shape.condominio) predicates.push(sql<SqlBool>`c.condominio_id = ${filters.condominioId}`);
  if (shape.categoria) predicates.push(sql<SqlBool>`c.categoria = ${filters.categoria}`);
  if (shape.tipo) predicates.push(sql<SqlBool>`c.tipo = ${filters.tipo}`);
  const found = await searchPageIds(db, {
    table: 'common_parts',
    sortColumn: 'denominazione_sort',
    archiveId,
    match: values.match as string,
    filters: predicates,
    ...page,
    anyMatches: filters.anyMatches,
  });
  const rows = found.ids.length === 0 ? [] : await rowsByIds(db, archiveId, JSON.stringify(found.ids));
  return { rows: inOrder(found.ids, rows), totalCount: found.total, capped: found.capped };
}

/** PostgreSQL: the list rows of some ids, in no order. */
const pgRowsByIds = preparedQuery((db, archiveId: number, ids: number[]) =>
  db
    .selectFrom('common_parts as p')
    .innerJoin('condominiums as c', (join) =>
      join.onRef('c.archive_id', '=', 'p.archive_id').onRef('c.id', '=', 'p.condominio_id'),
    )
    .select(LIST_COLUMNS)
    .where('p.archive_id', '=', archiveId)
    .where(sql<SqlBool>`p.id = any(${ids})`),
);

/** SQLite: the list rows of a page's ids (a JSON array), compiled once. */
const rowsByIds = preparedQuery((db, archiveId: number, ids: string) =>
  db
    .selectFrom('common_parts as p')
    .innerJoin('condominiums as c', (join) =>
      join.onRef('c.archive_id', '=', 'p.archive_id').onRef('c.id', '=', 'p.condominio_id'),
    )
    .select(LIST_COLUMNS)
    .where('p.archive_id', '=', archiveId)
    .where(sql<SqlBool>`p.id in (select value from json_each(${ids}))`),
);

/** One common part of a condominium (of the given category), with its condominium and services count. */
export function findCommonPart(
  db: Db,
  archiveId: number,
  condominioId: number,
  id: number,
  categoria: number,
) {
  return db
    .selectFrom('common_parts as p')
    .innerJoin('condominiums as c', (join) =>
      join.onRef('c.archive_id', '=', 'p.archive_id').onRef('c.id', '=', 'p.condominio_id'),
    )
    .selectAll('p')
    .select('c.intestazione')
    .select((eb) =>
      eb
        .selectFrom('common_part_services as s')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('s.archive_id', '=', 'p.archive_id')
        .whereRef('s.parte_comune_id', '=', 'p.id')
        .as('numero_servizi'),
    )
    .where('p.archive_id', '=', archiveId)
    .where('p.condominio_id', '=', condominioId)
    .where('p.id', '=', id)
    .where('p.categoria', '=', categoria)
    .executeTakeFirst();
}

export type CommonPartRow = NonNullable<Awaited<ReturnType<typeof findCommonPart>>>;

export type CommonPartValues = Omit<
  CommonPartsTable,
  'archive_id' | 'id' | 'condominio_id' | 'categoria' | 'created_at' | 'updated_at' | 'obj_version'
>;

export async function insertCommonPart(
  db: Db,
  archiveId: number,
  row: { id: number; condominio_id: number; categoria: number; now: string } & CommonPartValues,
): Promise<void> {
  const { now, ...values } = row;
  await db
    .insertInto('common_parts')
    .values({ ...values, archive_id: archiveId, created_at: now, updated_at: now, obj_version: 1 })
    .execute();
}

/** Writes the values if the row is at `objVersion`; 115 when it is not (or is gone). */
export async function updateCommonPart(
  db: Db,
  archiveId: number,
  key: { condominioId: number; id: number; categoria: number },
  objVersion: number,
  values: CommonPartValues & { updated_at: string },
): Promise<void> {
  const within = { condominio_id: key.condominioId, categoria: key.categoria };
  await updateVersioned(db, 'common_parts', { archiveId, id: key.id, objVersion, within }, values);
}

/** Whether files (attachments or dossiers) are kept under the common part. */
export async function hasFiles(db: Db, archiveId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('dossiers')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('riferimento_tipo', '=', AttachmentReferenceType.CommonPart)
    .where('riferimento_id', '=', id)
    .union(
      db
        .selectFrom('attachments')
        .select('id')
        .where('archive_id', '=', archiveId)
        .where('riferimento_tipo', '=', AttachmentReferenceType.CommonPart)
        .where('riferimento_id', '=', id),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes a common part at `objVersion` with its services; false when the version is not current. */
export async function deleteCommonPart(
  db: Db,
  archiveId: number,
  key: { condominioId: number; id: number },
  objVersion: number,
): Promise<void> {
  await db
    .deleteFrom('common_part_services')
    .where('archive_id', '=', archiveId)
    .where('parte_comune_id', '=', key.id)
    .execute();
  const within = { condominio_id: key.condominioId };
  await deleteVersioned(db, 'common_parts', { archiveId, id: key.id, objVersion, within });
}

// ---------------------------------------------------------------------------- services

function services(db: Db, archiveId: number, condominioId: number) {
  return db
    .selectFrom('common_part_services as s')
    .innerJoin('common_parts as p', (join) =>
      join.onRef('p.archive_id', '=', 's.archive_id').onRef('p.id', '=', 's.parte_comune_id'),
    )
    .leftJoin('providers as f', (join) =>
      join.onRef('f.archive_id', '=', 's.archive_id').onRef('f.id', '=', 's.fornitore_id'),
    )
    .selectAll('s')
    .select([
      'p.denominazione as parte_denominazione',
      'p.categoria as parte_categoria',
      'f.descr as fornitore_descr',
    ])
    .where('s.archive_id', '=', archiveId)
    .where('s.condominio_id', '=', condominioId);
}

type ServiceQuery = ReturnType<typeof services>;
export type ServiceRow = ServiceQuery extends SelectQueryBuilder<infer _D, infer _T, infer O> ? O : never;

/** Services of a condominium (of one common part, of one type), by common part then id. */
export function listServices(
  db: Db,
  archiveId: number,
  condominioId: number,
  filters: { parteComuneId?: number; tipoServizio?: number | undefined },
) {
  let query = services(db, archiveId, condominioId);
  if (filters.parteComuneId !== undefined)
    query = query.where('s.parte_comune_id', '=', filters.parteComuneId);
  if (filters.tipoServizio !== undefined) query = query.where('s.tipo_servizio', '=', filters.tipoServizio);
  return query.orderBy('p.denominazione_sort').orderBy('s.parte_comune_id').orderBy('s.id').execute();
}

export function findService(db: Db, archiveId: number, condominioId: number, id: number) {
  return services(db, archiveId, condominioId).where('s.id', '=', id).executeTakeFirst();
}

export type ServiceValues = Pick<
  CommonPartServicesTable,
  | 'tipo_servizio'
  | 'fornitore_id'
  | 'descrizione'
  | 'periodicita_mesi'
  | 'data_ultima'
  | 'prossima_scadenza'
  | 'riferimento_contratto'
  | 'note'
>;

export async function insertService(
  db: Db,
  archiveId: number,
  row: { id: number; condominio_id: number; parte_comune_id: number } & ServiceValues,
): Promise<void> {
  await db
    .insertInto('common_part_services')
    .values({
      ...row,
      archive_id: archiveId,
      data_inizio: null,
      data_fine: null,
      importo_cents: null,
      obj_version: 1,
    })
    .execute();
}

export async function updateService(
  db: Db,
  archiveId: number,
  key: { condominioId: number; id: number },
  objVersion: number,
  values: ServiceValues,
): Promise<void> {
  const within = { condominio_id: key.condominioId };
  await updateVersioned(db, 'common_part_services', { archiveId, id: key.id, objVersion, within }, values);
}

export async function deleteService(
  db: Db,
  archiveId: number,
  key: { condominioId: number; id: number },
  objVersion: number,
): Promise<void> {
  const within = { condominio_id: key.condominioId };
  await deleteVersioned(db, 'common_part_services', { archiveId, id: key.id, objVersion, within });
}

/**
 * Every common part of the list's search and filters, in its order, without a page, with its
 * condominium: what an export streams (decision 0025).
 */
export function commonPartsForExport(
  db: Db,
  dialect: DialectName,
  archiveId: number,
  filters: CommonPartFilters,
) {
  const { shape, values } = listInputs(dialect, archiveId, filters);
  return matching(db, shape, values)
    .innerJoin('condominiums as c', (join) =>
      join.onRef('c.archive_id', '=', 'p.archive_id').onRef('c.id', '=', 'p.condominio_id'),
    )
    .select(LIST_COLUMNS)
    .orderBy('p.denominazione_sort')
    .orderBy('p.id');
}
