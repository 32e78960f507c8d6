import { searchDocument } from '../../db/dialect.ts';
import type { TestApp } from '../../test/build-test-app.ts';

/** Inserts a condominium row directly (tests of lists and of what hangs from a condominium). */
export async function addCondominium(
  t: TestApp,
  archiveId: number,
  id: number,
  intestazione: string,
  extra: { gestito?: number; citta?: string; provincia?: string; stato?: number; portale?: number } = {},
) {
  const now = new Date().toISOString();
  const citta = extra.citta ?? 'Milano';
  await t.database.db
    .insertInto('condominiums')
    .values({
      archive_id: archiveId,
      id,
      codice: String(id).padStart(4, '0'),
      intestazione,
      intestazione_sort: searchDocument(intestazione),
      indirizzo: `Via Roma, ${id}`,
      cap: '20121',
      citta,
      provincia: extra.provincia ?? 'MI',
      codice_fiscale: null,
      iban: null,
      bic: null,
      banca: null,
      email: null,
      pec: null,
      note: null,
      gestito: extra.gestito ?? 1,
      data_inizio_gestione: null,
      data_fine_gestione: null,
      numero_unita: 0,
      pid: null,
      portale_attivo: extra.portale ?? 0,
      stato_conto_pagamenti: extra.stato ?? 1,
      saldo_ts_pay_cents: null,
      saldo_ts_pay_at: null,
      search_doc: searchDocument(intestazione, `Via Roma, ${id}`, citta),
      created_at: now,
      updated_at: now,
      obj_version: 1,
    })
    .execute();
  // Keep the id counter ahead of the rows inserted by hand.
  await t.database.db
    .insertInto('archive_counters')
    .values({ archive_id: archiveId, name: 'condominiums', value: id })
    .onConflict((oc) => oc.columns(['archive_id', 'name']).doUpdateSet({ value: id }))
    .execute();
}

/** The lookups a fresh test archive lacks: register events and resource types. */
export async function addLookups(t: TestApp, archiveId: number) {
  const db = t.database.db;
  await db
    .insertInto('admin_register_event_types')
    .values([
      { archive_id: archiveId, id: 1, testo: 'Nomina', testo_sort: 'nomina' },
      { archive_id: archiveId, id: 2, testo: 'Revoca', testo_sort: 'revoca' },
    ])
    .execute();
  await db
    .insertInto('resource_types')
    .values([
      { archive_id: archiveId, id: 1, testo: 'Cassa', testo_sort: 'cassa' },
      { archive_id: archiveId, id: 2, testo: 'Conto corrente', testo_sort: 'conto corrente' },
    ])
    .execute();
}
