import {
  type AnagraficaIncarico,
  type Condominio,
  type CondominioCreateParsed,
  type CondominioListItem,
  PaymentAccountStatus,
  type SaldoTsPay,
  SEARCH_MIN_LENGTH,
} from '@stabile/contract';
import { type Kysely, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import { searchDocument } from '../../db/dialect.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, staleVersion } from '../../shared/app-error.ts';
import { recordChange } from '../history/history.service.ts';
import { text, toCondominio, toCondominioListItem, toCondominiumValues } from './condominium.mapper.ts';
import {
  type CondominiumListOptions,
  codiceTaken,
  condominiumsForExport,
  condominiumUsages,
  deleteCondominium,
  findCondominium,
  insertCondominium,
  listCondominiums,
  storeBalance,
  updateCondominium,
} from './condominium.repository.ts';

export interface CondominiumContext {
  db: Kysely<Database>;
  dialect: DialectName;
  archiveId: number;
}

export const condominiumNotFound = () => new AppError(122, 'Il condominio richiesto non esiste.');

function codiceInUse(codice: string) {
  return new AppError(113, `Il codice ${codice} è già usato da un altro condominio`, {
    details: [{ path: 'codice', message: 'Codice già usato da un altro condominio' }],
  });
}

export async function listCondominiumPage(
  ctx: CondominiumContext,
  query: Omit<CondominiumListOptions, 'offset' | 'limit'> & { pageNumber: number; pageSize: number },
): Promise<{ items: CondominioListItem[]; totalCount: number; capped: boolean }> {
  const search = query.search?.trim();
  const { rows, total, capped } = await listCondominiums(ctx.db, ctx.dialect, ctx.archiveId, {
    ...query,
    // Search starts at 3 characters (spec 5); shorter text lists everything.
    search: search && search.length >= SEARCH_MIN_LENGTH ? search : undefined,
    offset: (query.pageNumber - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { items: rows.map(toCondominioListItem), totalCount: total, capped };
}

/** The condominium row, or 122. */
export async function requireCondominium(db: Kysely<Database>, archiveId: number, id: number) {
  const row = await findCondominium(db, archiveId, id);
  if (!row) throw condominiumNotFound();
  return row;
}

export async function getCondominium(ctx: CondominiumContext, id: number): Promise<Condominio> {
  return toCondominio(await requireCondominium(ctx.db, ctx.archiveId, id));
}

export async function createCondominium(
  ctx: CondominiumContext,
  input: CondominioCreateParsed,
): Promise<Condominio> {
  const codice = text(input.codice);
  const id = await ctx.db.transaction().execute(async (trx) => {
    if (codice && (await codiceTaken(trx, ctx.archiveId, codice))) throw codiceInUse(codice);
    const values = toCondominiumValues(input, codice ?? '');
    const newId = await insertCondominium(
      trx,
      ctx.archiveId,
      { ...values, codice },
      new Date().toISOString(),
    );
    if (!codice) {
      // The generated code (the id on 4 digits) goes into the search document too.
      const row = await requireCondominium(trx, ctx.archiveId, newId);
      await trx
        .updateTable('condominiums')
        .set({ search_doc: toCondominiumValues(input, row.codice).search_doc })
        .where('archive_id', '=', ctx.archiveId)
        .where('id', '=', newId)
        .execute();
    }
    await recordChange(trx, ctx.archiveId, 'condominio', newId, null, { ...values, codice });
    return newId;
  });
  return getCondominium(ctx, id);
}

export async function updateCondominiumRecord(
  ctx: CondominiumContext,
  id: number,
  input: CondominioCreateParsed & { objVersion: number },
): Promise<Condominio> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireCondominium(trx, ctx.archiveId, id);
    const codice = text(input.codice) ?? row.codice;
    if (await codiceTaken(trx, ctx.archiveId, codice, id)) throw codiceInUse(codice);
    const values = toCondominiumValues(input, codice);
    // A changed payment-account state makes the stored balance stale.
    const balance =
      values.stato_conto_pagamenti !== row.stato_conto_pagamenti
        ? { saldo_ts_pay_cents: null, saldo_ts_pay_at: null }
        : {};
    await updateCondominium(
      trx,
      ctx.archiveId,
      id,
      input.objVersion,
      { ...values, ...balance },
      new Date().toISOString(),
    );
    await recordChange(trx, ctx.archiveId, 'condominio', id, row, { ...values, ...balance });
  });
  return getCondominium(ctx, id);
}

export async function deleteCondominiumRecord(
  ctx: CondominiumContext,
  id: number,
  objVersion: number,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await requireCondominium(trx, ctx.archiveId, id);
    if (row.obj_version !== objVersion) throw staleVersion();
    const usages = await condominiumUsages(trx, ctx.archiveId, id);
    if (usages.length > 0)
      throw new AppError(
        115,
        `Il condominio non può essere eliminato perché ne dipendono: ${usages.join(', ')}.`,
      );
    await deleteCondominium(trx, ctx.archiveId, id, objVersion);
    await recordChange(trx, ctx.archiveId, 'condominio', id, row, null);
  });
}

/**
 * The balance of the condominium's payment account: the initial balances of its payment-account
 * resources (version 2) plus their recorded movements. Computed when asked to (`force`) or when none
 * is stored; shown only while the account is active.
 */
export async function paymentAccountBalance(
  ctx: CondominiumContext,
  id: number,
  force: boolean,
): Promise<SaldoTsPay> {
  const row = await requireCondominium(ctx.db, ctx.archiveId, id);
  const state = row.stato_conto_pagamenti;
  if (state !== PaymentAccountStatus.Active)
    return { statoContoPagamenti: state, saldoCents: null, aggiornatoIl: null };
  if (!force && row.saldo_ts_pay_at !== null && row.saldo_ts_pay_cents !== null)
    return {
      statoContoPagamenti: state,
      saldoCents: Number(row.saldo_ts_pay_cents),
      aggiornatoIl: row.saldo_ts_pay_at,
    };
  const accounts = ctx.db
    .selectFrom('resources')
    .select('id')
    .where('archive_id', '=', ctx.archiveId)
    .where('condominio_id', '=', id)
    .where('versione', '=', 2);
  const initial = await ctx.db
    .selectFrom('resources')
    .select(sql<number>`coalesce(sum(saldo_iniziale_cents), 0)`.as('total'))
    .where('archive_id', '=', ctx.archiveId)
    .where('condominio_id', '=', id)
    .where('versione', '=', 2)
    .executeTakeFirstOrThrow();
  const moved = await ctx.db
    .selectFrom('movements')
    .select(sql<number>`coalesce(sum(importo_cents), 0)`.as('total'))
    .where('archive_id', '=', ctx.archiveId)
    .where('condominio_id', '=', id)
    .where('risorsa_id', 'in', accounts)
    .executeTakeFirstOrThrow();
  const saldo = Number(initial.total) + Number(moved.total);
  const at = new Date().toISOString();
  await storeBalance(ctx.db, ctx.archiveId, id, saldo, at);
  return { statoContoPagamenti: state, saldoCents: saldo, aggiornatoIl: at };
}

/**
 * The people with an assignment (incarico) in the condominium, with their roles, by name. A search
 * of 3 characters or more keeps the people whose name has words starting with every term. The
 * condominium's assignments are few: they are read through their index and filtered here.
 */
export async function condominiumAssignees(
  ctx: CondominiumContext,
  id: number,
  searchQuery: string | undefined,
): Promise<AnagraficaIncarico[]> {
  await requireCondominium(ctx.db, ctx.archiveId, id);
  const rows = await ctx.db
    .selectFrom('incarichi as i')
    .innerJoin('persons as p', (j) =>
      j.onRef('p.archive_id', '=', 'i.archive_id').onRef('p.id', '=', 'i.persona_id'),
    )
    .leftJoin('assignment_types as t', (j) =>
      j.onRef('t.archive_id', '=', 'i.archive_id').onRef('t.id', '=', 'i.tipo_incarico_id'),
    )
    .select([
      'i.id',
      'i.persona_id',
      'i.tipo_incarico_id',
      'i.data_inizio',
      'i.data_fine',
      'p.descr',
      'p.descr_sort',
      'p.telefono1',
      'p.email',
      't.testo as tipo_descr',
    ])
    .where('i.archive_id', '=', ctx.archiveId)
    .where('i.condominio_id', '=', id)
    .orderBy('p.descr_sort')
    .orderBy('i.id')
    .execute();
  const search = searchQuery?.trim() ?? '';
  const terms =
    search.length >= SEARCH_MIN_LENGTH
      ? searchDocument(search)
          .split(/[^\p{L}\p{N}]+/u)
          .filter(Boolean)
      : [];
  const people = new Map<number, AnagraficaIncarico>();
  for (const r of rows) {
    if (terms.length > 0) {
      const words = searchDocument(r.descr).split(/[^\p{L}\p{N}]+/u);
      if (!terms.every((term) => words.some((word) => word.startsWith(term)))) continue;
    }
    const personaID = Number(r.persona_id);
    let person = people.get(personaID);
    if (!person) {
      person = { personaID, descr: r.descr, telefono1: r.telefono1, email: r.email, ruoli: [] };
      people.set(personaID, person);
    }
    person.ruoli.push({
      incaricoID: Number(r.id),
      tipoIncaricoID: Number(r.tipo_incarico_id),
      tipoIncaricoDescr: r.tipo_descr ?? '',
      dataInizio: r.data_inizio,
      dataFine: r.data_fine,
    });
  }
  return [...people.values()];
}

/** The query of every condominium of the registry's search and filters, for an export, on `readDb`. */
export function condominiumExportQuery(
  ctx: CondominiumContext,
  readDb: Kysely<Database>,
  query: Omit<CondominiumListOptions, 'offset' | 'limit'>,
) {
  const search = query.search?.trim();
  return condominiumsForExport(readDb, ctx.dialect, ctx.archiveId, {
    ...query,
    search: search && search.length >= SEARCH_MIN_LENGTH ? search : undefined,
  });
}
