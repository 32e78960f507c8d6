import { AttachmentOrigin, AttachmentReferenceType, isoDateToday } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { insertRegistryRow } from '../activities/activity.fixtures.ts';
import { isoDaysAgo } from '../activities/activity.repository.ts';
import { addCondominium, addLookups } from '../condominiums/condominium-test-data.ts';
import { createInstalmentFixture } from '../instalments/instalment.fixtures.ts';

/*
 * The parts of a record kept in the record's own history: a condominium's exercises, buildings,
 * groups, insurance, cadastral data, register entries, resources and funds; a common part's
 * services; an activity's interventions; a refund in the resident's latest instalment; a dossier in
 * the record it belongs to. A refused write leaves no history.
 */

let t: TestApp;
let s: TestSession;
/** A second archive user of its own archive, for the instalments' fixture. */
let money: TestSession;
const CONDO = 1;
// Days from today in Italy, as the server counts them.
const inDays = (n: number) => isoDaysAgo(isoDateToday(), -n);

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  money = await createTestSession(t);
  await addCondominium(t, s.archiveId, CONDO, 'Residenza dei Tigli');
  await addLookups(t, s.archiveId);
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields directly
type Json = any;

async function call(method: string, url: string, payload?: unknown, session: TestSession = s) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

async function ok(method: string, url: string, payload?: unknown, session: TestSession = s) {
  const res = await call(method, url, payload, session);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data as Json;
}

interface Entry {
  action: string;
  changes: Array<{ field: string; before: unknown; after: unknown }>;
}

async function entries(kind: string, id: number, session: TestSession = s): Promise<Entry[]> {
  const res = await call('GET', `/api/cronologia/${kind}/${id}`, undefined, session);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.entries;
}

/** The entries of `kind`/`id` whose changes name `part` (newest first). */
async function partEntries(kind: string, id: number, part: string, session: TestSession = s) {
  return (await entries(kind, id, session)).filter((e) =>
    e.changes.some((c) => c.field === part || c.field.startsWith(`${part}.`)),
  );
}

const change = (entry: Entry | undefined, field: string) => entry?.changes.find((c) => c.field === field);

describe("a condominium's records, in the condominium's history", () => {
  const exercise = {
    tipo: 0,
    descrizione: 'Ordinario 2026',
    dataInizio: '2026-01-01',
    dataFine: '2026-12-31',
  };

  it('an insurance: created, edited and deleted, each a change of the condominium named by the policy', async () => {
    const policy = {
      compagnia: 'Generali',
      numeroPolizza: 'POL-1',
      dataDecorrenza: '2026-01-01',
      dataScadenza: '2026-12-31',
      premioCents: 123456,
    };
    const created = await ok('POST', `/api/condominio/${CONDO}/assicurazione`, policy);
    await ok('PUT', `/api/condominio/${CONDO}/assicurazione/${created.id}`, {
      ...policy,
      compagnia: 'Allianz',
      objVersion: 1,
    });
    await ok('DELETE', `/api/condominio/${CONDO}/assicurazione/${created.id}?objVersion=2`);

    const [deleted, edited, added] = await partEntries('condominio', CONDO, 'assicurazione');
    expect(added?.action).toBe('modifica');
    expect(added?.changes).toEqual(
      expect.arrayContaining([
        { field: 'assicurazione', before: null, after: 'Generali POL-1' },
        { field: 'assicurazione.compagnia', before: null, after: 'Generali' },
        { field: 'assicurazione.premio_cents', before: null, after: 123456 },
      ]),
    );
    expect(edited?.changes).toEqual([
      { field: 'assicurazione', before: 'Generali POL-1', after: 'Allianz POL-1' },
      { field: 'assicurazione.compagnia', before: 'Generali', after: 'Allianz' },
    ]);
    expect(change(deleted, 'assicurazione')).toEqual({
      field: 'assicurazione',
      before: 'Allianz POL-1',
      after: null,
    });
    expect(change(deleted, 'assicurazione.numero_polizza')).toMatchObject({ before: 'POL-1', after: null });
    // Identity and versions are not the record's content.
    expect(added?.changes.some((c) => /\.(id|obj_version|archive_id|condominio_id)$/.test(c.field))).toBe(
      false,
    );
  });

  it('a refused write (invalid fields, stale version) leaves no history', async () => {
    const before = (await entries('condominio', CONDO)).length;
    const invalid = await call('POST', `/api/condominio/${CONDO}/assicurazione`, { compagnia: 'Generali' });
    expect(invalid.status).toBe(400);
    const created = await ok('POST', `/api/condominio/${CONDO}/fondo`, { descrizione: 'Fondo lavori' });
    const stale = await call('PUT', `/api/condominio/${CONDO}/fondo/${created.id}`, {
      descrizione: 'Fondo straordinario',
      objVersion: 7,
    });
    expect(stale.status).toBe(409);
    const after = await entries('condominio', CONDO);
    expect(after).toHaveLength(before + 1);
    expect(change(after[0], 'fondo')).toEqual({ field: 'fondo', before: null, after: 'Fondo lavori' });
  });

  it('an exercise, its buildings and groups, cadastral data, register entries, resources and funds', async () => {
    const ex = await ok('POST', `/api/condominio/${CONDO}/esercizio`, exercise);
    await ok('PUT', `/api/condominio/${CONDO}/esercizio/${ex.id}`, {
      ...exercise,
      descrizione: 'Ordinario 2026 bis',
      objVersion: 1,
    });
    const [exEdit] = await partEntries('condominio', CONDO, 'esercizio');
    expect(change(exEdit, 'esercizio.descrizione')).toEqual({
      field: 'esercizio.descrizione',
      before: 'Ordinario 2026',
      after: 'Ordinario 2026 bis',
    });

    for (const part of ['palazzina', 'gruppo']) {
      const base = `/api/condominio/${CONDO}/esercizio/${ex.id}/${part}`;
      const made = await ok('POST', base, { descrizione: 'Scala A', indirizzo: 'Via Roma, 1' });
      await ok('PUT', `${base}/${made.id}`, { descrizione: 'Scala B', objVersion: 1 });
      const [edit, add] = await partEntries('condominio', CONDO, part);
      expect(change(add, `${part}.indirizzo`)).toMatchObject({ before: null, after: 'Via Roma, 1' });
      expect(change(edit, part)).toEqual({ field: part, before: 'Scala A', after: 'Scala B' });
      expect(change(edit, `${part}.indirizzo`)).toMatchObject({ before: 'Via Roma, 1', after: null });
    }

    const property = await ok('POST', `/api/condominio/${CONDO}/datiCatastali/immobileAccatastato`, {
      codiceComune: 'F205',
      foglio: '12',
      particella: '345',
    });
    await ok('PUT', `/api/condominio/${CONDO}/datiCatastali/immobileAccatastato/${property.id}`, {
      codiceComune: 'F205',
      foglio: '12',
      particella: '345',
      renditaCents: 98765,
      objVersion: 1,
    });
    const [cadastral] = await partEntries('condominio', CONDO, 'datoCatastale');
    expect(cadastral?.changes).toEqual([
      { field: 'datoCatastale', before: 'foglio 12 particella 345', after: 'foglio 12 particella 345' },
      { field: 'datoCatastale.rendita_cents', before: null, after: 98765 },
    ]);

    const entry = await ok('POST', `/api/condominio/${CONDO}/registroAmministratori`, {
      eventoID: 1,
      dataEvento: '2024-05-10',
      amministratore: 'Studio Rossi',
    });
    await ok('DELETE', `/api/condominio/${CONDO}/registroAmministratori/${entry.id}?objVersion=1`);
    const [removed] = await partEntries('condominio', CONDO, 'registro');
    expect(change(removed, 'registro.amministratore')).toMatchObject({ before: 'Studio Rossi', after: null });

    const resource = await ok('POST', `/api/condominio/${CONDO}/risorsa`, {
      tipoRisorsaID: 2,
      descrizione: 'Conto BPM',
      saldoInizialeCents: 10000,
    });
    await ok('PUT', `/api/condominio/${CONDO}/risorsa/${resource.id}`, {
      tipoRisorsaID: 2,
      descrizione: 'Conto BPM',
      saldoInizialeCents: 15000,
      objVersion: 1,
    });
    const [resEdit] = await partEntries('condominio', CONDO, 'risorsa');
    expect(change(resEdit, 'risorsa.saldo_iniziale_cents')).toMatchObject({ before: 10000, after: 15000 });

    const fund = await ok('POST', `/api/condominio/${CONDO}/fondo`, {
      descrizione: 'Fondo riserva',
      risorsaID: resource.id,
      importoCents: 5000,
    });
    await ok('DELETE', `/api/condominio/${CONDO}/fondo/${fund.id}?objVersion=1`);
    const [fundGone] = await partEntries('condominio', CONDO, 'fondo');
    expect(change(fundGone, 'fondo')).toEqual({ field: 'fondo', before: 'Fondo riserva', after: null });
    expect(change(fundGone, 'fondo.importo_cents')).toMatchObject({ before: 5000, after: null });
  });
});

describe("a common part's services, in the common part's history", () => {
  it('created and edited; a refused service leaves nothing', async () => {
    const part = await ok('POST', `/api/condominio/${CONDO}/impianto`, {
      denominazione: 'Ascensore scala A',
      tipo: 1,
    });
    const url = `/api/condominio/${CONDO}/parteComune/${part.id}/servizio`;
    const service = {
      tipoServizio: 1,
      descrizione: 'Manutenzione ascensore',
      periodicitaMesi: 12,
      dataUltima: '2026-03-31',
    };
    const before = (await entries('parteComune', part.id)).length;
    expect((await call('POST', url, { ...service, tipoServizio: 11 })).status).toBe(400);
    expect(await entries('parteComune', part.id)).toHaveLength(before);

    const made = await ok('POST', url, service);
    await ok('PUT', `/api/condominio/${CONDO}/servizio/${made.id}`, {
      ...service,
      dataUltima: '2026-06-30',
      objVersion: 1,
    });
    const [edit, add] = await partEntries('parteComune', part.id, 'servizio');
    expect(change(add, 'servizio')).toEqual({
      field: 'servizio',
      before: null,
      after: 'Manutenzione ascensore',
    });
    expect(change(add, 'servizio.prossima_scadenza')).toMatchObject({ after: '2027-03-31' });
    expect(edit?.changes).toEqual(
      expect.arrayContaining([
        { field: 'servizio.data_ultima', before: '2026-03-31', after: '2026-06-30' },
        { field: 'servizio.prossima_scadenza', before: '2027-03-31', after: '2027-06-30' },
      ]),
    );
    await ok('DELETE', `/api/condominio/${CONDO}/servizio/${made.id}?objVersion=2`);
    const [gone] = await partEntries('parteComune', part.id, 'servizio');
    expect(change(gone, 'servizio')).toMatchObject({ before: 'Manutenzione ascensore', after: null });
  });
});

describe("an activity's interventions, in the activity's history", () => {
  it('created, edited, postponed, done and deleted; a refused one leaves nothing', async () => {
    const provider = await ok('POST', '/api/fornitore', { descr: 'Idraulica Bianchi' });
    const activity = await ok('POST', '/api/attivita', { condGenID: CONDO, titolo: 'Perdita in cantina' });
    const base = `/api/attivita/${activity.id}/fornitore/${provider.id}/intervento`;
    const made = await ok('POST', base, {
      descrizione: 'Sostituire il raccordo',
      dataPrevista: '2026-05-04',
      operatore: 'Mario',
    });
    const [add] = await partEntries('attivita', activity.id, 'intervento');
    expect(change(add, 'intervento')).toEqual({
      field: 'intervento',
      before: null,
      after: 'Idraulica Bianchi: Sostituire il raccordo',
    });
    expect(change(add, 'intervento.data_prevista')).toMatchObject({ before: null, after: '2026-05-04' });

    const count = (await entries('attivita', activity.id)).length;
    const refused = await call('PUT', `${base}/${made.id}/dataPrevista`, { dataPrevista: '2026-05-20' });
    expect(refused.status).toBe(400);
    expect(await entries('attivita', activity.id)).toHaveLength(count);

    await ok('PUT', `${base}/${made.id}/dataPrevista`, {
      dataPrevista: '2026-05-20',
      motivazione: 'Pezzo in arrivo',
    });
    const [postponed] = await partEntries('attivita', activity.id, 'intervento');
    expect(postponed?.changes).toEqual(
      expect.arrayContaining([
        { field: 'intervento.data_prevista', before: '2026-05-04', after: '2026-05-20' },
        { field: 'intervento.motivazione_rinvio', before: null, after: 'Pezzo in arrivo' },
      ]),
    );
    await ok('PUT', `${base}/${made.id}/svolgi`, { operatore: 'Mario', dataEsecuzione: '2026-05-21' });
    const [done] = await partEntries('attivita', activity.id, 'intervento');
    expect(change(done, 'intervento.data_esecuzione')).toMatchObject({ before: null, after: '2026-05-21' });
    await ok('DELETE', `${base}/${made.id}?objVersion=3`);
    const [deleted] = await partEntries('attivita', activity.id, 'intervento');
    expect(change(deleted, 'intervento')).toMatchObject({
      before: 'Idraulica Bianchi: Sostituire il raccordo',
      after: null,
    });
  });

  it('postponed and done by the supplier through the link, as when the office does it', async () => {
    const db = t.database.db;
    const provider = await insertRegistryRow(
      db,
      'providers',
      s.archiveId,
      'Vetreria Neri',
      'vetri@neri.example.it',
    );
    const activity = await ok('POST', '/api/attivita', { condGenID: CONDO, titolo: 'Vetro rotto' });
    const made = await ok('POST', `/api/attivita/${activity.id}/fornitore/${provider}/intervento`, {
      descrizione: 'Sostituire il vetro',
      dataPrevista: inDays(2),
      operatore: 'Mario',
    });
    await ok('POST', '/api/interventoFornitore', { interventoID: made.id, messaggio: 'Grazie' });
    const token = /\/fornitore\/(\S+)/.exec(t.outbox.at(-1)?.text ?? '')?.[1] ?? '';
    const answer = async (azione: string, payload: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/fornitore-portale/${token}/${azione}`,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    await answer('rinvia', { nuovaData: inDays(10), motivazione: 'Vetro su misura' });
    const [postponed] = await partEntries('attivita', activity.id, 'intervento');
    expect(postponed?.changes).toEqual(
      expect.arrayContaining([
        { field: 'intervento.data_prevista', before: inDays(2), after: inDays(10) },
        { field: 'intervento.motivazione_rinvio', before: null, after: 'Vetro su misura' },
      ]),
    );
    await answer('chiudiSuccesso', { motivazione: 'Vetro montato' });
    const [done] = await partEntries('attivita', activity.id, 'intervento');
    expect(change(done, 'intervento.data_esecuzione')).toMatchObject({ before: null, after: isoDateToday() });
    expect((await ok('GET', `/api/attivita/${activity.id}`)).interventiInCorso).toBe(0);
  });
});

describe("a refund, in the history of the resident's latest instalment", () => {
  it('is written there; a refund above the surplus leaves nothing', async () => {
    const f = await createInstalmentFixture(t, money);
    const r = f.registries[0] as number;
    const payment = (importo: number) => ({
      condGenID: f.condominioId,
      esercizioID: f.esercizioId,
      anagrID: r,
      data: '2026-03-05',
      importo,
      contoID: f.contoVersamenti,
      modalita: 'Bonifico',
    });
    await ok('POST', '/api/registerVersamento', payment(130000), money);
    const latest = await t.database.db
      .selectFrom('instalments')
      .select('id')
      .where('archive_id', '=', money.archiveId)
      .where('esercizio_id', '=', f.esercizioId)
      .where('anagrafica_id', '=', r)
      .orderBy('data_scadenza', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const id = Number(latest.id);
    const before = (await entries('rata', id, money)).length;
    const tooMuch = await call('POST', '/api/registerRimborso', payment(1_000_000), money);
    expect(tooMuch.status).toBe(409);
    expect(await entries('rata', id, money)).toHaveLength(before);

    await ok('POST', '/api/registerRimborso', payment(4000), money);
    const [refund] = await partEntries('rata', id, 'rimborso', money);
    expect(refund?.changes).toEqual(
      expect.arrayContaining([
        { field: 'rimborso', before: null, after: 'Rimborso eccedenza' },
        { field: 'rimborso.importo_cents', before: null, after: 4000 },
        { field: 'rimborso.data', before: null, after: '2026-03-05' },
        { field: 'rimborso.modalita', before: null, after: 'Bonifico' },
      ]),
    );
  });
});

describe('a dossier, in the history of the record it belongs to', () => {
  it("a condominium's dossier is in the condominium's history; a refused one leaves nothing", async () => {
    const before = (await entries('condominio', CONDO)).length;
    const refused = await call('POST', '/api/allegati/fascicoli', {
      riferimento: { id: CONDO, tipo: AttachmentReferenceType.Condominium },
      tipoOrigine: 999,
    });
    expect(refused.status).toBe(400);
    expect(await entries('condominio', CONDO)).toHaveLength(before);

    const dossier = await ok('POST', '/api/allegati/fascicoli', {
      riferimento: { id: CONDO, tipo: AttachmentReferenceType.Condominium },
      tipoOrigine: AttachmentOrigin.Meetings,
      descrizione: 'Assemblea ordinaria 2026',
    });
    const [made] = await partEntries('condominio', CONDO, 'fascicolo');
    expect(made?.changes).toEqual(
      expect.arrayContaining([
        { field: 'fascicolo', before: null, after: `n. ${dossier.numero} Assemblea ordinaria 2026` },
        { field: 'fascicolo.descrizione', before: null, after: 'Assemblea ordinaria 2026' },
        { field: 'fascicolo.tipo_origine', before: null, after: AttachmentOrigin.Meetings },
      ]),
    );
  });
});
