import { InstalmentType } from '@stabile/contract';
import { searchDocument } from '../../db/dialect.ts';
import { nextId } from '../../db/ids.ts';
import type { TestApp } from '../../test/build-test-app.ts';
import type { TestSession } from '../../test/sessions.ts';

/** A condominium with one exercise, units, people with roles and their instalments, for tests. */
export interface InstalmentFixture {
  condominioId: number;
  esercizioId: number;
  closedEsercizioId: number;
  contoVersamenti: number;
  contoPersonale: number;
  units: number[];
  /** Registry ids, in the order of `people`. */
  registries: number[];
  persons: number[];
}

export interface FixtureOptions {
  people?: string[];
  /** Instalments per registry: [due date, cents, type?]. */
  instalments?: Array<[string, number, number?]>;
  condominio?: string;
}

export async function createInstalmentFixture(
  t: TestApp,
  s: TestSession,
  options: FixtureOptions = {},
): Promise<InstalmentFixture> {
  const db = t.database.db;
  const a = s.archiveId;
  const now = new Date().toISOString();
  const people = options.people ?? ['Rossi Mario', 'Bianchi Laura', 'Verdi Giuseppe'];
  const plan = options.instalments ?? [
    ['2026-01-31', 30000],
    ['2026-04-30', 30000],
    ['2026-07-31', 30000],
    ['2099-10-31', 30000],
  ];
  const condominioId = await nextId(db, a, 'condominiums');
  const intestazione = options.condominio ?? `Condominio Le Magnolie ${condominioId}`;
  await db
    .insertInto('condominiums')
    .values({
      archive_id: a,
      id: condominioId,
      codice: String(condominioId).padStart(4, '0'),
      intestazione,
      intestazione_sort: intestazione.toLowerCase(),
      indirizzo: 'Via Roma, 1',
      cap: '20121',
      citta: 'Milano',
      provincia: 'MI',
      codice_fiscale: null,
      iban: null,
      bic: null,
      banca: null,
      email: null,
      pec: null,
      note: null,
      gestito: 1,
      data_inizio_gestione: null,
      data_fine_gestione: null,
      numero_unita: people.length,
      pid: null,
      portale_attivo: 0,
      stato_conto_pagamenti: 1,
      saldo_ts_pay_cents: null,
      saldo_ts_pay_at: null,
      search_doc: searchDocument(intestazione),
      created_at: now,
      updated_at: now,
      obj_version: 1,
    })
    .execute();
  const exercise = async (descrizione: string, start: string, end: string, chiuso: number) => {
    const id = await nextId(db, a, 'exercises');
    await db
      .insertInto('exercises')
      .values({
        archive_id: a,
        id,
        condominio_id: condominioId,
        tipo: 0,
        descrizione,
        data_inizio: start,
        data_fine: end,
        chiuso,
        data_chiusura: chiuso ? end : null,
        created_at: now,
        obj_version: 1,
      })
      .execute();
    return id;
  };
  const closedEsercizioId = await exercise('Ordinario 2025', '2025-01-01', '2025-12-31', 1);
  const esercizioId = await exercise('Ordinario 2026', '2026-01-01', '2026-12-31', 0);
  const account = async (esercizio: number, tipo: number, descrizione: string) => {
    const id = await nextId(db, a, 'ledger_accounts');
    await db
      .insertInto('ledger_accounts')
      .values({
        archive_id: a,
        id,
        condominio_id: condominioId,
        esercizio_id: esercizio,
        tipo_conto: tipo,
        codice: String(id),
        descrizione,
        obj_version: 1,
      })
      .execute();
    return id;
  };
  const contoVersamenti = await account(esercizioId, 1, 'Versamenti condomini');
  const contoPersonale = await account(esercizioId, 0, 'Spese generali');
  await account(closedEsercizioId, 1, 'Versamenti condomini');

  const persons: number[] = [];
  for (const descr of people) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/persona',
      headers: s.headers,
      payload: { descr },
    });
    if (res.statusCode !== 200) throw new Error(`persona: ${res.body}`);
    persons.push((res.json() as { data: { id: number } }).data.id);
  }
  const units: number[] = [];
  const registries: number[] = [];
  for (const esercizio of [closedEsercizioId, esercizioId]) {
    for (let i = 0; i < people.length; i++) {
      const unitId = await nextId(db, a, 'units');
      await db
        .insertInto('units')
        .values({
          archive_id: a,
          id: unitId,
          condominio_id: condominioId,
          esercizio_id: esercizio,
          palazzina_id: null,
          gruppo_id: null,
          descrizione: `Appartamento int. ${i + 1}`,
          tipo: 'Appartamento',
          scala: 'A',
          piano: String(i),
          interno: String(i + 1),
          ordine: i + 1,
          sezione: null,
          foglio: null,
          particella: null,
          subalterno: null,
          categoria_catastale: 'A/3',
          millesimi_proprieta: 1000,
          obj_version: 1,
        })
        .execute();
      const registryId = await nextId(db, a, 'registries');
      await db
        .insertInto('registries')
        .values({
          archive_id: a,
          id: registryId,
          condominio_id: condominioId,
          esercizio_id: esercizio,
          persona_id: persons[i] as number,
          descr: people[i] as string,
          descr_sort: (people[i] as string).toLowerCase(),
          obj_version: 1,
        })
        .execute();
      await db
        .insertInto('registry_units')
        .values({
          archive_id: a,
          id: await nextId(db, a, 'registry_units'),
          esercizio_id: esercizio,
          anagrafica_id: registryId,
          unita_id: unitId,
          ruolo: 'Proprietario',
          quota: 10000,
          data_inizio: null,
          data_fine: null,
          obj_version: 1,
        })
        .execute();
      let numero = 1;
      for (const [due, cents, tipo] of plan) {
        const dueDate = esercizio === closedEsercizioId ? `2025${due.slice(4)}` : due;
        await db
          .insertInto('instalments')
          .values({
            archive_id: a,
            id: await nextId(db, a, 'instalments'),
            condominio_id: condominioId,
            esercizio_id: esercizio,
            anagrafica_id: registryId,
            unita_id: unitId,
            tipo: tipo ?? InstalmentType.Preventive,
            numero: numero++,
            descrizione: `${numero - 1}ª rata preventivo`,
            data_scadenza: dueDate,
            importo_cents: cents,
            versato_cents: 0,
            created_at: now,
            obj_version: 1,
          })
          .execute();
      }
      if (esercizio === esercizioId) {
        units.push(unitId);
        registries.push(registryId);
      }
    }
  }
  return {
    condominioId,
    esercizioId,
    closedEsercizioId,
    contoVersamenti,
    contoPersonale,
    units,
    registries,
    persons,
  };
}
