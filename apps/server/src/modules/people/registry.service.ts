import type { FornitoreCreateParsed, HistoryKind, Registry, RegistryListItem } from '@stabile/contract';
import { SEARCH_MIN_LENGTH } from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { hasWordCharacter } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, staleVersion } from '../../shared/app-error.ts';
import { recordChange } from '../history/history.service.ts';
import { toRegistry, toRegistryListItem, toRegistryValues } from './people.mapper.ts';
import { type RegistryTable, registryRowsForExport, searchTerms } from './people-search.ts';
import {
  deleteRegistry,
  findRegistry,
  insertRegistry,
  listRegistry,
  type RegistryPageOptions,
  updateRegistry,
} from './registry.repository.ts';
import { registryUsages } from './registry-usage.ts';

/** Rules shared by contacts and providers: versions, usage before delete, not-found codes. */
export interface RegistryContext {
  db: Kysely<Database>;
  dialect: DialectName;
  archiveId: number;
}

const WHAT: Record<RegistryTable, { history: HistoryKind; notFound: () => AppError; inUse: string }> = {
  persons: {
    history: 'contatto',
    notFound: () => new AppError(122, 'Il contatto richiesto non esiste.'),
    inUse: 'Il contatto non può essere eliminato perché è usato in',
  },
  providers: {
    history: 'fornitore',
    notFound: () => new AppError(201),
    inUse: 'Il fornitore non può essere eliminato perché è usato in',
  },
};

async function activityTypeDescr(ctx: RegistryContext, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await ctx.db
    .selectFrom('provider_activity_types')
    .select('testo')
    .where('archive_id', '=', ctx.archiveId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.testo ?? null;
}

async function checkActivityType(ctx: RegistryContext, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if ((await activityTypeDescr(ctx, id)) === null) {
    throw new AppError(113, 'Tipo di attività non valido (tipoAttivitaID)', {
      details: [{ path: 'tipoAttivitaID', message: 'Tipo di attività non valido' }],
    });
  }
}

export async function listRecords(
  ctx: RegistryContext,
  table: RegistryTable,
  page: { pageNumber: number; pageSize: number },
  filters: Omit<RegistryPageOptions, 'offset' | 'limit'>,
): Promise<{ items: RegistryListItem[]; total: number; capped: boolean }> {
  const search = filters.search?.trim();
  const { rows, total, capped } = await listRegistry(ctx.db, ctx.dialect, table, ctx.archiveId, {
    ...filters,
    // Search starts at 3 characters (spec 5); shorter text lists everything.
    search: search && search.length >= SEARCH_MIN_LENGTH ? search : undefined,
    offset: (page.pageNumber - 1) * page.pageSize,
    limit: page.pageSize,
  });
  return { items: rows.map(toRegistryListItem), total, capped };
}

export async function getRecord(ctx: RegistryContext, table: RegistryTable, id: number): Promise<Registry> {
  const row = await findRegistry(ctx.db, table, ctx.archiveId, id);
  if (!row) throw WHAT[table].notFound();
  return toRegistry(row, await activityTypeDescr(ctx, row.tipo_attivita_id));
}

export async function createRecord(
  ctx: RegistryContext,
  table: RegistryTable,
  input: FornitoreCreateParsed,
): Promise<Registry> {
  const id = await ctx.db.transaction().execute(async (trx) => {
    await checkActivityType({ ...ctx, db: trx }, input.tipoAttivitaID);
    const values = toRegistryValues(input);
    const newId = await insertRegistry(trx, table, ctx.archiveId, values, new Date().toISOString());
    await recordChange(trx, ctx.archiveId, WHAT[table].history, newId, null, values);
    return newId;
  });
  return getRecord(ctx, table, id);
}

export async function updateRecord(
  ctx: RegistryContext,
  table: RegistryTable,
  id: number,
  input: FornitoreCreateParsed & { objVersion: number },
): Promise<Registry> {
  await ctx.db.transaction().execute(async (trx) => {
    await checkActivityType({ ...ctx, db: trx }, input.tipoAttivitaID);
    const before = await findRegistry(trx, table, ctx.archiveId, id);
    const values = toRegistryValues(input);
    const updated = await updateRegistry(
      trx,
      table,
      ctx.archiveId,
      id,
      input.objVersion,
      values,
      new Date().toISOString(),
    );
    if (!updated) {
      const exists = await findRegistry(trx, table, ctx.archiveId, id);
      throw exists ? staleVersion() : WHAT[table].notFound();
    }
    await recordChange(trx, ctx.archiveId, WHAT[table].history, id, before, values);
  });
  return getRecord(ctx, table, id);
}

export async function deleteRecord(
  ctx: RegistryContext,
  table: RegistryTable,
  id: number,
  objVersion: number,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await findRegistry(trx, table, ctx.archiveId, id);
    if (!row) throw WHAT[table].notFound();
    if (row.obj_version !== objVersion) throw staleVersion();
    const usages = await registryUsages(trx, table, ctx.archiveId, id);
    if (usages.length > 0) throw new AppError(115, `${WHAT[table].inUse}: ${usages.join(', ')}.`);
    await deleteRegistry(trx, table, ctx.archiveId, id, objVersion);
    await recordChange(trx, ctx.archiveId, WHAT[table].history, id, row, null);
  });
}

/**
 * The query of every row of a list (its search from 3 characters and its filters), for an export,
 * built on `readDb` (decision 0025); null when the search can match nothing (no letter or digit).
 */
export function registryExportQuery(
  ctx: RegistryContext,
  readDb: Kysely<Database>,
  table: RegistryTable,
  filters: Omit<RegistryPageOptions, 'offset' | 'limit'>,
) {
  const search = filters.search?.trim();
  const text = search && search.length >= SEARCH_MIN_LENGTH ? search : undefined;
  if (text && !hasWordCharacter(text)) return null;
  return registryRowsForExport(readDb, {
    dialect: ctx.dialect,
    table,
    archiveId: ctx.archiveId,
    terms: text ? searchTerms(text) : [],
    filters: { tipoAttivitaID: filters.tipoAttivitaID, durcStato: filters.durcStato },
  });
}
