import { COUNT_CAP, InstalmentGroupType } from '@stabile/contract';
import { type Insertable, type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import { preparedQuery, shapedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { recordChanges } from '../history/history.service.ts';
import { DEBT_TYPES } from './distribution.ts';

/*
 * Plain Kysely reads and writes of instalments, payments, refunds, allocations and movements. Every
 * query filters by archive_id first, and walks an index of the exercise (an exercise has tens or a
 * few hundred units: the lists of one exercise stay small however large the archive grows).
 *
 * The reads of the group list and of the detail are prepared queries (db/prepared.ts): built and
 * compiled by Kysely once per shape. A group page or a detail runs five to nine small queries:
 * building and compiling them cost more server time than running them. A list of ids stays a
 * literal `in (?, ?, ...)` (its length is part of the shape): as one JSON parameter (db/dialect.ts
 * idList) SQLite walked the whole exercise with a Bloom filter instead of seeking each id.
 */

type Db = Kysely<Database>;

/** The exercise with its condominium, or undefined. */
export async function findExercise(db: Db, archiveId: number, esercizioId: number) {
  return (await exerciseQuery(db, archiveId, esercizioId))[0];
}
const exerciseQuery = preparedQuery((db, archiveId: number, esercizioId: number) =>
  db
    .selectFrom('exercises as e')
    .innerJoin('condominiums as c', (j) =>
      j.onRef('c.archive_id', '=', 'e.archive_id').onRef('c.id', '=', 'e.condominio_id'),
    )
    .select(['e.id', 'e.condominio_id', 'e.descrizione', 'e.chiuso', 'c.intestazione'])
    .where('e.archive_id', '=', archiveId)
    .where('e.id', '=', esercizioId),
);

/** A registry of an exercise with its person's name. */
export async function findRegistry(db: Db, archiveId: number, esercizioId: number, anagraficaId: number) {
  return (await registryQuery(db, archiveId, esercizioId, anagraficaId))[0];
}
const registryQuery = preparedQuery((db, archiveId: number, esercizioId: number, anagraficaId: number) =>
  db
    .selectFrom('registries as r')
    .innerJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'r.archive_id').onRef('p.id', '=', 'r.persona_id'),
    )
    .select(['r.id', 'r.persona_id', 'p.descr'])
    .where('r.archive_id', '=', archiveId)
    .where('r.esercizio_id', '=', esercizioId)
    .where('r.id', '=', anagraficaId),
);

/**
 * PostgreSQL: the registry of findRegistry, its row locked until the transaction ends (in the same
 * round trip), so two operations on one group run one after the other.
 */
export async function lockRegistry(db: Db, archiveId: number, esercizioId: number, anagraficaId: number) {
  return (await registryLockQuery(db, archiveId, esercizioId, anagraficaId))[0];
}
const registryLockQuery = preparedQuery((db, archiveId: number, esercizioId: number, anagraficaId: number) =>
  db
    .selectFrom('registries as r')
    .innerJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'r.archive_id').onRef('p.id', '=', 'r.persona_id'),
    )
    .select(['r.id', 'r.persona_id', 'p.descr'])
    .where('r.archive_id', '=', archiveId)
    .where('r.esercizio_id', '=', esercizioId)
    .where('r.id', '=', anagraficaId)
    .forUpdate('r'),
);

/** The values of a shaped query: the archive and exercise, and the ids of its lists (idValues). */
type Values = { archiveId: number; esercizioId: number } & Record<string, unknown>;
type ArchiveValues = { archiveId: number } & Record<string, unknown>;

/** The length of a list of ids, as a shape: null for no list. */
const lengthOf = (ids: readonly number[] | null | undefined) => (ids ? ids.length : null);

/** The ids of a list as values of their own: `${name}0`, `${name}1`... */
function idValues(name: string, ids: readonly number[] | null | undefined): Record<string, number> {
  return Object.fromEntries((ids ?? []).map((id, i) => [`${name}${i}`, id]));
}

/** The placeholders of a list of `n` ids while a query is built; an empty list matches nothing. */
function idsIn(v: ArchiveValues, name: string, n: number): number[] {
  return n ? Array.from({ length: n }, (_, i) => v[`${name}${i}`] as number) : [-1];
}

/** The names of some registries of an exercise (their persons' names). */
export function registryNames(db: Db, archiveId: number, esercizioId: number, ids: readonly number[]) {
  return registryNamesQuery(db, { ids: ids.length }, { archiveId, esercizioId, ...idValues('r', ids) });
}
const registryNamesQuery = shapedQuery((db, shape: { ids: number }, v: Values) =>
  db
    .selectFrom('registries as r')
    .innerJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'r.archive_id').onRef('p.id', '=', 'r.persona_id'),
    )
    .select(['r.id', 'p.descr'])
    .where('r.archive_id', '=', v.archiveId)
    .where('r.esercizio_id', '=', v.esercizioId)
    .where('r.id', 'in', idsIn(v, 'r', shape.ids)),
);

export function unitsOfExercise(db: Db, archiveId: number, esercizioId: number, ids?: readonly number[]) {
  return unitsQuery(db, { ids: lengthOf(ids) }, { archiveId, esercizioId, ...idValues('u', ids) });
}
const unitsQuery = shapedQuery((db, shape: { ids: number | null }, v: Values) => {
  let q = db
    .selectFrom('units')
    .select(['id', 'descrizione'])
    .where('archive_id', '=', v.archiveId)
    .where('esercizio_id', '=', v.esercizioId);
  if (shape.ids !== null) q = q.where('id', 'in', idsIn(v, 'u', shape.ids));
  return q.orderBy('ordine').orderBy('id').limit(+5000);
});

/** Roles of registries on units of an exercise: for some registries, some units, or all. */
export function rolesOf(
  db: Db,
  archiveId: number,
  esercizioId: number,
  by: { anagraficaIds?: readonly number[]; unitaIds?: readonly number[] },
) {
  return rolesQuery(
    db,
    { anagrafiche: lengthOf(by.anagraficaIds), unita: lengthOf(by.unitaIds) },
    { archiveId, esercizioId, ...idValues('a', by.anagraficaIds), ...idValues('u', by.unitaIds) },
  );
}
/** Which lists of ids a query of registries' or units' rows has, and their lengths. */
type ByShape = { anagrafiche: number | null; unita: number | null };
const rolesQuery = shapedQuery((db, shape: ByShape, v: Values) => {
  let q = db
    .selectFrom('registry_units as ru')
    .innerJoin('units as u', (j) =>
      j.onRef('u.archive_id', '=', 'ru.archive_id').onRef('u.id', '=', 'ru.unita_id'),
    )
    .innerJoin('registries as r', (j) =>
      j.onRef('r.archive_id', '=', 'ru.archive_id').onRef('r.id', '=', 'ru.anagrafica_id'),
    )
    .innerJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'r.archive_id').onRef('p.id', '=', 'r.persona_id'),
    )
    .select([
      'ru.anagrafica_id',
      'ru.unita_id',
      'ru.ruolo',
      'ru.quota',
      'u.descrizione as unita_descr',
      'u.ordine',
      'p.descr as anagrafica_descr',
      'r.persona_id',
    ])
    .where('ru.archive_id', '=', v.archiveId)
    .where('ru.esercizio_id', '=', v.esercizioId);
  if (shape.anagrafiche !== null) q = q.where('ru.anagrafica_id', 'in', idsIn(v, 'a', shape.anagrafiche));
  if (shape.unita !== null) q = q.where('ru.unita_id', 'in', idsIn(v, 'u', shape.unita));
  return q.orderBy('u.ordine').orderBy('ru.unita_id').orderBy('p.descr').limit(+20000);
});

export interface GroupFilters {
  esercizioId: number;
  tipo: number;
  /** Lowercase search term (3+ characters), or undefined. */
  search?: string | undefined;
  tipoRata?: number | null | undefined;
  onlyExpired: boolean;
  onlyOwing: boolean;
  dueBy?: string | null | undefined;
  today: string;
}

/** The patterns of `nameStarts` for a search term: the name starts with it, or a word of it does. */
function namePatterns(term: string): { prefix: string; word: string } {
  const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return { prefix: `${escaped}%`, word: `% ${escaped}%` };
}

/** `name like 'term%' or name like '% term%'`: a word of the name starts with the term. */
function nameStarts(column: string, prefix: unknown, word: unknown): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  return sql<SqlBool>`(lower(${ref}) like ${prefix} escape '\\' or lower(${ref}) like ${word} escape '\\')`;
}

/** What of the group filters is set: the shape of the group queries. */
interface GroupShape {
  byUnit: boolean;
  search: boolean;
  tipoRata: boolean;
  dueBy: boolean;
  onlyExpired: boolean;
  onlyOwing: boolean;
}

/** The values of the group queries (placeholders while a query is built). */
type GroupValues = {
  archiveId: number;
  esercizioId: number;
  prefix: string;
  word: string;
  tipoRata: number | null | undefined;
  dueBy: string | null | undefined;
  today: string;
  limit: number;
  offset: number;
};

/**
 * The filters of the group list as predicates on the outer row (`r` registry or `u` unit): an
 * instalment of the group of the asked type (due by a date), overdue and unpaid, or unpaid.
 */
function groupPredicates(s: GroupShape, v: GroupValues): RawBuilder<SqlBool>[] {
  const link = s.byUnit ? sql`i.unita_id = u.id` : sql`i.anagrafica_id = r.id`;
  const scope: RawBuilder<unknown>[] = [];
  if (s.tipoRata) scope.push(sql`i.tipo = ${v.tipoRata}`);
  if (s.dueBy) scope.push(sql`i.data_scadenza <= ${v.dueBy}`);
  const exists = (extra: RawBuilder<unknown>[]) => {
    const conditions = [...scope, ...extra];
    return sql<SqlBool>`exists (select 1 from instalments i where i.archive_id = ${v.archiveId} and i.esercizio_id = ${v.esercizioId} and ${link}${conditions.length ? sql` and ${sql.join(conditions, sql` and `)}` : sql``})`;
  };
  const debt = sql`i.tipo in (${sql.join(DEBT_TYPES.map((t) => sql.lit(t)))}) and i.versato_cents < i.importo_cents`;
  const predicates: RawBuilder<SqlBool>[] = [];
  if (scope.length) predicates.push(exists([]));
  if (s.onlyExpired) predicates.push(exists([sql`i.data_scadenza < ${v.today}`, debt]));
  if (s.onlyOwing) predicates.push(exists([debt]));
  return predicates;
}

/** The units of an exercise matching the filters (a unit's name or a holder's name for a search). */
function unitGroups(db: Db, s: GroupShape, v: GroupValues) {
  let q = db
    .selectFrom('units as u')
    .where('u.archive_id', '=', v.archiveId)
    .where('u.esercizio_id', '=', v.esercizioId);
  if (s.search) {
    const holder = sql<SqlBool>`exists (select 1 from registry_units ru
      join registries r on r.archive_id = ru.archive_id and r.id = ru.anagrafica_id
      join persons p on p.archive_id = r.archive_id and p.id = r.persona_id
      where ru.archive_id = ${v.archiveId} and ru.unita_id = u.id and ${nameStarts('p.descr', v.prefix, v.word)})`;
    q = q.where(sql<SqlBool>`(${nameStarts('u.descrizione', v.prefix, v.word)} or ${holder})`);
  }
  for (const p of groupPredicates(s, v)) q = q.where(p);
  return q;
}

// The exercise's registries first, then each one's person by key, then a sort of those few rows.
// `cross join` fixes that order on SQLite: with the join written inner, and without statistics on
// persons, the planner walked the archive's persons in name order (the ORDER BY's index) probing
// each for a registry of the exercise: every person of the archive for a search that matches few.
function registryGroups(db: Db, s: GroupShape, v: GroupValues) {
  let q = db
    .selectFrom('registries as r')
    .crossJoin('persons as p')
    .whereRef('p.archive_id', '=', 'r.archive_id')
    .whereRef('p.id', '=', 'r.persona_id')
    .where('r.archive_id', '=', v.archiveId)
    .where('r.esercizio_id', '=', v.esercizioId);
  if (s.search) q = q.where(nameStarts('p.descr', v.prefix, v.word));
  for (const p of groupPredicates(s, v)) q = q.where(p);
  return q;
}

const unitPage = shapedQuery((db, s: GroupShape, v: GroupValues) =>
  unitGroups(db, s, v)
    .select(['u.id', 'u.descrizione as name'])
    .orderBy('u.ordine')
    .orderBy('u.id')
    .limit(v.limit)
    .offset(v.offset),
);
const registryPage = shapedQuery((db, s: GroupShape, v: GroupValues) =>
  registryGroups(db, s, v)
    .select(['r.id', 'p.descr as name'])
    .orderBy('p.descr_sort')
    .orderBy('r.id')
    .limit(v.limit)
    .offset(v.offset),
);
/** The groups counted up to COUNT_CAP + 1 by the database (not a row of each sent back). */
const groupCount = shapedQuery((db, s: GroupShape, v: GroupValues) => {
  const cap = COUNT_CAP + 1;
  const ids = s.byUnit
    ? unitGroups(db, s, v).select('u.id').limit(cap).as('t')
    : registryGroups(db, s, v).select('r.id').limit(cap).as('t');
  return db.selectFrom(ids).select((eb) => eb.fn.countAll<number>().as('n'));
});

/**
 * The groups of an exercise matching the filters, in name (registry) or unit order: one page of
 * ids and a count capped at COUNT_CAP. The search and the filters test the exercise's own rows
 * (a word of the name starting with the term; an instalment of the type; an overdue one).
 */
export async function groupPage(
  db: Db,
  archiveId: number,
  f: GroupFilters,
  page: { offset: number; limit: number },
): Promise<{ ids: Array<{ id: number; name: string }>; total: number; capped: boolean }> {
  const shape: GroupShape = {
    byUnit: f.tipo === InstalmentGroupType.ByUnit,
    search: Boolean(f.search),
    tipoRata: f.tipoRata !== undefined && f.tipoRata !== null,
    dueBy: Boolean(f.dueBy),
    onlyExpired: f.onlyExpired,
    onlyOwing: f.onlyOwing,
  };
  const values: GroupValues = {
    archiveId,
    esercizioId: f.esercizioId,
    ...namePatterns(f.search ?? ''),
    tipoRata: f.tipoRata,
    dueBy: f.dueBy,
    today: f.today,
    limit: page.limit,
    offset: page.offset,
  };
  const [rows, counted] = await Promise.all([
    (shape.byUnit ? unitPage : registryPage)(db, shape, values),
    groupCount(db, shape, values),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  return {
    ids: rows.map((r) => ({ id: Number(r.id), name: r.name })),
    total: Math.min(n, COUNT_CAP),
    capped: n > COUNT_CAP,
  };
}

/** The instalments of an exercise for some registries or units (and optionally one type). */
export async function instalmentsOf(
  db: Db,
  archiveId: number,
  esercizioId: number,
  by: { anagraficaIds?: readonly number[]; unitaIds?: readonly number[] },
  options: { tipo?: number | null | undefined; dueBy?: string | null | undefined; forUpdate?: boolean } = {},
) {
  const rows = await instalmentsQuery(db, instalmentShape(by, options), {
    archiveId,
    esercizioId,
    ...idValues('a', by.anagraficaIds),
    ...idValues('u', by.unitaIds),
    tipo: options.tipo,
    dueBy: options.dueBy,
  });
  return rows.map((r) => ({
    id: Number(r.id),
    condominioId: Number(r.condominio_id),
    anagraficaId: Number(r.anagrafica_id),
    unitaId: r.unita_id === null ? null : Number(r.unita_id),
    tipo: Number(r.tipo),
    numero: Number(r.numero),
    descrizione: r.descrizione,
    dataScadenza: r.data_scadenza,
    importo: Number(r.importo_cents),
    versato: Number(r.versato_cents),
    createdAt: r.created_at,
  }));
}
type InstalmentShape = ByShape & { tipo: boolean; dueBy: boolean };
function instalmentShape(
  by: { anagraficaIds?: readonly number[]; unitaIds?: readonly number[] },
  options: { tipo?: number | null | undefined; dueBy?: string | null | undefined },
): InstalmentShape {
  return {
    anagrafiche: lengthOf(by.anagraficaIds),
    unita: lengthOf(by.unitaIds),
    tipo: options.tipo !== undefined && options.tipo !== null,
    dueBy: Boolean(options.dueBy),
  };
}
/** The instalments of the lists and filters of a shape (without columns). */
function instalmentsWhere(db: Db, shape: InstalmentShape, v: Values) {
  let q = db
    .selectFrom('instalments as i')
    .where('i.archive_id', '=', v.archiveId)
    .where('i.esercizio_id', '=', v.esercizioId);
  if (shape.anagrafiche !== null) q = q.where('i.anagrafica_id', 'in', idsIn(v, 'a', shape.anagrafiche));
  if (shape.unita !== null) q = q.where('i.unita_id', 'in', idsIn(v, 'u', shape.unita));
  if (shape.tipo) q = q.where('i.tipo', '=', v.tipo as number);
  if (shape.dueBy) q = q.where('i.data_scadenza', '<=', v.dueBy as string);
  return q;
}
/** The same, in due date order. */
function filteredInstalments(db: Db, shape: InstalmentShape, v: Values) {
  return instalmentsWhere(db, shape, v)
    .orderBy('i.data_scadenza')
    .orderBy('i.numero')
    .orderBy('i.id')
    .limit(+20000);
}
const instalmentsQuery = shapedQuery((db, shape: InstalmentShape, v: Values) =>
  filteredInstalments(db, shape, v).select([
    'i.id',
    'i.condominio_id',
    'i.anagrafica_id',
    'i.unita_id',
    'i.tipo',
    'i.numero',
    'i.descrizione',
    'i.data_scadenza',
    'i.importo_cents',
    'i.versato_cents',
    'i.created_at',
  ]),
);
export type InstalmentRow = Awaited<ReturnType<typeof instalmentsOf>>[number];

/**
 * The instalments of some registries or units of an exercise summed by group and type: what the totals
 * of a page of groups need (dovuto, versato, what is overdue, the commonest type). Summed by the
 * database, a page of 15 groups is about 40 rows instead of its 180 instalments, each made a row object
 * and sorted: on SQLite about a third of the cost.
 */
export async function groupAmountsOf(
  db: Db,
  archiveId: number,
  esercizioId: number,
  by: { anagraficaIds?: readonly number[]; unitaIds?: readonly number[] },
  options: { tipo?: number | null | undefined; dueBy?: string | null | undefined; today: string },
) {
  const shape = { ...instalmentShape(by, options), byUnit: by.unitaIds !== undefined };
  const rows = await groupAmountsQuery(db, shape, {
    archiveId,
    esercizioId,
    ...idValues('a', by.anagraficaIds),
    ...idValues('u', by.unitaIds),
    tipo: options.tipo,
    dueBy: options.dueBy,
    today: options.today,
  });
  return rows.map((r) => ({
    groupId: Number(r.group_id),
    tipo: Number(r.tipo),
    count: Number(r.n),
    importo: Number(r.importo),
    versato: Number(r.versato),
    scaduto: Number(r.scaduto),
    firstDue: r.first_due,
    firstId: Number(r.first_id),
  }));
}
const groupAmountsQuery = shapedQuery((db, shape: InstalmentShape & { byUnit: boolean }, v: Values) => {
  const group = shape.byUnit ? 'i.unita_id' : 'i.anagrafica_id';
  return instalmentsWhere(db, shape, v)
    .select((eb) => [
      eb.ref(group).as('group_id'),
      'i.tipo',
      eb.fn.countAll<number>().as('n'),
      eb.fn.sum<number>('i.importo_cents').as('importo'),
      eb.fn.sum<number>('i.versato_cents').as('versato'),
      sql<number>`sum(case when i.data_scadenza < ${v.today} and i.versato_cents < i.importo_cents then i.importo_cents - i.versato_cents else 0 end)`.as(
        'scaduto',
      ),
      eb.fn.min<string>('i.data_scadenza').as('first_due'),
      eb.fn.min<number>('i.id').as('first_id'),
    ])
    .groupBy([group, 'i.tipo']);
});

/**
 * The allocations of payments to some instalments, in no order: the payments' dates and receipts
 * are those of the group's payments, already read with them (paymentReceiptsOf reads the others).
 */
export async function allocationsOfInstalments(db: Db, archiveId: number, rataIds: readonly number[]) {
  if (rataIds.length === 0) return [];
  const rows = await allocationsQuery(db, { rate: rataIds.length }, { archiveId, ...idValues('r', rataIds) });
  return rows.map((r) => ({
    rataId: Number(r.rata_id),
    versamentoId: Number(r.versamento_id),
    importo: Number(r.importo_cents),
  }));
}
const allocationsQuery = shapedQuery((db, shape: { rate: number }, v: ArchiveValues) =>
  db
    .selectFrom('payment_allocations as a')
    .select(['a.rata_id', 'a.versamento_id', 'a.importo_cents'])
    .where('a.archive_id', '=', v.archiveId)
    .where('a.rata_id', 'in', idsIn(v, 'r', shape.rate)),
);

/** The date and receipt number of some payments. */
export async function paymentReceiptsOf(db: Db, archiveId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await paymentReceiptsQuery(db, { ids: ids.length }, { archiveId, ...idValues('v', ids) });
  return rows.map((r) => ({
    id: Number(r.id),
    data: r.data,
    numeroRicevuta: r.numero_ricevuta === null ? null : Number(r.numero_ricevuta),
  }));
}
const paymentReceiptsQuery = shapedQuery((db, shape: { ids: number }, v: ArchiveValues) =>
  db
    .selectFrom('payments')
    .select(['id', 'data', 'numero_ricevuta'])
    .where('archive_id', '=', v.archiveId)
    .where('id', 'in', idsIn(v, 'v', shape.ids)),
);

/** Who a payment or refund belongs to: a registry, some units, or both. */
export interface PayerScope {
  esercizioId: number;
  anagraficaId?: number | null | undefined;
  unitaIds?: readonly number[] | null | undefined;
}

/** The payments of a scope, oldest first, each with what of it is allocated. */
/** The shape and values of the queries of a payer scope's payments and refunds. */
type ScopeShape = { anagrafica: boolean; unita: number | null };
function scopeQuery(archiveId: number, scope: PayerScope): [ScopeShape, Values] {
  const unitaIds = scope.unitaIds?.length ? scope.unitaIds : null;
  return [
    { anagrafica: scope.anagraficaId != null, unita: lengthOf(unitaIds) },
    {
      archiveId,
      esercizioId: scope.esercizioId,
      anagraficaId: scope.anagraficaId,
      ...idValues('u', unitaIds),
    },
  ];
}

export async function paymentsOf(db: Db, archiveId: number, scope: PayerScope) {
  const rows = await paymentsQuery(db, ...scopeQuery(archiveId, scope));
  return rows.map((r) => ({
    id: Number(r.id),
    anagraficaId: Number(r.anagrafica_id),
    anagraficaDescr: r.anagrafica_descr,
    unitaId: r.unita_id === null ? null : Number(r.unita_id),
    data: r.data,
    importo: Number(r.importo_cents),
    allocato: Number(r.allocato ?? 0),
    contoId: r.conto_id == null ? null : Number(r.conto_id),
    modalita: r.modalita,
    descrizione: r.descrizione,
    numeroRicevuta: r.numero_ricevuta === null ? null : Number(r.numero_ricevuta),
    distribuzione: Number(r.distribuzione),
  }));
}
const paymentsQuery = shapedQuery((db, shape: ScopeShape, v: Values) => {
  let q = db
    .selectFrom('payments as v')
    .innerJoin('registries as r', (j) =>
      j.onRef('r.archive_id', '=', 'v.archive_id').onRef('r.id', '=', 'v.anagrafica_id'),
    )
    .innerJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'r.archive_id').onRef('p.id', '=', 'r.persona_id'),
    )
    .select((eb) => [
      'v.id',
      'v.anagrafica_id',
      'v.unita_id',
      'v.data',
      'v.importo_cents',
      'v.conto_id',
      'v.modalita',
      'v.descrizione',
      'v.numero_ricevuta',
      'v.distribuzione',
      'p.descr as anagrafica_descr',
      eb
        .selectFrom('payment_allocations as a')
        .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('a.importo_cents'), sql.lit(0)).as('s'))
        .where('a.archive_id', '=', v.archiveId)
        .whereRef('a.versamento_id', '=', 'v.id')
        .as('allocato'),
    ])
    .where('v.archive_id', '=', v.archiveId)
    .where('v.esercizio_id', '=', v.esercizioId);
  if (shape.anagrafica) q = q.where('v.anagrafica_id', '=', v.anagraficaId as number);
  if (shape.unita !== null) q = q.where('v.unita_id', 'in', idsIn(v, 'u', shape.unita));
  return q.orderBy('v.data').orderBy('v.id').limit(+5000);
});

export async function refundsOf(db: Db, archiveId: number, scope: PayerScope) {
  const rows = await refundsQuery(db, ...scopeQuery(archiveId, scope));
  return rows.map((r) => ({
    id: Number(r.id),
    anagraficaId: Number(r.anagrafica_id),
    data: r.data,
    importo: Number(r.importo_cents),
    contoId: r.conto_id == null ? null : Number(r.conto_id),
    modalita: r.modalita,
    descrizione: r.descrizione,
  }));
}
const refundsQuery = shapedQuery((db, shape: ScopeShape, v: Values) => {
  let q = db
    .selectFrom('refunds')
    .select(['id', 'anagrafica_id', 'data', 'importo_cents', 'conto_id', 'modalita', 'descrizione'])
    .where('archive_id', '=', v.archiveId)
    .where('esercizio_id', '=', v.esercizioId);
  if (shape.anagrafica) q = q.where('anagrafica_id', '=', v.anagraficaId as number);
  if (shape.unita !== null) q = q.where('unita_id', 'in', idsIn(v, 'u', shape.unita));
  return q.orderBy('data').orderBy('id').limit(+5000);
});

/** Inserts issued instalments, a few hundred rows a statement. */
export async function insertInstalments(db: Db, rows: Insertable<Database['instalments']>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto('instalments')
      .values(rows.slice(i, i + 500))
      .execute();
  }
}

/**
 * Deletes the refunds and ledger accounts of a condominium being deleted, in the caller's transaction;
 * refunds first, as they point at the accounts.
 */
export async function deleteCondominiumAccounts(
  db: Db,
  archiveId: number,
  condominioId: number,
): Promise<void> {
  for (const table of ['refunds', 'ledger_accounts'] as const) {
    await db
      .deleteFrom(table as 'refunds')
      .where('archive_id', '=', archiveId)
      .where('condominio_id', '=', condominioId)
      .execute();
  }
}

/** The payments account of an exercise (a ledger account of type 1), or undefined. */
export async function findPaymentsAccount(db: Db, archiveId: number, esercizioId: number, contoId: number) {
  return (await accountQuery(db, archiveId, esercizioId, contoId))[0];
}
const accountQuery = preparedQuery((db, archiveId: number, esercizioId: number, contoId: number) =>
  db
    .selectFrom('ledger_accounts')
    .select(['id', 'tipo_conto', 'descrizione'])
    .where('archive_id', '=', archiveId)
    .where('esercizio_id', '=', esercizioId)
    .where('id', '=', contoId),
);

/**
 * Whether a payment of the exercise already has this receipt number: one seek in the receipt index
 * of the condominium (archive, condominium, number), whatever the number of payments.
 */
export async function receiptTaken(
  db: Db,
  archiveId: number,
  condominioId: number,
  esercizioId: number,
  numero: number,
): Promise<boolean> {
  return (await receiptQuery(db, archiveId, condominioId, numero, esercizioId)).length > 0;
}
const receiptQuery = preparedQuery(
  (db, archiveId: number, condominioId: number, numero: number, esercizioId: number) =>
    db
      .selectFrom('payments')
      .select('id')
      .where('archive_id', '=', archiveId)
      .where('condominio_id', '=', condominioId)
      .where('numero_ricevuta', '=', numero)
      .where('esercizio_id', '=', esercizioId)
      .limit(+1),
);

/** The highest receipt number of an exercise's payments (reads every payment of the exercise). */
export async function maxReceiptNumber(db: Db, archiveId: number, esercizioId: number): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.max('numero_ricevuta').as('n'))
    .where('archive_id', '=', archiveId)
    .where('esercizio_id', '=', esercizioId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** What one instalment receives, or one payment gives to one instalment. */
export interface InstalmentPart {
  rataID: number;
  importo: number;
}

/**
 * Adds to what some instalments have received, each its part (an atomic increment, never a
 * read-modify-write), in one statement, and writes each one's change in its history (one insert).
 * The instalments must differ.
 */
export async function addToInstalments(
  db: Db,
  archiveId: number,
  parts: readonly InstalmentPart[],
): Promise<void> {
  if (parts.length === 0) return;
  const values: ArchiveValues = { archiveId };
  parts.forEach((p, i) => {
    values[`r${i}`] = p.rataID;
    values[`c${i}`] = p.importo;
  });
  const rows = await addToInstalmentsQuery(db, parts.length, values);
  const added = new Map(parts.map((p) => [p.rataID, p.importo]));
  await recordChanges(
    db,
    archiveId,
    'rata',
    rows.map((row) => {
      const versato = Number(row.versato_cents);
      const id = Number(row.id);
      return {
        id,
        before: { versato_cents: versato - (added.get(id) ?? 0) },
        after: { versato_cents: versato },
      };
    }),
  );
}
// `case id when ? then ? ...`: each instalment its own part. The parts are cast: PostgreSQL types a
// bare parameter of a CASE as text.
const addToInstalmentsQuery = shapedQuery((db, count: number, v: ArchiveValues) => {
  const ids = idsIn(v, 'r', count);
  const whens = ids.map((id, i) => sql`when ${id} then cast(${v[`c${i}`]} as bigint)`);
  return db
    .updateTable('instalments')
    .set((eb) => ({
      versato_cents: sql<number>`${eb.ref('versato_cents')} + case ${eb.ref('id')} ${sql.join(whens, sql` `)} end`,
      obj_version: eb('obj_version', '+', 1),
    }))
    .where('archive_id', '=', v.archiveId)
    .where('id', 'in', ids)
    .returning(['id', 'versato_cents']);
});

/**
 * Adds to the allocations of payments to instalments (each created when new), in one statement. The
 * pairs of payment and instalment must differ.
 */
export async function addAllocations(
  db: Db,
  archiveId: number,
  parts: ReadonlyArray<InstalmentPart & { versamentoID: number }>,
): Promise<void> {
  if (parts.length === 0) return;
  const values: ArchiveValues = { archiveId };
  parts.forEach((p, i) => {
    values[`v${i}`] = p.versamentoID;
    values[`r${i}`] = p.rataID;
    values[`c${i}`] = p.importo;
  });
  await addAllocationsQuery(db, parts.length, values);
}
const addAllocationsQuery = shapedQuery((db, count: number, v: ArchiveValues) =>
  db
    .insertInto('payment_allocations')
    .values(
      Array.from({ length: count }, (_, i) => ({
        archive_id: v.archiveId,
        versamento_id: v[`v${i}`] as number,
        rata_id: v[`r${i}`] as number,
        importo_cents: v[`c${i}`] as number,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['archive_id', 'versamento_id', 'rata_id']).doUpdateSet((eb) => ({
        importo_cents: eb('payment_allocations.importo_cents', '+', eb.ref('excluded.importo_cents')),
      })),
    ),
);

/** A new payment's row. */
export type PaymentRow = Insertable<Database['payments']> & Record<string, unknown>;
/** Inserts a payment (a prepared statement per set of columns given). */
export async function insertPayment(db: Db, row: PaymentRow): Promise<void> {
  await insertPaymentQuery(db, Object.keys(row).join(), row);
}
const insertPaymentQuery = shapedQuery((db, _columns: string, row: PaymentRow) =>
  db.insertInto('payments').values(row),
);

/** Inserts a refund. */
export async function insertRefund(db: Db, row: Insertable<Database['refunds']>): Promise<void> {
  await db.insertInto('refunds').values(row).execute();
}

/** A new movement's row. */
export type MovementRow = Insertable<Database['movements']> & Record<string, unknown>;
/** Inserts a movement (a prepared statement per set of columns given). */
export async function insertMovement(db: Db, row: MovementRow): Promise<void> {
  await insertMovementQuery(db, Object.keys(row).join(), row);
}
const insertMovementQuery = shapedQuery((db, _columns: string, row: MovementRow) =>
  db.insertInto('movements').values(row),
);

/** A payment with its condominium, exercise and payer, for its receipt. */
export function findPayment(db: Db, archiveId: number, versamentoId: number) {
  return db
    .selectFrom('payments as v')
    .innerJoin('registries as r', (j) =>
      j.onRef('r.archive_id', '=', 'v.archive_id').onRef('r.id', '=', 'v.anagrafica_id'),
    )
    .innerJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'r.archive_id').onRef('p.id', '=', 'r.persona_id'),
    )
    .innerJoin('exercises as e', (j) =>
      j.onRef('e.archive_id', '=', 'v.archive_id').onRef('e.id', '=', 'v.esercizio_id'),
    )
    .innerJoin('condominiums as c', (j) =>
      j.onRef('c.archive_id', '=', 'v.archive_id').onRef('c.id', '=', 'v.condominio_id'),
    )
    .leftJoin('ledger_accounts as l', (j) =>
      j.onRef('l.archive_id', '=', 'v.archive_id').onRef('l.id', '=', 'v.conto_id'),
    )
    .select([
      'v.id',
      'v.data',
      'v.importo_cents',
      'v.modalita',
      'v.descrizione',
      'v.numero_ricevuta',
      'v.esercizio_id',
      'v.anagrafica_id',
      'p.descr as anagrafica_descr',
      'p.codice_fiscale',
      'p.indirizzo',
      'p.cap',
      'p.citta',
      'p.provincia',
      'e.descrizione as esercizio_descr',
      'c.intestazione',
      'c.indirizzo as condominio_indirizzo',
      'c.citta as condominio_citta',
      'c.codice_fiscale as condominio_cf',
      'l.descrizione as conto_descr',
    ])
    .where('v.archive_id', '=', archiveId)
    .where('v.id', '=', versamentoId)
    .executeTakeFirst();
}

export function movementColumns() {
  return [
    'm.id',
    'm.data',
    'm.descrizione',
    'm.importo_cents',
    'm.numero_documento',
    'm.condominio_id',
    'm.esercizio_id',
    'm.versamento_id',
    'm.rimborso_id',
  ] as const;
}
