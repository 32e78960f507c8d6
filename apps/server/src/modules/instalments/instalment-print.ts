import { isoDateToday } from '@stabile/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { notFound } from '../../shared/app-error.ts';
import { receiptPdf, statementPdf } from './instalment.pdf.ts';
import { findPayment } from './instalment.repository.ts';
import { type InstalmentContext, loadDetail, readPrintSettings } from './instalment.service.ts';

type Db = Kysely<Database>;

/**
 * Registries and units are copied into each exercise with new ids: the statement of several
 * exercises follows the same person (persona_id) and the same units (their order in the building).
 */
async function counterparts(
  db: Db,
  archiveId: number,
  from: { esercizioId: number; anagrId?: number | null | undefined; unitIds?: number[] | null | undefined },
  to: number,
): Promise<{ anagrID: number | null; listaUnitaID: number[] | null } | null> {
  let anagrID: number | null = null;
  let listaUnitaID: number[] | null = null;
  if (from.anagrId != null) {
    const source = await db
      .selectFrom('registries')
      .select('persona_id')
      .where('archive_id', '=', archiveId)
      .where('id', '=', from.anagrId)
      .executeTakeFirst();
    if (!source) return null;
    const target = await db
      .selectFrom('registries')
      .select('id')
      .where('archive_id', '=', archiveId)
      .where('esercizio_id', '=', to)
      .where('persona_id', '=', source.persona_id)
      .executeTakeFirst();
    if (!target) return null;
    anagrID = Number(target.id);
  }
  if (from.unitIds?.length) {
    const sources = await db
      .selectFrom('units')
      .select('ordine')
      .where('archive_id', '=', archiveId)
      .where('esercizio_id', '=', from.esercizioId)
      .where('id', 'in', from.unitIds)
      .execute();
    if (sources.length === 0) return null;
    const targets = await db
      .selectFrom('units')
      .select('id')
      .where('archive_id', '=', archiveId)
      .where('esercizio_id', '=', to)
      .where(
        'ordine',
        'in',
        sources.map((s) => s.ordine),
      )
      .execute();
    if (targets.length === 0) return null;
    listaUnitaID = targets.map((t) => Number(t.id));
  }
  return { anagrID, listaUnitaID };
}

/** POST /api/printSituazioneRate: the statement over the exercises asked, oldest first. */
export async function printStatement(
  ctx: InstalmentContext,
  input: { condGenID: number; eserciziID: number[]; anagrID?: number | null; listaUnitaID?: number[] | null },
): Promise<Buffer> {
  const exercises = await ctx.db
    .selectFrom('exercises')
    .select(['id', 'data_inizio'])
    .where('archive_id', '=', ctx.archiveId)
    .where('condominio_id', '=', input.condGenID)
    .where('id', 'in', input.eserciziID)
    .orderBy('data_inizio')
    .orderBy('id')
    .execute();
  if (exercises.length !== new Set(input.eserciziID).size) throw notFound('Esercizio non trovato.');
  // The ids given belong to one of the exercises: the one where they are found.
  const owner = await ownerExercise(ctx, input);
  if (owner === null) throw notFound('Anagrafica o unità non trovata.');
  // The exercises' sections are read side by side (on PostgreSQL each is a few round trips; five
  // years one after the other took five times as long), then kept in the exercises' order.
  const read = await Promise.all(
    exercises.map(async (e) => {
      const ids =
        Number(e.id) === owner
          ? { anagrID: input.anagrID ?? null, listaUnitaID: input.listaUnitaID ?? null }
          : await counterparts(
              ctx.db,
              ctx.archiveId,
              { esercizioId: owner, anagrId: input.anagrID, unitIds: input.listaUnitaID },
              Number(e.id),
            );
      if (!ids) return null;
      const detail = await loadDetail(ctx, {
        condGenID: input.condGenID,
        esercizioID: Number(e.id),
        anagrID: ids.anagrID,
        listaUnitaID: ids.listaUnitaID,
      });
      return { detail };
    }),
  );
  const sections = read.filter((section) => section !== null);
  const settings = await readPrintSettings(ctx.db, ctx.archiveId);
  return statementPdf(settings, sections, ctx.today ?? isoDateToday());
}

async function ownerExercise(
  ctx: InstalmentContext,
  input: { condGenID: number; anagrID?: number | null; listaUnitaID?: number[] | null },
): Promise<number | null> {
  if (input.anagrID != null) {
    const row = await ctx.db
      .selectFrom('registries')
      .select('esercizio_id')
      .where('archive_id', '=', ctx.archiveId)
      .where('id', '=', input.anagrID)
      .where('condominio_id', '=', input.condGenID)
      .executeTakeFirst();
    return row ? Number(row.esercizio_id) : null;
  }
  const first = input.listaUnitaID?.[0];
  if (first === undefined) return null;
  const row = await ctx.db
    .selectFrom('units')
    .select('esercizio_id')
    .where('archive_id', '=', ctx.archiveId)
    .where('id', '=', first)
    .where('condominio_id', '=', input.condGenID)
    .executeTakeFirst();
  return row ? Number(row.esercizio_id) : null;
}

/** POST /api/printReceipt: the receipt of one payment. */
export async function printReceipt(ctx: InstalmentContext, versamentoId: number): Promise<Buffer> {
  const payment = await findPayment(ctx.db, ctx.archiveId, versamentoId);
  if (!payment) throw notFound('Versamento non trovato.');
  const allocations = await ctx.db
    .selectFrom('payment_allocations as a')
    .innerJoin('instalments as i', (j) =>
      j.onRef('i.archive_id', '=', 'a.archive_id').onRef('i.id', '=', 'a.rata_id'),
    )
    .select(['i.descrizione', 'i.data_scadenza', 'a.importo_cents'])
    .where('a.archive_id', '=', ctx.archiveId)
    .where('a.versamento_id', '=', versamentoId)
    .orderBy('i.data_scadenza')
    .orderBy('i.id')
    .execute();
  const allocated = allocations.reduce((s, a) => s + Number(a.importo_cents), 0);
  const address = [
    payment.indirizzo,
    [payment.cap, payment.citta].filter(Boolean).join(' '),
    payment.provincia,
  ]
    .filter((x) => x)
    .join(', ');
  const settings = await readPrintSettings(ctx.db, ctx.archiveId);
  return receiptPdf(settings, {
    numero: payment.numero_ricevuta === null ? null : Number(payment.numero_ricevuta),
    data: payment.data,
    importo: Number(payment.importo_cents),
    pagatore: payment.anagrafica_descr,
    codiceFiscale: payment.codice_fiscale,
    indirizzo: address || null,
    condominio: payment.intestazione,
    esercizio: payment.esercizio_descr,
    modalita: payment.modalita,
    conto: payment.conto_descr,
    descrizione: payment.descrizione,
    allocazioni: allocations.map((a) => ({
      descrizione: a.descrizione,
      dataScadenza: a.data_scadenza,
      importo: Number(a.importo_cents),
    })),
    eccedenza: Number(payment.importo_cents) - allocated,
  });
}
