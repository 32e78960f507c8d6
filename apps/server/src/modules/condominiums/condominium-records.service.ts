import type {
  Assicurazione,
  AssicurazioneCreate,
  DatiCatastali,
  DatoCatastale,
  DomandaAccatastamentoCreate,
  Esercizio,
  EsercizioCreate,
  Fondo,
  FondoCreate,
  ImmobileAccatastatoCreate,
  Palazzina,
  PalazzinaCreate,
  RegistroAmministratore,
  RegistroAmministratoreCreate,
  Risorsa,
  RisorsaCreate,
} from '@stabile/contract';
import { CadastralType, ExerciseStatusFilter, isoDateToday } from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { AppError, staleVersion } from '../../shared/app-error.ts';
import { type CondominiumContext, requireCondominium } from './condominium.service.ts';
import {
  toAssicurazione,
  toBuildingValues,
  toDatoCatastale,
  toEsercizio,
  toExerciseValues,
  toFondo,
  toFundValues,
  toInsuranceValues,
  toPalazzina,
  toPropertyValues,
  toRegisterValues,
  toRegistroAmministratore,
  toRequestValues,
  toResourceValues,
  toRisorsa,
} from './condominium-records.mapper.ts';
import {
  anyRow,
  deleteRecord,
  findRecord,
  insertRecord,
  listRecords,
  lookupTexts,
  type RecordParent,
  type RecordRow,
  type RecordTable,
  type RecordValues,
  recordRecordChange,
  updateRecord,
} from './condominium-records.repository.ts';

/*
 * Rules of the records a condominium owns: each is reached only under its own condominium (and
 * exercise), writes carry objVersion (stale -> 115, nothing overwritten), deletes refuse what other
 * records still use, references (event, resource type, exercise, resource) must be of the same
 * archive and condominium.
 */

type Db = Kysely<Database>;

const NOT_FOUND: Record<RecordTable, string> = {
  exercises: "L'esercizio richiesto non esiste.",
  buildings: 'La palazzina richiesta non esiste.',
  unit_groups: 'Il gruppo richiesto non esiste.',
  insurances: 'La polizza richiesta non esiste.',
  cadastral_data: 'Il dato catastale richiesto non esiste.',
  admin_register: 'La voce del registro richiesta non esiste.',
  resources: 'La risorsa richiesta non esiste.',
  funds: 'Il fondo richiesto non esiste.',
};

const notFound = (table: RecordTable) => new AppError(122, NOT_FOUND[table]);

function invalidReference(path: string, message: string) {
  return new AppError(113, message, { details: [{ path, message }] });
}

/** The parent of a record: the condominium (checked: 122 when missing) and maybe an exercise. */
async function parentOf(
  db: Db,
  archiveId: number,
  condominioId: number,
  esercizioId?: number,
): Promise<RecordParent> {
  await requireCondominium(db, archiveId, condominioId);
  const parent: RecordParent = { archiveId, condominioId };
  if (esercizioId !== undefined) {
    if (!(await findRecord(db, 'exercises', parent, esercizioId))) throw notFound('exercises');
    parent.esercizioId = esercizioId;
  }
  return parent;
}

async function requireRecord<T extends RecordTable>(
  db: Db,
  table: T,
  parent: RecordParent,
  id: number,
): Promise<RecordRow<T>> {
  const row = await findRecord(db, table, parent, id);
  if (!row) throw notFound(table);
  return row;
}

/** Writes a new version of a record, or says why not (122 missing, 115 stale). */
async function updateChecked<T extends RecordTable>(
  db: Db,
  table: T,
  parent: RecordParent,
  id: number,
  objVersion: number,
  values: Partial<RecordValues<T>>,
): Promise<void> {
  const write = async (trx: Db) => {
    const before = await requireRecord(trx, table, parent, id);
    await updateRecord(trx, table, parent, id, objVersion, values);
    await recordRecordChange(trx, table, parent, before, values);
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
}

/** Deletes a record unless `blockers` names what still uses it (115 with their names). */
async function deleteChecked(
  db: Db,
  table: RecordTable,
  parent: RecordParent,
  id: number,
  objVersion: number,
  what: string,
  blockers: Array<[name: string, used: (db: Db) => Promise<boolean>]> = [],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await requireRecord(trx, table, parent, id);
    if (row.obj_version !== objVersion) throw staleVersion();
    const used: string[] = [];
    for (const [name, check] of blockers) if (await check(trx)) used.push(name);
    if (used.length > 0) throw new AppError(115, `${what} perché ne dipendono: ${used.join(', ')}.`);
    await deleteRecord(trx, table, parent, id, objVersion);
    await recordRecordChange(trx, table, parent, row, null);
  });
}

// --- Exercises -----------------------------------------------------------------------------

export async function listExercises(
  ctx: CondominiumContext,
  condominioId: number,
  query: { EserciziAperti: number; tipo?: number | undefined },
): Promise<Esercizio[]> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const where: Record<string, number> = {};
  if (query.EserciziAperti === ExerciseStatusFilter.Open) where.chiuso = 0;
  if (query.EserciziAperti === ExerciseStatusFilter.Closed) where.chiuso = 1;
  if (query.tipo !== undefined) where.tipo = query.tipo;
  const rows = await listRecords(ctx.db, 'exercises', parent, {
    where,
    orderBy: [{ column: 'data_inizio', direction: 'desc' }],
  });
  return rows.map(toEsercizio);
}

export async function getExercise(ctx: CondominiumContext, condominioId: number, id: number) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  return toEsercizio(await requireRecord(ctx.db, 'exercises', parent, id));
}

type ExerciseInput = Required<Pick<EsercizioCreate, 'tipo' | 'descrizione' | 'dataInizio' | 'dataFine'>> & {
  chiuso: boolean;
};

/** Today in Italy: an exercise closed at 00:30 there is closed that day, not the day before (UTC's). */
const today = () => isoDateToday();

export async function createExercise(
  ctx: CondominiumContext,
  condominioId: number,
  input: ExerciseInput,
): Promise<Esercizio> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const parent = await parentOf(trx, ctx.archiveId, condominioId);
    return insertRecord(trx, 'exercises', parent, {
      ...toExerciseValues(input, today(), null),
      created_at: new Date().toISOString(),
    });
  });
  return getExercise(ctx, condominioId, id);
}

export async function updateExercise(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
  input: ExerciseInput & { objVersion: number },
): Promise<Esercizio> {
  await ctx.db.transaction().execute(async (trx) => {
    const parent = await parentOf(trx, ctx.archiveId, condominioId);
    const row = await requireRecord(trx, 'exercises', parent, id);
    const values = toExerciseValues(input, today(), row.chiuso === 1 ? row.data_chiusura : null);
    await updateChecked(trx, 'exercises', parent, id, input.objVersion, values);
  });
  return getExercise(ctx, condominioId, id);
}

export async function deleteExercise(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
  objVersion: number,
): Promise<void> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const a = ctx.archiveId;
  const uses = (table: keyof Database) => (db: Db) => anyRow(db, a, table, { esercizio_id: id });
  const inCondo = (table: keyof Database) => (db: Db) =>
    anyRow(db, a, table, { condominio_id: condominioId, esercizio_id: id });
  await deleteChecked(ctx.db, 'exercises', parent, id, objVersion, "L'esercizio non può essere eliminato", [
    ['palazzine', uses('buildings')],
    ['gruppi', uses('unit_groups')],
    ['unità immobiliari', uses('units')],
    ['anagrafiche condominiali', uses('registries')],
    ['rate', uses('instalments')],
    ['versamenti', uses('payments')],
    ['rimborsi', uses('refunds')],
    ['conti', uses('ledger_accounts')],
    ['risorse', inCondo('resources')],
    ['fondi', inCondo('funds')],
  ]);
}

// --- Buildings and groups ------------------------------------------------------------------

type UnitSet = 'buildings' | 'unit_groups';

export async function listUnitSets(
  ctx: CondominiumContext,
  table: UnitSet,
  condominioId: number,
  esercizioId: number,
): Promise<Palazzina[]> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId, esercizioId);
  const rows = await listRecords(ctx.db, table, parent, {
    orderBy: [{ column: 'descrizione', direction: 'asc' }],
  });
  return rows.map(toPalazzina);
}

async function getUnitSet(ctx: CondominiumContext, table: UnitSet, parent: RecordParent, id: number) {
  return toPalazzina(await requireRecord(ctx.db, table, parent, id));
}

export async function createUnitSet(
  ctx: CondominiumContext,
  table: UnitSet,
  condominioId: number,
  esercizioId: number,
  input: PalazzinaCreate,
): Promise<Palazzina> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId, esercizioId);
  const id = await ctx.db
    .transaction()
    .execute((trx) => insertRecord(trx, table, parent, toBuildingValues(input)));
  return getUnitSet(ctx, table, parent, id);
}

export async function updateUnitSet(
  ctx: CondominiumContext,
  table: UnitSet,
  condominioId: number,
  esercizioId: number,
  id: number,
  input: PalazzinaCreate & { objVersion: number },
): Promise<Palazzina> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId, esercizioId);
  await updateChecked(ctx.db, table, parent, id, input.objVersion, toBuildingValues(input));
  return getUnitSet(ctx, table, parent, id);
}

export async function deleteUnitSet(
  ctx: CondominiumContext,
  table: UnitSet,
  condominioId: number,
  esercizioId: number,
  id: number,
  objVersion: number,
): Promise<void> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId, esercizioId);
  const column = table === 'buildings' ? 'palazzina_id' : 'gruppo_id';
  await deleteChecked(
    ctx.db,
    table,
    parent,
    id,
    objVersion,
    table === 'buildings' ? 'La palazzina non può essere eliminata' : 'Il gruppo non può essere eliminato',
    [['unità immobiliari', (db) => anyRow(db, ctx.archiveId, 'units', { [column]: id })]],
  );
}

// --- Insurance -----------------------------------------------------------------------------

export async function listInsurances(ctx: CondominiumContext, condominioId: number) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const rows = await listRecords(ctx.db, 'insurances', parent, {
    orderBy: [{ column: 'data_scadenza', direction: 'desc' }],
  });
  return rows.map(toAssicurazione);
}

export async function getInsurance(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
): Promise<Assicurazione> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  return toAssicurazione(await requireRecord(ctx.db, 'insurances', parent, id));
}

export async function createInsurance(
  ctx: CondominiumContext,
  condominioId: number,
  input: AssicurazioneCreate,
) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const id = await ctx.db
    .transaction()
    .execute((trx) => insertRecord(trx, 'insurances', parent, toInsuranceValues(input)));
  return getInsurance(ctx, condominioId, id);
}

export async function updateInsurance(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
  input: AssicurazioneCreate & { objVersion: number },
) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  await updateChecked(ctx.db, 'insurances', parent, id, input.objVersion, toInsuranceValues(input));
  return getInsurance(ctx, condominioId, id);
}

export async function deleteInsurance(ctx: CondominiumContext, condominioId: number, id: number, v: number) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  await deleteChecked(ctx.db, 'insurances', parent, id, v, 'La polizza non può essere eliminata');
}

// --- Cadastral data ------------------------------------------------------------------------

export async function cadastralData(ctx: CondominiumContext, condominioId: number): Promise<DatiCatastali> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const rows = (
    await listRecords(ctx.db, 'cadastral_data', parent, { orderBy: [{ column: 'tipo', direction: 'asc' }] })
  )
    .map(toDatoCatastale)
    .sort((a, b) => a.id - b.id);
  return {
    immobiliAccatastati: rows.filter((r) => r.tipo === CadastralType.RegisteredProperty),
    domandeAccatastamento: rows.filter((r) => r.tipo === CadastralType.RegistrationRequest),
  };
}

async function getCadastral(ctx: CondominiumContext, parent: RecordParent, id: number, tipo?: number) {
  const row = await requireRecord(ctx.db, 'cadastral_data', parent, id);
  if (tipo !== undefined && row.tipo !== tipo) throw notFound('cadastral_data');
  return toDatoCatastale(row);
}

export async function createCadastral(
  ctx: CondominiumContext,
  condominioId: number,
  input: ImmobileAccatastatoCreate | DomandaAccatastamentoCreate,
  tipo: CadastralType,
): Promise<DatoCatastale> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const values =
    tipo === CadastralType.RegisteredProperty
      ? toPropertyValues(input as ImmobileAccatastatoCreate)
      : toRequestValues(input as DomandaAccatastamentoCreate);
  const id = await ctx.db.transaction().execute((trx) => insertRecord(trx, 'cadastral_data', parent, values));
  return getCadastral(ctx, parent, id);
}

export async function updateCadastral(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
  input: (ImmobileAccatastatoCreate | DomandaAccatastamentoCreate) & { objVersion: number },
  tipo: CadastralType,
): Promise<DatoCatastale> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  // A registered property is edited only as one, a request only as a request.
  await getCadastral(ctx, parent, id, tipo);
  const values =
    tipo === CadastralType.RegisteredProperty
      ? toPropertyValues(input as ImmobileAccatastatoCreate)
      : toRequestValues(input as DomandaAccatastamentoCreate);
  await updateChecked(ctx.db, 'cadastral_data', parent, id, input.objVersion, values);
  return getCadastral(ctx, parent, id);
}

export async function deleteCadastral(ctx: CondominiumContext, condominioId: number, id: number, v: number) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  await deleteChecked(ctx.db, 'cadastral_data', parent, id, v, 'Il dato catastale non può essere eliminato');
}

// --- Administrators register ---------------------------------------------------------------

async function eventNames(db: Db, archiveId: number) {
  return new Map(
    (await lookupTexts(db, archiveId, 'admin_register_event_types')).map((e) => [e.id, e.testo]),
  );
}

export function registerEvents(ctx: CondominiumContext) {
  return lookupTexts(ctx.db, ctx.archiveId, 'admin_register_event_types');
}

export async function listRegister(ctx: CondominiumContext, condominioId: number) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const rows = await listRecords(ctx.db, 'admin_register', parent, {
    orderBy: [{ column: 'data_evento', direction: 'desc' }],
  });
  const events = await eventNames(ctx.db, ctx.archiveId);
  return rows.map((r) => toRegistroAmministratore(r, events));
}

export async function getRegisterEntry(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
): Promise<RegistroAmministratore> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const row = await requireRecord(ctx.db, 'admin_register', parent, id);
  return toRegistroAmministratore(row, await eventNames(ctx.db, ctx.archiveId));
}

async function checkEvent(ctx: CondominiumContext, eventoID: number) {
  if (!(await eventNames(ctx.db, ctx.archiveId)).has(eventoID))
    throw invalidReference('eventoID', 'Evento del registro non valido');
}

export async function createRegisterEntry(
  ctx: CondominiumContext,
  condominioId: number,
  input: RegistroAmministratoreCreate,
) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  await checkEvent(ctx, input.eventoID);
  const id = await ctx.db
    .transaction()
    .execute((trx) => insertRecord(trx, 'admin_register', parent, toRegisterValues(input)));
  return getRegisterEntry(ctx, condominioId, id);
}

export async function updateRegisterEntry(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
  input: RegistroAmministratoreCreate & { objVersion: number },
) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  await requireRecord(ctx.db, 'admin_register', parent, id);
  await checkEvent(ctx, input.eventoID);
  await updateChecked(ctx.db, 'admin_register', parent, id, input.objVersion, toRegisterValues(input));
  return getRegisterEntry(ctx, condominioId, id);
}

export async function deleteRegisterEntry(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
  v: number,
) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  await deleteChecked(
    ctx.db,
    'admin_register',
    parent,
    id,
    v,
    'La voce del registro non può essere eliminata',
  );
}

// --- Resources and funds -------------------------------------------------------------------

async function resourceTypeNames(db: Db, archiveId: number) {
  return new Map((await lookupTexts(db, archiveId, 'resource_types')).map((e) => [e.id, e.testo]));
}

export function resourceTypes(ctx: CondominiumContext) {
  return lookupTexts(ctx.db, ctx.archiveId, 'resource_types');
}

export async function listResources(
  ctx: CondominiumContext,
  condominioId: number,
  versione: number,
): Promise<Risorsa[]> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const rows = await listRecords(ctx.db, 'resources', parent, {
    // Version 1 lists the classic resources; version 2 also the payment accounts.
    ...(versione === 1 ? { where: { versione: 1 } } : {}),
    orderBy: [{ column: 'versione', direction: 'asc' }],
  });
  const types = await resourceTypeNames(ctx.db, ctx.archiveId);
  return rows
    .sort((a, b) => a.versione - b.versione || Number(a.id) - Number(b.id))
    .map((r) => toRisorsa(r, types));
}

export async function getResource(ctx: CondominiumContext, condominioId: number, id: number) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const row = await requireRecord(ctx.db, 'resources', parent, id);
  return toRisorsa(row, await resourceTypeNames(ctx.db, ctx.archiveId));
}

async function checkResourceRefs(
  ctx: CondominiumContext,
  parent: RecordParent,
  input: {
    tipoRisorsaID?: number;
    esercizioID?: number | null | undefined;
    risorsaID?: number | null | undefined;
  },
) {
  if (
    input.tipoRisorsaID !== undefined &&
    !(await resourceTypeNames(ctx.db, ctx.archiveId)).has(input.tipoRisorsaID)
  )
    throw invalidReference('tipoRisorsaID', 'Tipo di risorsa non valido');
  if (input.esercizioID && !(await findRecord(ctx.db, 'exercises', parent, input.esercizioID)))
    throw invalidReference('esercizioID', 'Esercizio non valido');
  if (input.risorsaID && !(await findRecord(ctx.db, 'resources', parent, input.risorsaID)))
    throw invalidReference('risorsaID', 'Risorsa non valida');
}

type ResourceInput = RisorsaCreate & { versione: number; saldoInizialeCents: number };

export async function createResource(ctx: CondominiumContext, condominioId: number, input: ResourceInput) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  await checkResourceRefs(ctx, parent, input);
  const id = await ctx.db
    .transaction()
    .execute((trx) =>
      insertRecord(trx, 'resources', parent, toResourceValues(input, input.saldoInizialeCents)),
    );
  return getResource(ctx, condominioId, id);
}

export async function updateResource(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
  input: ResourceInput & { objVersion: number },
) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const row = await requireRecord(ctx.db, 'resources', parent, id);
  await checkResourceRefs(ctx, parent, input);
  const saldo = Number(row.saldo_cents) + input.saldoInizialeCents - Number(row.saldo_iniziale_cents);
  await updateChecked(ctx.db, 'resources', parent, id, input.objVersion, toResourceValues(input, saldo));
  return getResource(ctx, condominioId, id);
}

export async function deleteResource(ctx: CondominiumContext, condominioId: number, id: number, v: number) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const a = ctx.archiveId;
  await deleteChecked(ctx.db, 'resources', parent, id, v, 'La risorsa non può essere eliminata', [
    ['fondi', (db) => anyRow(db, a, 'funds', { risorsa_id: id })],
    ['movimenti', (db) => anyRow(db, a, 'movements', { condominio_id: condominioId, risorsa_id: id })],
    ['versamenti', (db) => anyRow(db, a, 'payments', { condominio_id: condominioId, risorsa_id: id })],
    ['rimborsi', (db) => anyRow(db, a, 'refunds', { condominio_id: condominioId, risorsa_id: id })],
  ]);
}

async function resourceNames(db: Db, parent: RecordParent) {
  const rows = await listRecords(db, 'resources', parent, { orderBy: [] });
  return new Map(rows.map((r) => [Number(r.id), r.descrizione]));
}

export async function listFunds(ctx: CondominiumContext, condominioId: number): Promise<Fondo[]> {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const rows = await listRecords(ctx.db, 'funds', parent, {
    orderBy: [{ column: 'descrizione', direction: 'asc' }],
  });
  const names = await resourceNames(ctx.db, parent);
  return rows.map((r) => toFondo(r, names));
}

export async function getFund(ctx: CondominiumContext, condominioId: number, id: number) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const row = await requireRecord(ctx.db, 'funds', parent, id);
  return toFondo(row, await resourceNames(ctx.db, parent));
}

type FundInput = FondoCreate & { importoCents: number };

export async function createFund(ctx: CondominiumContext, condominioId: number, input: FundInput) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  await checkResourceRefs(ctx, parent, input);
  const id = await ctx.db
    .transaction()
    .execute((trx) => insertRecord(trx, 'funds', parent, toFundValues(input, input.importoCents)));
  return getFund(ctx, condominioId, id);
}

export async function updateFund(
  ctx: CondominiumContext,
  condominioId: number,
  id: number,
  input: FundInput & { objVersion: number },
) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  const row = await requireRecord(ctx.db, 'funds', parent, id);
  await checkResourceRefs(ctx, parent, input);
  const saldo = Number(row.saldo_cents) + input.importoCents - Number(row.importo_cents);
  await updateChecked(ctx.db, 'funds', parent, id, input.objVersion, toFundValues(input, saldo));
  return getFund(ctx, condominioId, id);
}

export async function deleteFund(ctx: CondominiumContext, condominioId: number, id: number, v: number) {
  const parent = await parentOf(ctx.db, ctx.archiveId, condominioId);
  await deleteChecked(ctx.db, 'funds', parent, id, v, 'Il fondo non può essere eliminato');
}
