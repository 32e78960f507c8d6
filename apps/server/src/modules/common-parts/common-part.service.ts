import {
  type AmbienteInput,
  CommonPartCategory,
  commonPartTypeLabel,
  ErrorCode,
  type ImpiantoInput,
  type ServizioInputParsed,
} from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { searchDocument } from '../../db/dialect.ts';
import { nextId } from '../../db/ids.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, staleVersion } from '../../shared/app-error.ts';
import { recordChange, recordPartChange } from '../history/history.service.ts';
import { toCommonPart, toListItem, toServizio } from './common-part.mapper.ts';
import {
  type CommonPartFilters,
  type CommonPartValues,
  commonPartsForExport,
  deleteCommonPart,
  deleteService,
  findCommonPart,
  findCondominium,
  findService,
  hasFiles,
  insertCommonPart,
  insertService,
  listCommonPartPage,
  listServices,
  providerExists,
  type ServiceValues,
  updateCommonPart,
  updateService,
} from './common-part.repository.ts';
import { nextDateOf } from './service-dates.ts';

export interface CommonPartContext {
  db: Kysely<Database>;
  dialect: DialectName;
  archiveId: number;
}

type Kind = 'impianto' | 'ambiente';
const CATEGORY: Record<Kind, number> = {
  impianto: CommonPartCategory.Plant,
  ambiente: CommonPartCategory.Environment,
};
const NOT_FOUND: Record<Kind, string> = {
  impianto: 'Impianto non trovato.',
  ambiente: 'Ambiente non trovato.',
};

const condominiumNotFound = () => new AppError(ErrorCode.NotFound, 'Condominio non trovato.');
const serviceNotFound = () => new AppError(ErrorCode.NotFound, 'Servizio non trovato.');
const providerNotFound = () => new AppError(ErrorCode.ProviderNotFound, 'Fornitore non trovato.');

/** Sort key as everywhere else: lowercase, no accents. */
const sortKey = (text: string) => searchDocument(text);

export async function listPage(
  ctx: CommonPartContext,
  filters: CommonPartFilters,
  page: { pageNumber: number; pageSize: number },
) {
  if (
    filters.condominioId !== undefined &&
    !(await findCondominium(ctx.db, ctx.archiveId, filters.condominioId))
  ) {
    throw condominiumNotFound();
  }
  const limit = page.pageSize;
  const offset = (page.pageNumber - 1) * page.pageSize;
  const found = await listCommonPartPage(ctx.db, ctx.dialect, ctx.archiveId, filters, { limit, offset });
  return { items: found.rows.map(toListItem), totalCount: found.totalCount, capped: found.capped };
}

export async function getCommonPart(ctx: CommonPartContext, kind: Kind, condominioId: number, id: number) {
  const row = await findCommonPart(ctx.db, ctx.archiveId, condominioId, id, CATEGORY[kind]);
  if (!row) throw new AppError(ErrorCode.NotFound, NOT_FOUND[kind]);
  return toCommonPart(row);
}

type KindInput = (ImpiantoInput | AmbienteInput) & { tipo: number };

function valuesOf(kind: Kind, input: KindInput, intestazione: string): CommonPartValues {
  const plant = kind === 'impianto' ? (input as ImpiantoInput) : null;
  const environment = kind === 'ambiente' ? (input as AmbienteInput) : null;
  const text = (v: string | null | undefined) => (v ? v : null);
  return {
    tipo: input.tipo,
    denominazione: input.denominazione,
    denominazione_sort: sortKey(input.denominazione),
    ubicazione: text(input.ubicazione),
    note: text(input.note),
    marca: text(plant?.marca),
    modello: text(plant?.modello),
    matricola: text(plant?.matricola),
    data_installazione: text(plant?.dataInstallazione),
    superficie_mq: environment?.superficieMq == null ? null : Number(environment.superficieMq),
    search_doc: searchDocument(
      input.denominazione,
      input.ubicazione,
      commonPartTypeLabel(CATEGORY[kind], input.tipo),
      intestazione,
    ),
  };
}

export async function createCommonPart(
  ctx: CommonPartContext,
  kind: Kind,
  condominioId: number,
  input: KindInput,
) {
  const id = await ctx.db.transaction().execute(async (trx) => {
    const condominium = await findCondominium(trx, ctx.archiveId, condominioId);
    if (!condominium) throw condominiumNotFound();
    const newId = await nextId(trx, ctx.archiveId, 'common_parts');
    const values = valuesOf(kind, input, condominium.intestazione);
    await insertCommonPart(trx, ctx.archiveId, {
      id: newId,
      condominio_id: condominioId,
      categoria: CATEGORY[kind],
      now: new Date().toISOString(),
      ...values,
    });
    await recordChange(trx, ctx.archiveId, 'parteComune', newId, null, values);
    return newId;
  });
  return getCommonPart(ctx, kind, condominioId, id);
}

export async function updateCommonPartOf(
  ctx: CommonPartContext,
  kind: Kind,
  condominioId: number,
  id: number,
  input: KindInput & { objVersion: number },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findCommonPart(trx, ctx.archiveId, condominioId, id, CATEGORY[kind]);
    if (!current) throw new AppError(ErrorCode.NotFound, NOT_FOUND[kind]);
    const values = valuesOf(kind, input, current.intestazione);
    await updateCommonPart(
      trx,
      ctx.archiveId,
      { condominioId, id, categoria: CATEGORY[kind] },
      input.objVersion,
      { ...values, updated_at: new Date().toISOString() },
    );
    await recordChange(trx, ctx.archiveId, 'parteComune', id, current, values);
  });
  return getCommonPart(ctx, kind, condominioId, id);
}

export async function deleteCommonPartOf(
  ctx: CommonPartContext,
  kind: Kind,
  condominioId: number,
  id: number,
  objVersion: number,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const current = await findCommonPart(trx, ctx.archiveId, condominioId, id, CATEGORY[kind]);
    if (!current) throw new AppError(ErrorCode.NotFound, NOT_FOUND[kind]);
    if (current.obj_version !== objVersion) throw staleVersion();
    if (await hasFiles(trx, ctx.archiveId, id)) {
      throw new AppError(
        ErrorCode.Business,
        'La parte comune ha dei documenti allegati: eliminali prima di eliminarla.',
      );
    }
    await deleteCommonPart(trx, ctx.archiveId, { condominioId, id }, objVersion);
    await recordChange(trx, ctx.archiveId, 'parteComune', id, current, null);
  });
  return { id };
}

// ---------------------------------------------------------------------------- services

export async function condominiumServices(
  ctx: CommonPartContext,
  condominioId: number,
  filters: { tipoServizio?: number | undefined },
) {
  if (!(await findCondominium(ctx.db, ctx.archiveId, condominioId))) throw condominiumNotFound();
  return (await listServices(ctx.db, ctx.archiveId, condominioId, filters)).map(toServizio);
}

async function commonPartOf(db: Kysely<Database>, archiveId: number, condominioId: number, id: number) {
  const part = await db
    .selectFrom('common_parts')
    .select(['id', 'categoria'])
    .where('archive_id', '=', archiveId)
    .where('condominio_id', '=', condominioId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!part) throw new AppError(ErrorCode.NotFound, 'Parte comune non trovata.');
  return part;
}

export async function commonPartServices(
  ctx: CommonPartContext,
  condominioId: number,
  parteComuneId: number,
) {
  await commonPartOf(ctx.db, ctx.archiveId, condominioId, parteComuneId);
  return (await listServices(ctx.db, ctx.archiveId, condominioId, { parteComuneId })).map(toServizio);
}

export async function getService(ctx: CommonPartContext, condominioId: number, id: number) {
  const row = await findService(ctx.db, ctx.archiveId, condominioId, id);
  if (!row) throw serviceNotFound();
  return toServizio(row);
}

async function serviceValues(
  db: Kysely<Database>,
  archiveId: number,
  input: ServizioInputParsed,
): Promise<ServiceValues> {
  const fornitoreId = input.fornitoreID ?? null;
  if (fornitoreId !== null && !(await providerExists(db, archiveId, fornitoreId))) throw providerNotFound();
  const text = (v: string | null | undefined) => (v ? v : null);
  const periodicita = input.periodicitaMesi ?? null;
  return {
    tipo_servizio: input.tipoServizio,
    fornitore_id: fornitoreId,
    descrizione: input.descrizione,
    periodicita_mesi: periodicita,
    data_ultima: text(input.dataUltima),
    prossima_scadenza: nextDateOf({
      prossimaScadenza: text(input.prossimaScadenza),
      dataUltima: text(input.dataUltima),
      periodicitaMesi: periodicita,
    }),
    riferimento_contratto: text(input.riferimentoContratto),
    note: text(input.note),
  };
}

/** The fields of a service its history shows (the common part's and provider's names are the list's). */
const SERVICE_FIELDS = [
  'tipo_servizio',
  'fornitore_id',
  'descrizione',
  'periodicita_mesi',
  'data_ultima',
  'prossima_scadenza',
  'riferimento_contratto',
  'note',
] as const satisfies ReadonlyArray<keyof ServiceValues>;

function serviceFields(row: ServiceValues): ServiceValues {
  return Object.fromEntries(SERVICE_FIELDS.map((field) => [field, row[field]])) as ServiceValues;
}

/** A service's change, written in its common part's history ("Servizio: ..."). */
function recordServiceChange(
  trx: Kysely<Database>,
  archiveId: number,
  parteComuneId: number,
  before: ServiceValues | null,
  after: ServiceValues | null,
) {
  const name = (row: Record<string, unknown>) => (row.descrizione ? String(row.descrizione) : null);
  return recordPartChange(
    trx,
    archiveId,
    'parteComune',
    parteComuneId,
    'servizio',
    name,
    before && serviceFields(before),
    after && serviceFields(after),
  );
}

export async function createService(
  ctx: CommonPartContext,
  condominioId: number,
  parteComuneId: number,
  input: ServizioInputParsed,
) {
  const id = await ctx.db.transaction().execute(async (trx) => {
    await commonPartOf(trx, ctx.archiveId, condominioId, parteComuneId);
    const values = await serviceValues(trx, ctx.archiveId, input);
    const newId = await nextId(trx, ctx.archiveId, 'common_part_services');
    await insertService(trx, ctx.archiveId, {
      id: newId,
      condominio_id: condominioId,
      parte_comune_id: parteComuneId,
      ...values,
    });
    await recordServiceChange(trx, ctx.archiveId, parteComuneId, null, values);
    return newId;
  });
  return getService(ctx, condominioId, id);
}

export async function updateServiceOf(
  ctx: CommonPartContext,
  condominioId: number,
  id: number,
  input: ServizioInputParsed & { objVersion: number },
) {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findService(trx, ctx.archiveId, condominioId, id);
    if (!before) throw serviceNotFound();
    const values = await serviceValues(trx, ctx.archiveId, input);
    await updateService(trx, ctx.archiveId, { condominioId, id }, input.objVersion, values);
    await recordServiceChange(trx, ctx.archiveId, Number(before.parte_comune_id), before, values);
  });
  return getService(ctx, condominioId, id);
}

export async function deleteServiceOf(
  ctx: CommonPartContext,
  condominioId: number,
  id: number,
  objVersion: number,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const before = await findService(trx, ctx.archiveId, condominioId, id);
    if (!before) throw serviceNotFound();
    await deleteService(trx, ctx.archiveId, { condominioId, id }, objVersion);
    await recordServiceChange(trx, ctx.archiveId, Number(before.parte_comune_id), before, null);
  });
  return { id };
}

/** The query of every common part of the list's search and filters, for an export, on `readDb`. */
export async function commonPartExportQuery(
  ctx: CommonPartContext,
  readDb: Kysely<Database>,
  filters: CommonPartFilters,
) {
  if (
    filters.condominioId !== undefined &&
    !(await findCondominium(ctx.db, ctx.archiveId, filters.condominioId))
  ) {
    throw condominiumNotFound();
  }
  return commonPartsForExport(readDb, ctx.dialect, ctx.archiveId, filters);
}
