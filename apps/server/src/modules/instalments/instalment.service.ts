import {
  formatEuro,
  type ImportoUnita,
  InstalmentGroupType,
  InstalmentType,
  isoDateToday,
  MOVEMENTS_LIMIT,
  MovementReference,
  type Movimento,
  type OperazioneRata,
  type RataDettaglio,
  type RataEsercizio,
  type RataGroup,
  type RataScaduta,
  type RataSubItem,
  RegistryType,
  SEARCH_MIN_LENGTH,
  type StampaImpostazioniData,
  type UnitaAnagrafica,
} from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { nextId, nextIds } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, notFound } from '../../shared/app-error.ts';
import { runOnce } from '../../shared/idempotency.ts';
import type { PageResult } from '../../shared/route.ts';
import { recordPartChange } from '../history/history.service.ts';
import { DEBT_TYPES, distribute, isCredit } from './distribution.ts';
import {
  addAllocations,
  addToInstalments,
  allocationsOfInstalments,
  findExercise,
  findPaymentsAccount,
  findRegistry,
  groupAmountsOf,
  groupPage,
  type InstalmentPart,
  type InstalmentRow,
  insertMovement,
  insertPayment,
  insertRefund,
  instalmentsOf,
  lockRegistry,
  maxReceiptNumber,
  movementColumns,
  type PayerScope,
  paymentReceiptsOf,
  paymentsOf,
  receiptTaken,
  refundsOf,
  registryNames as registryNamesOf,
  rolesOf,
  unitsOfExercise,
} from './instalment.repository.ts';

type Db = Kysely<Database>;

export interface InstalmentContext {
  db: Db;
  dialect: DialectName;
  archiveId: number;
  /** Today in Europe/Rome ('YYYY-MM-DD'); tests may fix it. */
  today?: string;
}

const todayOf = (ctx: InstalmentContext) => ctx.today ?? isoDateToday();

const euro = formatEuro;

/** Credits (refunds, surpluses) count negative: the resident is owed them. */
const signed = (tipo: number, cents: number) => (isCredit(tipo) ? -cents : cents);

/** What the totals of instalments read of each one. */
type InstalmentAmounts = Pick<InstalmentRow, 'tipo' | 'importo' | 'versato' | 'dataScadenza'>;

interface Totals {
  dovuto: number;
  versato: number;
  saldo: number;
  importoScaduto: number;
}

/** dovuto, versato (signed), saldo = dovuto - versato, and what is owed on instalments already due. */
export function totalsOf(list: readonly InstalmentAmounts[], today: string): Totals {
  return sumsTotals(
    list.map((r) => ({
      tipo: r.tipo,
      importo: r.importo,
      versato: r.versato,
      // The rule groupAmountsOf's `scaduto` sums in SQL: what is owed on an instalment already due.
      scaduto: r.dataScadenza < today && r.versato < r.importo ? r.importo - r.versato : 0,
    })),
  );
}

/** A group's instalments summed by type (groupAmountsOf). */
type GroupAmounts = Awaited<ReturnType<typeof groupAmountsOf>>;

/** The sums of each group. */
function sumsByGroup(amounts: GroupAmounts): Map<number, GroupAmounts> {
  const groups = new Map<number, GroupAmounts>();
  for (const r of amounts) {
    const list = groups.get(r.groupId);
    if (list) list.push(r);
    else groups.set(r.groupId, [r]);
  }
  return groups;
}

/**
 * The totals of instalments or of their sums by type: credits count negative, and only debts are
 * overdue (`scaduto`: what is owed on those already due).
 */
function sumsTotals(
  sums: ReadonlyArray<{ tipo: number; importo: number; versato: number; scaduto: number }>,
): Totals {
  let dovuto = 0;
  let versato = 0;
  let importoScaduto = 0;
  for (const r of sums) {
    dovuto += signed(r.tipo, r.importo);
    versato += signed(r.tipo, r.versato);
    if (!isCredit(r.tipo)) importoScaduto += r.scaduto;
  }
  return { dovuto, versato, saldo: dovuto - versato, importoScaduto };
}

/** The type of most of a group's instalments; on a tie, the type due first (then issued first). */
function commonestType(sums: GroupAmounts): InstalmentType {
  let best: GroupAmounts[number] | undefined;
  for (const r of sums) {
    if (
      !best ||
      r.count > best.count ||
      (r.count === best.count &&
        (r.firstDue < best.firstDue || (r.firstDue === best.firstDue && r.firstId < best.firstId)))
    )
      best = r;
  }
  return (best?.tipo ?? InstalmentType.Preventive) as InstalmentType;
}

function searchOf(text: string | null | undefined): string | undefined {
  const term = text?.trim().toLowerCase();
  return term && term.length >= SEARCH_MIN_LENGTH ? term : undefined;
}

/** The exercise (of the condominium, when given) in the archive, or 404. */
export async function requireExercise(ctx: InstalmentContext, esercizioId: number, condominioId?: number) {
  const exercise = await findExercise(ctx.db, ctx.archiveId, esercizioId);
  if (!exercise || (condominioId !== undefined && Number(exercise.condominio_id) !== condominioId)) {
    throw notFound('Esercizio non trovato.');
  }
  return exercise;
}

type RowTable = 'registries' | 'persons' | 'providers' | 'instalments' | 'units';

/** 404 with the message when the archive has no row of that id in the table. */
async function requireRow(
  db: Kysely<Database>,
  archiveId: number,
  table: RowTable,
  id: number,
  message: string,
): Promise<void> {
  const row = await db
    .selectFrom(table as 'registries')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(message);
}

/** GET /api/rata/esercizi: the exercises of a condominium, open ones first, newest first. */
export async function exercisesOf(ctx: InstalmentContext, condominioId: number): Promise<RataEsercizio[]> {
  const condominium = await ctx.db
    .selectFrom('condominiums')
    .select('id')
    .where('archive_id', '=', ctx.archiveId)
    .where('id', '=', condominioId)
    .executeTakeFirst();
  if (!condominium) throw notFound('Condominio non trovato.');
  const rows = await ctx.db
    .selectFrom('exercises')
    .select(['id', 'descrizione', 'tipo', 'chiuso', 'data_inizio', 'data_fine'])
    .where('archive_id', '=', ctx.archiveId)
    .where('condominio_id', '=', condominioId)
    .orderBy('chiuso')
    .orderBy('data_inizio', 'desc')
    .orderBy('id', 'desc')
    .limit(+200)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    descrizione: r.descrizione,
    tipo: Number(r.tipo),
    chiuso: Number(r.chiuso) === 1,
    dataInizio: r.data_inizio,
    dataFine: r.data_fine,
  }));
}

// --- Groups ---------------------------------------------------------------------------------

export interface GroupListInput {
  esercizioID: number;
  tipo: 1 | 2;
  searchText?: string | null | undefined;
  gruppedTypeFilter?: number | null | undefined;
  expiredImportFilter: boolean;
  advanced?:
    | { soloDaVersare?: boolean | undefined; scadenzaEntro?: string | null | undefined }
    | null
    | undefined;
}

/** POST /api/rata: one page of groups with their totals. */
export async function listGroups(
  ctx: InstalmentContext,
  input: GroupListInput,
  page: { pageNumber: number; pageSize: number },
): Promise<PageResult<RataGroup>> {
  const exercise = await requireExercise(ctx, input.esercizioID);
  const today = todayOf(ctx);
  const byUnit = input.tipo === InstalmentGroupType.ByUnit;
  const { ids, total, capped } = await groupPage(
    ctx.db,
    ctx.archiveId,
    {
      esercizioId: input.esercizioID,
      tipo: input.tipo,
      search: searchOf(input.searchText),
      tipoRata: input.gruppedTypeFilter,
      onlyExpired: input.expiredImportFilter,
      onlyOwing: input.advanced?.soloDaVersare ?? false,
      dueBy: input.advanced?.scadenzaEntro,
      today,
    },
    { offset: (page.pageNumber - 1) * page.pageSize, limit: page.pageSize },
  );
  if (ids.length === 0) return { items: [], totalCount: total, capped };
  const groupIds = ids.map((g) => g.id);
  const by = byUnit ? { unitaIds: groupIds } : { anagraficaIds: groupIds };
  const [amounts, roles] = await Promise.all([
    groupAmountsOf(ctx.db, ctx.archiveId, input.esercizioID, by, {
      tipo: input.gruppedTypeFilter,
      dueBy: input.advanced?.scadenzaEntro,
      today,
    }),
    rolesOf(ctx.db, ctx.archiveId, input.esercizioID, by),
  ]);
  const sums = sumsByGroup(amounts);
  const items = ids.map(({ id, name }): RataGroup => {
    const own = sums.get(id) ?? [];
    const totals = sumsTotals(own);
    return {
      id,
      type: input.tipo,
      condominioID: Number(exercise.condominio_id),
      esercizioID: input.esercizioID,
      description: name,
      subList: subListOf(roles, byUnit, id),
      ...totals,
      scaduta: totals.importoScaduto > 0,
      tipoRata: (input.gruppedTypeFilter ?? commonestType(own)) as InstalmentType,
    };
  });
  return { items, totalCount: total, capped };
}

type RoleRow = Awaited<ReturnType<typeof rolesOf>>[number];

/** A registry group lists its units with its roles; a unit group lists its registries with theirs. */
function subListOf(roles: readonly RoleRow[], byUnit: boolean, id: number): RataSubItem[] {
  const items = new Map<number, RataSubItem>();
  for (const role of roles) {
    if (byUnit ? Number(role.unita_id) !== id : Number(role.anagrafica_id) !== id) continue;
    const key = Number(byUnit ? role.anagrafica_id : role.unita_id);
    const item = items.get(key) ?? {
      id: key,
      name: byUnit ? role.anagrafica_descr : role.unita_descr,
      roles: [],
    };
    if (!item.roles.includes(role.ruolo)) item.roles.push(role.ruolo);
    items.set(key, item);
  }
  return [...items.values()];
}

// --- Detail ---------------------------------------------------------------------------------

export interface DetailInput {
  condGenID: number;
  esercizioID: number;
  anagrID?: number | null | undefined;
  listaUnitaID?: number[] | null | undefined;
}

const scopeOfInput = (input: DetailInput): PayerScope => ({
  esercizioId: input.esercizioID,
  anagraficaId: input.anagrID ?? null,
  unitaIds: input.listaUnitaID?.length ? input.listaUnitaID : null,
});

/**
 * The surplus of a scope: what was paid and not assigned to an instalment, plus the credits of
 * refund and surplus instalments (a surplus instalment's `versato` is the part already used), minus
 * what was refunded.
 */
function surplusOf(
  payments: ReadonlyArray<{ importo: number; allocato: number }>,
  refunds: ReadonlyArray<{ importo: number }>,
  instalments: ReadonlyArray<{ tipo: number; importo: number; versato: number }>,
): number {
  const unallocated = payments.reduce((s, p) => s + p.importo - p.allocato, 0);
  const refunded = refunds.reduce((s, r) => s + r.importo, 0);
  let credits = 0;
  for (const r of instalments) {
    if (r.tipo === InstalmentType.Refund) credits += r.importo;
    if (r.tipo === InstalmentType.Surplus) credits += r.importo - r.versato;
  }
  return unallocated + credits - refunded;
}

/** The exercise and the registry an operation has just read in its transaction (not read again). */
interface KnownRows {
  exercise: NonNullable<Awaited<ReturnType<typeof findExercise>>>;
  registry: NonNullable<Awaited<ReturnType<typeof findRegistry>>>;
}

/** POST /api/rata/dettaglio: the instalments of a registry or of units, their payments and refunds. */
export async function loadDetail(
  ctx: InstalmentContext,
  input: DetailInput,
  known?: KnownRows,
): Promise<RataDettaglio> {
  const exercise = known?.exercise ?? (await requireExercise(ctx, input.esercizioID, input.condGenID));
  const today = todayOf(ctx);
  const units = input.listaUnitaID?.length ? input.listaUnitaID : undefined;
  let description: string;
  let subList: RataSubItem[];
  // The names of the group's registries and units that its roles give (the others are read below).
  const registryNames = new Map<number, string>();
  const unitNames = new Map<number, string>();
  const nameRoles = (roles: readonly RoleRow[]) => {
    for (const r of roles) {
      registryNames.set(Number(r.anagrafica_id), r.anagrafica_descr);
      unitNames.set(Number(r.unita_id), r.unita_descr);
    }
  };
  if (input.anagrID != null) {
    const registry =
      known?.registry ?? (await findRegistry(ctx.db, ctx.archiveId, input.esercizioID, input.anagrID));
    if (!registry) throw notFound('Anagrafica non trovata.');
    description = registry.descr;
    registryNames.set(input.anagrID, registry.descr);
    const roles = await rolesOf(ctx.db, ctx.archiveId, input.esercizioID, { anagraficaIds: [input.anagrID] });
    nameRoles(roles);
    subList = subListOf(
      units ? roles.filter((r) => units.includes(Number(r.unita_id))) : roles,
      false,
      input.anagrID,
    );
  } else {
    const found = await unitsOfExercise(ctx.db, ctx.archiveId, input.esercizioID, units);
    if (found.length !== units?.length) throw notFound('Unità non trovata.');
    description = found.map((u) => u.descrizione).join(', ');
    const roles = await rolesOf(ctx.db, ctx.archiveId, input.esercizioID, { unitaIds: units });
    nameRoles(roles);
    for (const u of found) unitNames.set(Number(u.id), u.descrizione);
    const people = new Map<number, RataSubItem>();
    for (const u of found) {
      for (const item of subListOf(roles, true, Number(u.id))) {
        const existing = people.get(item.id);
        if (existing) existing.roles.push(...item.roles.filter((x) => !existing.roles.includes(x)));
        else people.set(item.id, item);
      }
    }
    subList = [...people.values()];
  }

  const by = {
    ...(input.anagrID != null ? { anagraficaIds: [input.anagrID] } : {}),
    ...(units ? { unitaIds: units } : {}),
  };
  const scope = scopeOfInput(input);
  const [instalments, payments, refunds] = await Promise.all([
    instalmentsOf(ctx.db, ctx.archiveId, input.esercizioID, by),
    paymentsOf(ctx.db, ctx.archiveId, scope),
    refundsOf(ctx.db, ctx.archiveId, scope),
  ]);
  const [allocations] = await Promise.all([
    allocationsOfInstalments(
      ctx.db,
      ctx.archiveId,
      instalments.map((r) => r.id),
    ),
    namesOfRegistries(ctx, input.esercizioID, registryNames, instalments),
    namesOfUnits(ctx, input.esercizioID, unitNames, instalments),
  ]);
  const paidBy = await allocationsByInstalment(ctx, payments, allocations);
  const totals = totalsOf(instalments, today);
  return {
    condominio: { id: Number(exercise.condominio_id), intestazione: exercise.intestazione },
    esercizio: {
      id: Number(exercise.id),
      descrizione: exercise.descrizione,
      chiuso: Number(exercise.chiuso) === 1,
    },
    description,
    subList,
    ...totals,
    eccedenza: surplusOf(payments, refunds, instalments),
    rate: instalments.map((r) => ({
      id: r.id,
      tipo: r.tipo as InstalmentType,
      numero: r.numero,
      descrizione: r.descrizione,
      dataScadenza: r.dataScadenza,
      anagraficaID: r.anagraficaId,
      anagraficaDescr: registryNames.get(r.anagraficaId) ?? '',
      unitaID: r.unitaId,
      unitaDescr: r.unitaId === null ? null : (unitNames.get(r.unitaId) ?? null),
      importo: r.importo,
      versato: r.versato,
      saldo: r.importo - r.versato,
      scaduta: !isCredit(r.tipo) && r.dataScadenza < today && r.versato < r.importo,
      versamenti: paidBy.get(r.id) ?? [],
    })),
    versamenti: payments.map((p) => ({
      id: p.id,
      anagraficaID: p.anagraficaId,
      anagraficaDescr: p.anagraficaDescr,
      unitaID: p.unitaId,
      data: p.data,
      importo: p.importo,
      nonAllocato: p.importo - p.allocato,
      contoID: p.contoId,
      modalita: p.modalita,
      descrizione: p.descrizione,
      numeroRicevuta: p.numeroRicevuta,
      distribuzione: p.distribuzione as 0 | 1,
    })),
    rimborsi: refunds.map((r) => ({
      id: r.id,
      anagraficaID: r.anagraficaId,
      data: r.data,
      importo: r.importo,
      contoID: r.contoId,
      modalita: r.modalita,
      descrizione: r.descrizione,
    })),
  };
}

type DetailAllocation = RataDettaglio['rate'][number]['versamenti'][number];

/**
 * Each instalment's allocations, with their payment's date and receipt, in the order of the
 * payments (by date, then id). The payments are those of the group, just read: only an allocation
 * of a payment outside them (another registry's, or a payment of a registry seen by unit) has its
 * payment read.
 */
async function allocationsByInstalment(
  ctx: InstalmentContext,
  payments: ReadonlyArray<{ id: number; data: string; numeroRicevuta: number | null }>,
  allocations: ReadonlyArray<{ rataId: number; versamentoId: number; importo: number }>,
): Promise<Map<number, DetailAllocation[]>> {
  const paymentOf = new Map<number, { data: string; numeroRicevuta: number | null }>();
  for (const p of payments) paymentOf.set(p.id, p);
  const missing = new Set<number>();
  for (const a of allocations) if (!paymentOf.has(a.versamentoId)) missing.add(a.versamentoId);
  if (missing.size > 0) {
    for (const p of await paymentReceiptsOf(ctx.db, ctx.archiveId, [...missing])) paymentOf.set(p.id, p);
  }
  const list: DetailAllocation[] = [];
  const rataOf: number[] = [];
  for (const a of allocations) {
    const payment = paymentOf.get(a.versamentoId);
    if (!payment) continue; // not possible: an allocation's payment exists (foreign key)
    list.push({
      versamentoID: a.versamentoId,
      data: payment.data,
      numeroRicevuta: payment.numeroRicevuta,
      importo: a.importo,
    });
    rataOf.push(a.rataId);
  }
  const order = list.map((_, i) => i);
  order.sort((i, j) => {
    const a = list[i] as DetailAllocation;
    const b = list[j] as DetailAllocation;
    return a.data < b.data ? -1 : a.data > b.data ? 1 : a.versamentoID - b.versamentoID;
  });
  const paidBy = new Map<number, DetailAllocation[]>();
  for (const i of order) {
    const rataId = rataOf[i] as number;
    let entries = paidBy.get(rataId);
    if (!entries) {
      entries = [];
      paidBy.set(rataId, entries);
    }
    entries.push(list[i] as DetailAllocation);
  }
  return paidBy;
}

/** Adds to `names` those of the instalments' registries it lacks (read only when some are missing). */
async function namesOfRegistries(
  ctx: InstalmentContext,
  esercizioId: number,
  names: Map<number, string>,
  instalments: ReadonlyArray<{ anagraficaId: number }>,
): Promise<void> {
  const missing = [...new Set(instalments.map((r) => r.anagraficaId))].filter((id) => !names.has(id));
  if (missing.length === 0) return;
  for (const r of await registryNamesOf(ctx.db, ctx.archiveId, esercizioId, missing)) {
    names.set(Number(r.id), r.descr);
  }
}

/** Adds to `names` those of the instalments' units it lacks (read only when some are missing). */
async function namesOfUnits(
  ctx: InstalmentContext,
  esercizioId: number,
  names: Map<number, string>,
  instalments: ReadonlyArray<{ unitaId: number | null }>,
): Promise<void> {
  const ids = instalments.map((r) => r.unitaId).filter((x): x is number => x !== null);
  const missing = [...new Set(ids)].filter((id) => !names.has(id));
  if (missing.length === 0) return;
  for (const r of await unitsOfExercise(ctx.db, ctx.archiveId, esercizioId, missing)) {
    names.set(Number(r.id), r.descrizione);
  }
}

// --- Amounts per unit, units and registries ---------------------------------------------------

/** POST /api/importiUnita: dovuto, versato, saldo and overdue amount of each unit of an exercise. */
export async function amountsByUnit(
  ctx: InstalmentContext,
  input: { esercizioID: number; listaUnitaID?: number[] | null | undefined },
): Promise<ImportoUnita[]> {
  await requireExercise(ctx, input.esercizioID);
  const today = todayOf(ctx);
  const units = await unitsOfExercise(
    ctx.db,
    ctx.archiveId,
    input.esercizioID,
    input.listaUnitaID ?? undefined,
  );
  const amounts = await groupAmountsOf(
    ctx.db,
    ctx.archiveId,
    input.esercizioID,
    { unitaIds: units.map((u) => Number(u.id)) },
    { today },
  );
  const sums = sumsByGroup(amounts);
  return units.map((u) => {
    const totals = sumsTotals(sums.get(Number(u.id)) ?? []);
    return { unitaID: Number(u.id), descrizione: u.descrizione, ...totals };
  });
}

/** GET /api/unitaAnagrafica: the units, registries and roles of an exercise (search from 3 characters). */
export async function unitsAndRegistries(
  ctx: InstalmentContext,
  input: { EsercizioID: number; searchQuery?: string | undefined },
): Promise<UnitaAnagrafica> {
  await requireExercise(ctx, input.EsercizioID);
  const term = searchOf(input.searchQuery);
  const roles = await rolesOf(ctx.db, ctx.archiveId, input.EsercizioID, {});
  const matches = (text: string) =>
    !term || text.toLowerCase().startsWith(term) || text.toLowerCase().includes(` ${term}`);
  const kept = roles.filter((r) => matches(r.anagrafica_descr) || matches(r.unita_descr));
  const unita = new Map<number, { id: number; descrizione: string }>();
  const anagrafiche = new Map<number, { id: number; descr: string; personaID: number }>();
  for (const r of kept) {
    unita.set(Number(r.unita_id), { id: Number(r.unita_id), descrizione: r.unita_descr });
    anagrafiche.set(Number(r.anagrafica_id), {
      id: Number(r.anagrafica_id),
      descr: r.anagrafica_descr,
      personaID: Number(r.persona_id),
    });
  }
  return {
    unita: [...unita.values()],
    anagrafiche: [...anagrafiche.values()].sort((a, b) => a.descr.localeCompare(b.descr, 'it')),
    ruoli: kept.map((r) => ({
      unitaID: Number(r.unita_id),
      unitaDescr: r.unita_descr,
      anagraficaID: Number(r.anagrafica_id),
      anagraficaDescr: r.anagrafica_descr,
      ruolo: r.ruolo,
      quota: Number(r.quota),
    })),
  };
}

// --- Payments, refunds, surplus -----------------------------------------------------------------

export interface OperationInput {
  condGenID: number;
  esercizioID: number;
  anagrID: number;
  listaUnitaID?: number[] | null | undefined;
  data: string;
  importo: number;
  descrizione?: string | null | undefined;
}

/** Checks shared by the three operations; locks the group (its registry's row) on PostgreSQL. */
async function prepareOperation(
  trx: Db,
  ctx: InstalmentContext,
  input: OperationInput,
  opts: { openOnly: boolean },
) {
  const exercise = await requireExercise({ ...ctx, db: trx }, input.esercizioID, input.condGenID);
  const registry = await (ctx.dialect === 'postgres' ? lockRegistry : findRegistry)(
    trx,
    ctx.archiveId,
    input.esercizioID,
    input.anagrID,
  );
  if (!registry) throw notFound('Anagrafica non trovata.');
  if (opts.openOnly && Number(exercise.chiuso) === 1) {
    throw new AppError(
      115,
      `L'esercizio "${exercise.descrizione}" è chiuso: non si possono registrare versamenti.`,
    );
  }
  const units = input.listaUnitaID?.length ? input.listaUnitaID : undefined;
  if (units) {
    const roles = await rolesOf(trx, ctx.archiveId, input.esercizioID, {
      anagraficaIds: [input.anagrID],
      unitaIds: units,
    });
    const held = new Set(roles.map((r) => Number(r.unita_id)));
    if (units.some((u) => !held.has(u))) throw notFound("Unità non trovata tra quelle dell'anagrafica.");
  }
  return { exercise, registry, units };
}

async function requirePaymentsAccount(trx: Db, ctx: InstalmentContext, esercizioId: number, contoId: number) {
  const conto = await findPaymentsAccount(trx, ctx.archiveId, esercizioId, contoId);
  if (!conto) throw notFound('Conto non trovato.');
  if (Number(conto.tipo_conto) !== 1)
    throw new AppError(115, `Il conto "${conto.descrizione}" non è un conto versamenti.`);
  return conto;
}

/** The payments, refunds and credit instalments of an operation's scope. */
function scopeMoney(trx: Db, ctx: InstalmentContext, input: OperationInput, units?: number[]) {
  const scope = scopeOfInput(input);
  return Promise.all([
    paymentsOf(trx, ctx.archiveId, scope),
    refundsOf(trx, ctx.archiveId, scope),
    instalmentsOf(trx, ctx.archiveId, input.esercizioID, {
      anagraficaIds: [input.anagrID],
      ...(units ? { unitaIds: units } : {}),
    }).then((list) => list.filter((r) => isCredit(r.tipo))),
  ]);
}

/** The debts still open of a group, for a distribution. */
async function openDebts(trx: Db, ctx: InstalmentContext, input: OperationInput, units?: number[]) {
  const list = await instalmentsOf(trx, ctx.archiveId, input.esercizioID, {
    anagraficaIds: [input.anagrID],
    ...(units ? { unitaIds: units } : {}),
  });
  return list.filter((r) => DEBT_TYPES.includes(r.tipo) && r.versato < r.importo);
}

/** The counter of an exercise's receipt numbers. */
const receiptCounter = (esercizioId: number) => `ricevuta_esercizio_${esercizioId}`;

/**
 * The receipt number of a new payment: `n`, just taken from the exercise's per-archive counter, unless
 * a payment of the exercise already has it (payments written without the counter: a generated or
 * older archive, whose counter starts at 1); then the counter jumps above the highest number used.
 * One index seek per payment; the exercise's payments are read only when the counter is behind.
 */
async function receiptNumber(
  trx: Db,
  archiveId: number,
  exercise: { condominioId: number; esercizioId: number },
  n: number,
): Promise<number> {
  const { condominioId, esercizioId } = exercise;
  if (!(await receiptTaken(trx, archiveId, condominioId, esercizioId, n))) return n;
  const used = await maxReceiptNumber(trx, archiveId, esercizioId);
  if (n > used) return n;
  return nextId(trx, archiveId, receiptCounter(esercizioId), used - n + 1).then(
    (first) => first + (used - n),
  );
}

async function addMovement(
  trx: Db,
  archiveId: number,
  values: {
    condominioId: number;
    esercizioId: number;
    anagraficaId: number;
    unitaId: number | null;
    data: string;
    descrizione: string;
    importo: number;
    numeroDocumento: string | null;
    versamentoId?: number;
    rimborsoId?: number;
  },
  now: string,
  /** Its id, when already taken with the write's other counters. */
  id?: number,
) {
  await insertMovement(trx, {
    archive_id: archiveId,
    id: id ?? (await nextId(trx, archiveId, 'movements')),
    condominio_id: values.condominioId,
    esercizio_id: values.esercizioId,
    risorsa_id: null,
    tipo_riferimento: RegistryType.CondominiumRegistry,
    riferimento_id: values.anagraficaId,
    data: values.data,
    descrizione: values.descrizione,
    importo_cents: values.importo,
    numero_documento: values.numeroDocumento,
    created_at: now,
    versamento_id: values.versamentoId ?? null,
    rimborso_id: values.rimborsoId ?? null,
    unita_id: values.unitaId,
  });
}

export interface PaymentInput extends OperationInput {
  contoID: number;
  modalita?: string | null | undefined;
  distribuzione: number;
}

/** What an operation recorded, without the group's detail (read after it: see withDetail). */
type Operation = Omit<OperazioneRata, 'dettaglio'>;

/**
 * The operation's answer with the group's detail, read after the transaction has committed: the
 * detail lists every payment of the group (it grows with them), and reading it inside the
 * transaction held the group's lock and the archive's counters (PostgreSQL) or the database's
 * write lock (SQLite) for as long. A request repeated with its Idempotency-Key gets its first
 * answer from the request's own key (shared/idempotency-hook.ts); the operation's key (runOnce)
 * keeps the operation only, and a replay through it reads the group's detail as it is now.
 */
async function withDetail(
  ctx: InstalmentContext,
  input: DetailInput,
  operation: Operation,
  known: KnownRows | undefined,
) {
  const dettaglio = await loadDetail(ctx, input, known);
  return { ...operation, dettaglio };
}

/**
 * Ids from the archive's own counters (`payments`, `refunds`, `movements`) for a money operation about
 * to begin its transaction. On PostgreSQL they are taken first, in a statement of their own: taken
 * inside the operation, the counters' rows stayed locked until it committed, so every payment of the
 * archive, whatever its condominium, waited for the one before (decision 0030). An operation refused
 * afterwards leaves a gap in these ids, which nobody reads; the receipt numbers, which people read,
 * are still taken inside, one exercise at a time. On SQLite, one writer at a time, they are taken
 * inside the transaction (null here): first, they would be a write and a sync of their own.
 */
async function archiveIdsFirst<const T extends readonly string[]>(
  ctx: InstalmentContext,
  names: T,
): Promise<{ -readonly [K in keyof T]: number } | null> {
  return ctx.dialect === 'postgres' ? nextIds(ctx.db, ctx.archiveId, names) : null;
}

/** POST /api/registerVersamento: one transaction; what no instalment needs stays as surplus. */
export async function registerPayment(
  ctx: InstalmentContext,
  input: PaymentInput,
  idempotencyKey?: string,
): Promise<OperazioneRata> {
  // The exercise and registry read in the transaction serve the detail too (not on a replay).
  let known: KnownRows | undefined;
  const idsFirst = await archiveIdsFirst(ctx, ['payments', 'movements']);
  const operation = await ctx.db.transaction().execute((trx) =>
    runOnce(trx, ctx.archiveId, idempotencyKey, 'registerVersamento', input, async (): Promise<Operation> => {
      const { exercise, registry, units } = await prepareOperation(trx, ctx, input, { openOnly: true });
      known = { exercise, registry };
      await requirePaymentsAccount(trx, ctx, input.esercizioID, input.contoID);
      const open = await openDebts(trx, ctx, input, units);
      const { allocations, surplus } = distribute(input.importo, input.distribuzione, open);
      const now = new Date().toISOString();
      const condominioId = Number(exercise.condominio_id);
      // The counters are taken last: on PostgreSQL their rows stay locked until the commit.
      const [versamentoId, movementId, n] = idsFirst
        ? [...idsFirst, ...(await nextIds(trx, ctx.archiveId, [receiptCounter(input.esercizioID)]))]
        : await nextIds(trx, ctx.archiveId, ['payments', 'movements', receiptCounter(input.esercizioID)]);
      const receipt = await receiptNumber(
        trx,
        ctx.archiveId,
        { condominioId, esercizioId: input.esercizioID },
        n,
      );
      const unitaId = units?.length === 1 ? (units[0] as number) : null;
      const descrizione = input.descrizione || `Versamento ricevuta n. ${receipt}`;
      await insertPayment(trx, {
        archive_id: ctx.archiveId,
        id: versamentoId,
        condominio_id: condominioId,
        esercizio_id: input.esercizioID,
        anagrafica_id: input.anagrID,
        unita_id: unitaId,
        risorsa_id: null,
        conto_id: input.contoID,
        data: input.data,
        importo_cents: input.importo,
        descrizione,
        modalita: input.modalita || null,
        numero_ricevuta: receipt,
        distribuzione: input.distribuzione,
        created_at: now,
        obj_version: 1,
      });
      await addAllocations(
        trx,
        ctx.archiveId,
        allocations.map((a) => ({ versamentoID: versamentoId, ...a })),
      );
      await addToInstalments(trx, ctx.archiveId, allocations);
      await addMovement(
        trx,
        ctx.archiveId,
        {
          condominioId,
          esercizioId: input.esercizioID,
          anagraficaId: input.anagrID,
          unitaId,
          data: input.data,
          descrizione,
          importo: input.importo,
          numeroDocumento: String(receipt),
          versamentoId,
        },
        now,
        movementId,
      );
      return { versamentoID: versamentoId, rimborsoID: null, allocazioni: allocations, eccedenza: surplus };
    }),
  );
  return withDetail(ctx, input, operation, known);
}

export interface RefundInput extends OperationInput {
  contoID: number;
  modalita?: string | null | undefined;
}

/**
 * A refund changes no instalment: it is written in the history of the latest instalment (by due
 * date) of the resident it pays back, the one the user opens from the resident's instalments
 * ("Rimborso: importo"). A resident without instalments in the exercise has no history of it.
 */
async function recordRefund(
  trx: Db,
  archiveId: number,
  input: RefundInput,
  units: number[] | undefined,
  refund: {
    data: string;
    importo_cents: number;
    descrizione: string;
    modalita: string | null;
    conto_id: number;
  },
): Promise<void> {
  const instalments = await instalmentsOf(trx, archiveId, input.esercizioID, {
    anagraficaIds: [input.anagrID],
    ...(units ? { unitaIds: units } : {}),
  });
  const latest = instalments.reduce<(typeof instalments)[number] | undefined>(
    (last, i) =>
      !last ||
      i.dataScadenza > last.dataScadenza ||
      (i.dataScadenza === last.dataScadenza && Number(i.id) > Number(last.id))
        ? i
        : last,
    undefined,
  );
  if (!latest) return;
  const { data, importo_cents, descrizione, modalita, conto_id } = refund;
  await recordPartChange(
    trx,
    archiveId,
    'rata',
    Number(latest.id),
    'rimborso',
    (row) => (row.descrizione ? String(row.descrizione) : null),
    null,
    { data, importo_cents, descrizione, modalita, conto_id },
  );
}

/** POST /api/registerRimborso: pays back part or all of the surplus, never more. */
export async function registerRefund(
  ctx: InstalmentContext,
  input: RefundInput,
  idempotencyKey?: string,
): Promise<OperazioneRata> {
  // The exercise and registry read in the transaction serve the detail too (not on a replay).
  let known: KnownRows | undefined;
  const idsFirst = await archiveIdsFirst(ctx, ['refunds', 'movements']);
  const operation = await ctx.db.transaction().execute((trx) =>
    runOnce(trx, ctx.archiveId, idempotencyKey, 'registerRimborso', input, async (): Promise<Operation> => {
      const { exercise, registry, units } = await prepareOperation(trx, ctx, input, { openOnly: false });
      known = { exercise, registry };
      await requirePaymentsAccount(trx, ctx, input.esercizioID, input.contoID);
      const [payments, refunds, credits] = await scopeMoney(trx, ctx, input, units);
      const available = surplusOf(payments, refunds, credits);
      if (input.importo > available) {
        throw new AppError(
          115,
          `Il rimborso (${euro(input.importo)}) supera l'eccedenza disponibile (${euro(Math.max(0, available))}).`,
        );
      }
      const now = new Date().toISOString();
      const [rimborsoId, movementId] =
        idsFirst ?? (await nextIds(trx, ctx.archiveId, ['refunds', 'movements']));
      const unitaId = units?.length === 1 ? (units[0] as number) : null;
      const descrizione = input.descrizione || 'Rimborso eccedenza';
      const refund = {
        archive_id: ctx.archiveId,
        id: rimborsoId,
        condominio_id: Number(exercise.condominio_id),
        esercizio_id: input.esercizioID,
        anagrafica_id: input.anagrID,
        unita_id: unitaId,
        risorsa_id: null,
        conto_id: input.contoID,
        data: input.data,
        importo_cents: input.importo,
        descrizione,
        modalita: input.modalita || null,
        numero_ricevuta: null,
        distribuzione: 0,
        created_at: now,
        obj_version: 1,
      };
      await insertRefund(trx, refund);
      await recordRefund(trx, ctx.archiveId, input, units, refund);
      await addMovement(
        trx,
        ctx.archiveId,
        {
          condominioId: Number(exercise.condominio_id),
          esercizioId: input.esercizioID,
          anagraficaId: input.anagrID,
          unitaId,
          data: input.data,
          descrizione,
          importo: -input.importo,
          numeroDocumento: null,
          rimborsoId,
        },
        now,
        movementId,
      );
      return {
        versamentoID: null,
        rimborsoID: rimborsoId,
        allocazioni: [],
        eccedenza: available - input.importo,
      };
    }),
  );
  return withDetail(ctx, input, operation, known);
}

export interface SurplusInput extends OperationInput {
  distribuzione: number;
}

/**
 * POST /api/surplusVersamento: the surplus pays open instalments. The money is already in: the
 * unassigned parts of earlier payments (oldest first) are assigned, and two movements of opposite
 * sign record the use, so the sum of movements does not change.
 */
export async function useSurplus(
  ctx: InstalmentContext,
  input: SurplusInput,
  idempotencyKey?: string,
): Promise<OperazioneRata> {
  // The exercise and registry read in the transaction serve the detail too (not on a replay).
  let known: KnownRows | undefined;
  const operation = await ctx.db.transaction().execute((trx) =>
    runOnce(trx, ctx.archiveId, idempotencyKey, 'surplusVersamento', input, async (): Promise<Operation> => {
      const { exercise, registry, units } = await prepareOperation(trx, ctx, input, { openOnly: true });
      known = { exercise, registry };
      const [payments, refunds, credits] = await scopeMoney(trx, ctx, input, units);
      const available = surplusOf(payments, refunds, credits);
      if (input.importo > available) {
        throw new AppError(
          115,
          `L'importo (${euro(input.importo)}) supera l'eccedenza disponibile (${euro(Math.max(0, available))}).`,
        );
      }
      const open = await openDebts(trx, ctx, input, units);
      const owed = open.reduce((s, r) => s + r.importo - r.versato, 0);
      if (input.importo > owed) {
        throw new AppError(
          115,
          `L'importo (${euro(input.importo)}) supera quanto resta da versare (${euro(owed)}).`,
        );
      }
      const { allocations } = distribute(input.importo, input.distribuzione, open);
      // Which payments give the money: their unassigned parts, oldest payment first.
      const sources = payments
        .map((p) => ({ id: p.id, free: p.importo - p.allocato }))
        .filter((p) => p.free > 0);
      const parts: Array<InstalmentPart & { versamentoID: number }> = [];
      for (const a of allocations) {
        let need = a.importo;
        for (const source of sources) {
          if (need === 0) break;
          const part = Math.min(source.free, need);
          if (part <= 0) continue;
          parts.push({ versamentoID: source.id, rataID: a.rataID, importo: part });
          source.free -= part;
          need -= part;
        }
      }
      await addAllocations(trx, ctx.archiveId, parts);
      await addToInstalments(trx, ctx.archiveId, allocations);
      const now = new Date().toISOString();
      const unitaId = units?.length === 1 ? (units[0] as number) : null;
      const base = {
        condominioId: Number(exercise.condominio_id),
        esercizioId: input.esercizioID,
        anagraficaId: input.anagrID,
        unitaId,
        data: input.data,
        numeroDocumento: null,
      };
      await addMovement(
        trx,
        ctx.archiveId,
        { ...base, descrizione: 'Utilizzo eccedenza', importo: -input.importo },
        now,
      );
      await addMovement(
        trx,
        ctx.archiveId,
        { ...base, descrizione: input.descrizione || 'Versamento da eccedenza', importo: input.importo },
        now,
      );
      return {
        versamentoID: null,
        rimborsoID: null,
        allocazioni: allocations,
        eccedenza: available - input.importo,
      };
    }),
  );
  return withDetail(ctx, input, operation, known);
}

// --- Home ---------------------------------------------------------------------------------

const OVERDUE_HOME_SIZE = 10;

/**
 * GET /api/rata/scadute: the oldest unpaid instalments past their due date (debts only), through
 * the partial index of unpaid instalments by due date (migration 0050).
 */
export async function overdueInstalments(ctx: InstalmentContext): Promise<RataScaduta[]> {
  const rows = await ctx.db
    .selectFrom('instalments as i')
    .innerJoin('registries as r', (j) =>
      j.onRef('r.archive_id', '=', 'i.archive_id').onRef('r.id', '=', 'i.anagrafica_id'),
    )
    .innerJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'r.archive_id').onRef('p.id', '=', 'r.persona_id'),
    )
    .innerJoin('condominiums as c', (j) =>
      j.onRef('c.archive_id', '=', 'i.archive_id').onRef('c.id', '=', 'i.condominio_id'),
    )
    .select([
      'i.id',
      'i.descrizione',
      'i.data_scadenza',
      'i.importo_cents',
      'i.versato_cents',
      'i.condominio_id',
      'i.esercizio_id',
      'i.anagrafica_id',
      'p.descr',
      'c.intestazione',
    ])
    .where('i.archive_id', '=', ctx.archiveId)
    .where('i.data_scadenza', '<', todayOf(ctx))
    .where((eb) => eb('i.versato_cents', '<', eb.ref('i.importo_cents')))
    .where('i.tipo', 'in', DEBT_TYPES)
    .orderBy('i.data_scadenza')
    .orderBy('i.id')
    .limit(OVERDUE_HOME_SIZE)
    .execute();
  return rows.map((r) => ({
    rataID: Number(r.id),
    descrizione: r.descrizione,
    dataScadenza: r.data_scadenza,
    saldo: Number(r.importo_cents) - Number(r.versato_cents),
    condominioID: Number(r.condominio_id),
    intestazioneCondominio: r.intestazione,
    esercizioID: Number(r.esercizio_id),
    anagraficaID: Number(r.anagrafica_id),
    anagraficaDescr: r.descr,
  }));
}

// --- Movements ------------------------------------------------------------------------------

/** GET /api/movimenti: the movements of a registry, person, provider, instalment or unit, newest first. */
export async function listMovements(
  ctx: InstalmentContext,
  input: { ID: number; TipoRiferimento: number },
): Promise<Movimento[]> {
  const { db, archiveId } = ctx;
  const base = db
    .selectFrom('movements as m')
    .select([...movementColumns()])
    .where('m.archive_id', '=', archiveId);
  let q: typeof base;
  switch (input.TipoRiferimento) {
    case MovementReference.Registry: {
      await requireRow(db, archiveId, 'registries', input.ID, 'Anagrafica non trovata.');
      q = base
        .where('m.tipo_riferimento', '=', RegistryType.CondominiumRegistry)
        .where('m.riferimento_id', '=', input.ID);
      break;
    }
    case MovementReference.Person: {
      await requireRow(db, archiveId, 'persons', input.ID, 'Persona non trovata.');
      const registries = await db
        .selectFrom('registries')
        .select('id')
        .where('archive_id', '=', archiveId)
        .where('persona_id', '=', input.ID)
        .limit(+1000)
        .execute();
      const ids = registries.map((r) => Number(r.id));
      q = base.where((eb) =>
        eb.or([
          eb.and([eb('m.tipo_riferimento', '=', RegistryType.Person), eb('m.riferimento_id', '=', input.ID)]),
          eb.and([
            eb('m.tipo_riferimento', '=', RegistryType.CondominiumRegistry),
            eb('m.riferimento_id', 'in', ids.length ? ids : [-1]),
          ]),
        ]),
      );
      break;
    }
    case MovementReference.Provider: {
      await requireRow(db, archiveId, 'providers', input.ID, 'Fornitore non trovato.');
      q = base
        .where('m.tipo_riferimento', '=', RegistryType.Provider)
        .where('m.riferimento_id', '=', input.ID);
      break;
    }
    case MovementReference.Instalment: {
      await requireRow(db, archiveId, 'instalments', input.ID, 'Rata non trovata.');
      const paying = await db
        .selectFrom('payment_allocations')
        .select('versamento_id')
        .where('archive_id', '=', archiveId)
        .where('rata_id', '=', input.ID)
        .limit(+1000)
        .execute();
      const ids = paying.map((p) => Number(p.versamento_id));
      q = base.where('m.versamento_id', 'in', ids.length ? ids : [-1]);
      break;
    }
    default: {
      await requireRow(db, archiveId, 'units', input.ID, 'Unità non trovata.');
      q = base.where('m.unita_id', '=', input.ID);
    }
  }
  const rows = await q.orderBy('m.data', 'desc').orderBy('m.id', 'desc').limit(MOVEMENTS_LIMIT).execute();
  return rows.map((r) => ({
    id: Number(r.id),
    data: r.data,
    descrizione: r.descrizione,
    importo: Number(r.importo_cents),
    numeroDocumento: r.numero_documento,
    condominioID: Number(r.condominio_id),
    esercizioID: r.esercizio_id === null ? null : Number(r.esercizio_id),
    versamentoID: r.versamento_id == null ? null : Number(r.versamento_id),
    rimborsoID: r.rimborso_id == null ? null : Number(r.rimborso_id),
  }));
}

// --- Print settings ---------------------------------------------------------------------------

const EMPTY_SETTINGS: StampaImpostazioniData = {
  intestazione: null,
  indirizzo: null,
  codiceFiscale: null,
  logo: null,
  rigaFirma: null,
  piePagina: null,
};

export async function readPrintSettings(db: Db, archiveId: number): Promise<StampaImpostazioniData> {
  const row = await db
    .selectFrom('print_settings')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .executeTakeFirst();
  if (!row) return EMPTY_SETTINGS;
  return {
    intestazione: row.intestazione,
    indirizzo: row.indirizzo,
    codiceFiscale: row.codice_fiscale,
    logo: row.logo,
    rigaFirma: row.riga_firma,
    piePagina: row.pie_pagina,
  };
}

export async function savePrintSettings(
  db: Db,
  archiveId: number,
  input: Partial<Record<keyof StampaImpostazioniData, string | null | undefined>>,
): Promise<StampaImpostazioniData> {
  const blank = (v: string | null | undefined) => (v ? v : null);
  const values = {
    intestazione: blank(input.intestazione),
    indirizzo: blank(input.indirizzo),
    codice_fiscale: blank(input.codiceFiscale?.toUpperCase()),
    logo: blank(input.logo),
    riga_firma: blank(input.rigaFirma),
    pie_pagina: blank(input.piePagina),
    updated_at: new Date().toISOString(),
  };
  await db
    .insertInto('print_settings')
    .values({ archive_id: archiveId, ...values })
    .onConflict((oc) => oc.column('archive_id').doUpdateSet(values))
    .execute();
  return readPrintSettings(db, archiveId);
}
