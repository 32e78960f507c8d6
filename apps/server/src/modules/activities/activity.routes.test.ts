import { Area, isoDateToday } from '@stabile/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../db/ids.ts';
import { forgetWordStatistics } from '../../db/pg-word-shares.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { insertCondominium, insertRegistryRow, setClosingDate } from './activity.fixtures.ts';
import { isoDaysAgo, NEWEST_MATCHES_BUDGET, PG_WALK_BUDGET, recount } from './activity.repository.ts';

let t: TestApp;
let s: TestSession;
let other: TestSession;
let condoA: number;
let condoB: number;
let otherCondo: number;
let person: number;
let otherPerson: number;
let provider: number;
const today = isoDateToday();

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  other = await createTestSession(t);
  const db = t.database.db;
  condoA = await insertCondominium(db, s.archiveId, 'Condominio Aurora');
  condoB = await insertCondominium(db, s.archiveId, 'Residenza Belvedere');
  // Ids are per archive: the other archive's rows get ids that do not exist in ours.
  for (let i = 0; i < 5; i++) await insertCondominium(db, other.archiveId, `Altro ${i}`);
  otherCondo = await insertCondominium(db, other.archiveId, 'Condominio Estraneo');
  person = await insertRegistryRow(db, 'persons', s.archiveId, 'Rossi Mario', 'mario.rossi@example.it');
  for (let i = 0; i < 5; i++) await insertRegistryRow(db, 'persons', other.archiveId, `Altra persona ${i}`);
  otherPerson = await insertRegistryRow(db, 'persons', other.archiveId, 'Rossi Estraneo');
  provider = await insertRegistryRow(
    db,
    'providers',
    s.archiveId,
    'Idraulica Bianchi',
    'ufficio@idraulica.example.it',
  );
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
async function call(method: string, url: string, payload?: unknown, session: TestSession = s) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: session.headers,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

async function create(payload: Json = {}) {
  const res = await call('POST', '/api/attivita', {
    condGenID: condoA,
    titolo: 'Perdita in cantina',
    ...payload,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Json & { id: number; objVersion: number; numeroPratica: number };
}

describe('creating an activity', () => {
  it('applies the defaults of the spec and records the opening event', async () => {
    const a = await create();
    expect(a).toMatchObject({
      richiedenteID: -1,
      tipoSegnalazID: 2,
      tipoSegnalazDescr: 'Problema',
      priorita: 2,
      stato: 1,
      dataApertura: today,
      intestazioneCondominio: 'Condominio Aurora',
      descrizione: '',
      nascosta: false,
    });
    expect(a.eventi).toEqual([expect.objectContaining({ tipo: 1, autore: 2, testo: 'Attività aperta' })]);
    const b = await create({ nascosta: true, descrizione: 'Acqua sul pavimento', richiedenteID: person });
    expect(b.numeroPratica).toBe(a.numeroPratica + 1);
    expect(b).toMatchObject({ nascosta: true, richiedenteDescr: 'Rossi Mario' });
    expect(b.eventi).toContainEqual(expect.objectContaining({ tipo: 6, testo: 'Acqua sul pavimento' }));
  });

  it('refuses missing and invalid fields with Italian messages', async () => {
    const missing = await call('POST', '/api/attivita', { condGenID: condoA });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe(113);
    expect(missing.body.error.message).toContain('Manca un campo obbligatorio');
    const priority = await call('POST', '/api/attivita', { condGenID: condoA, titolo: 'x', priorita: 5 });
    expect(priority.body.error.code).toBe(113);
    const due = await call('POST', '/api/attivita', {
      condGenID: condoA,
      titolo: 'x',
      dataApertura: '2025-03-10',
      dataConcludereEntro: '2025-03-01',
    });
    expect(due.body.error.message).toContain('non può precedere');
  });

  it("refuses another archive's condominium and applicant", async () => {
    const condo = await call('POST', '/api/attivita', { condGenID: otherCondo, titolo: 'x' });
    expect(condo.body.error).toMatchObject({
      code: 113,
      message: expect.stringContaining('Condominio inesistente'),
    });
    const applicant = await call('POST', '/api/attivita', {
      condGenID: condoA,
      titolo: 'x',
      richiedenteID: otherPerson,
    });
    expect(applicant.body.error.message).toContain('Richiedente inesistente');
  });
});

describe('reading, changing and deleting', () => {
  it("answers 404 for another archive's activity", async () => {
    const a = await create();
    const res = await call('GET', `/api/attivita/${a.id}`, undefined, other);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe(122);
    const put = await call('PUT', `/api/attivita/${a.id}/stato`, { stato: 2, operatore: 'X' }, other);
    expect(put.status).toBe(404);
  });

  it('updates with the current objVersion, refuses a stale one, and records manager and applicant events', async () => {
    const a = await create();
    const body = { condGenID: condoB, titolo: 'Perdita in garage', dataApertura: today, priorita: 3 };
    const ok = await call('PUT', `/api/attivita/${a.id}`, {
      ...body,
      gestore: 'Giulia Bianchi',
      richiedenteID: person,
      objVersion: a.objVersion,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      titolo: 'Perdita in garage',
      intestazioneCondominio: 'Residenza Belvedere',
      priorita: 3,
      objVersion: a.objVersion + 1,
    });
    const types = ok.body.data.eventi.map((e: Json) => e.tipo);
    expect(types).toContain(2);
    expect(types).toContain(5);
    const stale = await call('PUT', `/api/attivita/${a.id}`, { ...body, objVersion: a.objVersion });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe(115);
    const again = await call('GET', `/api/attivita/${a.id}`);
    expect(again.body.data.titolo).toBe('Perdita in garage');
  });

  it('deletes with objVersion and refuses a stale one', async () => {
    const a = await create();
    const stale = await call('DELETE', `/api/attivita/${a.id}?objVersion=${a.objVersion + 5}`);
    expect(stale.status).toBe(409);
    const del = await call('DELETE', `/api/attivita/${a.id}?objVersion=${a.objVersion}`);
    expect(del.status).toBe(200);
    expect((await call('GET', `/api/attivita/${a.id}`)).status).toBe(404);
  });

  it('marks notices read with PUT /open', async () => {
    const a = await create();
    await t.database.db.updateTable('activities').set({ avvisi: 1 }).where('id', '=', a.id).execute();
    const res = await call('PUT', `/api/attivita/${a.id}/open`);
    expect(res.body.data.avvisi).toBe(false);
  });
});

describe('state transitions', () => {
  it('suspends, resumes, closes and reopens, each an event; refuses impossible moves with 115', async () => {
    const a = await create();
    const to = (stato: number, objVersion?: number) =>
      call('PUT', `/api/attivita/${a.id}/stato`, { stato, operatore: 'Mario Rossi', objVersion });

    expect((await to(1)).body.error).toMatchObject({ code: 115 });
    const suspended = await to(2);
    expect(suspended.body.data.stato).toBe(2);
    const twice = await to(2);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(
      'Non è possibile passare un\'attività dallo stato "Sospesa" allo stato "Sospesa".',
    );
    expect((await to(1)).body.data.stato).toBe(1);
    const closed = await to(0);
    expect(closed.body.data).toMatchObject({ stato: 0, dataChiusura: today });
    const fromClosed = await to(2);
    expect(fromClosed.body.error.code).toBe(115);
    expect(fromClosed.body.error.message).toContain('"Chiusa"');
    const reopened = await to(1);
    expect(reopened.body.data).toMatchObject({ stato: 1, dataChiusura: null });
    expect((await to(3)).body.error.code).toBe(115);
    const stale = await to(2, 1);
    expect(stale.status).toBe(409);
    const stateEvents = reopened.body.data.eventi.filter((e: Json) => e.tipo === 1).map((e: Json) => e.testo);
    expect(stateEvents).toEqual([
      'Attività aperta',
      'Attività sospesa (da Aperta a Sospesa)',
      'Attività ripresa (da Sospesa ad Aperta)',
      'Attività chiusa (da Aperta a Chiusa)',
      'Attività riaperta (da Chiusa ad Aperta)',
    ]);
  });

  it('suspended activities can be closed directly, and stato 3 counts as closed for reopening', async () => {
    const a = await create();
    await call('PUT', `/api/attivita/${a.id}/stato`, { stato: 2, operatore: 'X' });
    expect(
      (await call('PUT', `/api/attivita/${a.id}/stato`, { stato: 0, operatore: 'X' })).body.data.stato,
    ).toBe(0);
    await t.database.db.updateTable('activities').set({ stato: 3 }).where('id', '=', a.id).execute();
    expect(
      (await call('PUT', `/api/attivita/${a.id}/stato`, { stato: 1, operatore: 'X' })).body.data.stato,
    ).toBe(1);
  });

  it('changes the manager with an event', async () => {
    const a = await create();
    const res = await call('PUT', `/api/attivita/${a.id}/gestore`, {
      gestore: 'Luca Verdi',
      operatore: 'Mario Rossi',
    });
    expect(res.body.data.gestore).toBe('Luca Verdi');
    expect(res.body.data.eventi.at(-1)).toMatchObject({
      tipo: 2,
      testo: 'Gestore: Luca Verdi',
      operatore: 'Mario Rossi',
    });
  });

  it('applies changes of one activity sent at once one after the other, without a version conflict', async () => {
    const a = await create();
    const names = Array.from({ length: 20 }, (_, i) => `Gestore ${i + 1}`);
    const answers = await Promise.all(
      names.map((gestore) => call('PUT', `/api/attivita/${a.id}/gestore`, { gestore, operatore: 'X' })),
    );
    expect(answers.map((r) => r.status)).toEqual(names.map(() => 200));
    const detail = (await call('GET', `/api/attivita/${a.id}`)).body.data;
    expect(names).toContain(detail.gestore);
    expect(detail.eventi.filter((e: { tipo: number }) => e.tipo === 2)).toHaveLength(names.length);
  });
});

describe('notes and description', () => {
  it('adds, edits (objVersion) and deletes a note', async () => {
    const a = await create();
    const added = await call('POST', `/api/attivita/${a.id}/eventi/nota`, {
      testo: 'Chiamato il custode',
      operatore: 'Mario',
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ tipo: 3, testo: 'Chiamato il custode', objVersion: 1 });
    const noteId = added.body.data.id;
    const edited = await call('PUT', `/api/attivita/${a.id}/eventi/nota/${noteId}`, {
      testo: 'Chiamato il custode due volte',
      operatore: 'Mario',
      objVersion: 1,
    });
    expect(edited.body.data).toMatchObject({ testo: 'Chiamato il custode due volte', objVersion: 2 });
    const stale = await call('PUT', `/api/attivita/${a.id}/eventi/nota/${noteId}`, {
      testo: 'x',
      operatore: 'Mario',
      objVersion: 1,
    });
    expect(stale.status).toBe(409);
    const openingEvent = (await call('GET', `/api/attivita/${a.id}`)).body.data.eventi[0].id;
    const notANote = await call('DELETE', `/api/attivita/${a.id}/eventi/nota/${openingEvent}?objVersion=1`);
    expect(notANote.status).toBe(404);
    expect((await call('DELETE', `/api/attivita/${a.id}/eventi/nota/${noteId}?objVersion=2`)).status).toBe(
      200,
    );
    const after = await call('GET', `/api/attivita/${a.id}`);
    expect(after.body.data.eventi.some((e: Json) => e.tipo === 3)).toBe(false);
  });

  it('changes the description, which becomes searchable', async () => {
    const a = await create();
    const res = await call('PUT', `/api/attivita/${a.id}/eventi/descrizione`, {
      descrizione: 'Infiltrazione dal lucernario',
      operatore: 'Mario',
    });
    expect(res.body.data.descrizione).toBe('Infiltrazione dal lucernario');
    expect(res.body.data.eventi.at(-1)).toMatchObject({ tipo: 6, testo: 'Infiltrazione dal lucernario' });
    const found = await call('GET', '/api/attivita?searchQuery=lucernario');
    expect(found.body.data.map((x: Json) => x.id)).toEqual([a.id]);
  });
});

describe('types, applicants and settings', () => {
  it('lists the default types and adds one, refusing a duplicate', async () => {
    const list = await call('GET', '/api/attivita/tipo');
    expect(list.body.data).toContainEqual({ id: 2, descr: 'Problema' });
    const added = await call('POST', '/api/attivita/tipo', { descr: 'Ascensore' });
    expect(added.status).toBe(201);
    expect((await call('GET', '/api/attivita/tipo')).body.data).toContainEqual(added.body.data);
    const dup = await call('POST', '/api/attivita/tipo', { descr: 'ascensore' });
    expect(dup.body.error.code).toBe(115);
  });

  it('searches applicants among the archive contacts', async () => {
    const res = await call('GET', '/api/attivita/richiedenti?searchQuery=ross');
    expect(res.body.data).toEqual([
      { id: person, descr: 'Rossi Mario', email: 'mario.rossi@example.it', telefono: null },
    ]);
    expect((await call('GET', '/api/attivita/richiedenti?searchQuery=ro')).body.error.code).toBe(113);
    expect((await call('GET', `/api/attivita/richiedenti/${person}`)).body.data.descr).toBe('Rossi Mario');
    expect((await call('GET', `/api/attivita/richiedenti/${otherPerson}`)).status).toBe(404);
  });

  it('keeps the closed-activity window per user', async () => {
    expect((await call('GET', '/api/attivita/impostazioni')).body.data).toEqual({
      giorniChiuseVisibili: 30,
      perCondominio: [],
    });
    const bad = await call('PUT', '/api/attivita/impostazioni', { giorniChiuseVisibili: 45 });
    expect(bad.body.error.code).toBe(113);
    const saved = await call('PUT', '/api/attivita/impostazioni', {
      giorniChiuseVisibili: 90,
      perCondominio: [{ condGenID: condoB, giorni: 7 }],
    });
    expect(saved.body.data.giorniChiuseVisibili).toBe(90);
    expect(
      (await call('GET', '/api/attivita/impostazioni', undefined, other)).body.data.giorniChiuseVisibili,
    ).toBe(30);
    await call('PUT', '/api/attivita/impostazioni', { giorniChiuseVisibili: 30 });
  });
});

describe('the list', () => {
  let fresh: TestSession;
  let c1: number;
  let c2: number;
  let p1: number;
  let f1: number;
  const ids: Record<string, number> = {};
  const list = async (query: string) => {
    const res = await call('GET', `/api/attivita?pageSize=100&${query}`, undefined, fresh);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Json[]).map((x) => x.id as number).sort((a, b) => a - b);
  };
  const expectIds = async (query: string, names: string[]) => {
    expect(await list(query), query).toEqual(names.map((n) => ids[n]).sort((a, b) => (a ?? 0) - (b ?? 0)));
  };

  beforeAll(async () => {
    fresh = await createTestSession(t);
    const db = t.database.db;
    c1 = await insertCondominium(db, fresh.archiveId, 'Palazzo Verdi');
    c2 = await insertCondominium(db, fresh.archiveId, 'Villa Serena');
    p1 = await insertRegistryRow(db, 'persons', fresh.archiveId, 'Neri Paola');
    f1 = await insertRegistryRow(
      db,
      'providers',
      fresh.archiveId,
      'Elettrica Gialli',
      'info@gialli.example.it',
    );
    const make = async (name: string, payload: Json) => {
      const res = await call('POST', '/api/attivita', { condGenID: c1, titolo: name, ...payload }, fresh);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids[name] = res.body.data.id;
      return res.body.data as Json & { id: number };
    };
    await make('Ascensore fermo', { priorita: 4, gestore: 'Luca', dataApertura: '2025-01-10', servizio: 4 });
    await make('Citofono guasto', { condGenID: c2, tipoSegnalazID: 1, dataApertura: '2025-02-10' });
    await make('Luce scale', {
      richiedenteID: p1,
      dataApertura: '2025-03-10',
      dataConcludereEntro: '2025-04-01',
      gestore: 'Anna',
    });
    const closed = await make('Cancello rotto', { dataApertura: '2025-04-10', esercizioID: 7 });
    await call('PUT', `/api/attivita/${closed.id}/stato`, { stato: 0, operatore: 'X' }, fresh);
    const suspended = await make('Tetto', { dataApertura: '2025-05-10' });
    await call('PUT', `/api/attivita/${suspended.id}/stato`, { stato: 2, operatore: 'X' }, fresh);
    const withProvider = await make('Quadro elettrico', { dataApertura: '2025-06-10' });
    await call(
      'POST',
      `/api/attivita/${withProvider.id}/fornitore/${f1}/intervento`,
      { operatore: 'X' },
      fresh,
    );
    await db
      .updateTable('activities')
      .set({ avvisi: 1 })
      .where('archive_id', '=', fresh.archiveId)
      .where('id', '=', ids.Tetto!)
      .execute();
  });

  it('filters by state tab', async () => {
    await expectIds('stato=1', ['Ascensore fermo', 'Citofono guasto', 'Luce scale', 'Quadro elettrico']);
    await expectIds('stato=2', ['Tetto']);
    await expectIds('stato=0', ['Cancello rotto']);
    await expectIds('', [
      'Ascensore fermo',
      'Citofono guasto',
      'Luce scale',
      'Quadro elettrico',
      'Tetto',
      'Cancello rotto',
    ]);
  });

  it('filters one by one', async () => {
    await expectIds(`condGenID=${c2}`, ['Citofono guasto']);
    await expectIds(`condGendID=${c2}`, ['Citofono guasto']);
    await expectIds(`fornitoreID=${f1}`, ['Quadro elettrico']);
    await expectIds('priorita=4', ['Ascensore fermo']);
    await expectIds('tipoSegnalazID=1', ['Citofono guasto']);
    await expectIds(`richiedenteID=${p1}`, ['Luce scale']);
    await expectIds('dataDa=2025-02-01&dataA=2025-03-31', ['Citofono guasto', 'Luce scale']);
    await expectIds('gestore=Luca', ['Ascensore fermo']);
    await expectIds('avvisi=true', ['Tetto']);
    await expectIds('servizio=4', ['Ascensore fermo']);
    await expectIds('attive=true', ['Quadro elettrico']);
    await expectIds('datiIncompleti=true&stato=1', [
      'Ascensore fermo',
      'Citofono guasto',
      'Quadro elettrico',
    ]);
    await expectIds('esercizioID=7', ['Cancello rotto']);
    await expectIds('priorita=4&stato=2', []);
  });

  it('refuses bad filters with 113', async () => {
    for (const q of [
      'priorita=9',
      'stato=7',
      'dataDa=10/01/2025',
      'orderBy=titolo',
      'searchQuery=ab',
      'avvisi=forse',
    ]) {
      const res = await call('GET', `/api/attivita?${q}`, undefined, fresh);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe(113);
    }
    const range = await call('GET', '/api/attivita?dataDa=2025-05-01&dataA=2025-01-01', undefined, fresh);
    expect(range.body.error.message).toContain('data iniziale');
  });

  it('searches by title, number and condominium, newest first', async () => {
    await expectIds('searchQuery=citofono', ['Citofono guasto']);
    await expectIds('searchQuery=serena', ['Citofono guasto']);
    await expectIds('searchQuery=scal', ['Luce scale']);
    const numero = (await call('GET', `/api/attivita/${ids.Tetto}`, undefined, fresh)).body.data
      .numeroPratica;
    expect(await list(`searchQuery=${numero}00&stato=2`)).toEqual([]);
    await expectIds('searchQuery=verdi&stato=1&orderBy=priorita', [
      'Ascensore fermo',
      'Luce scale',
      'Quadro elettrico',
    ]);
    const res = await call('GET', '/api/attivita?searchQuery=palazzo%20verdi', undefined, fresh);
    const dates = (res.body.data as Json[]).map((x) => x.dataApertura as string);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages search results newest first and reports more than 100 matches as capped', async () => {
    const many = await createTestSession(t);
    const condo = await insertCondominium(t.database.db, many.archiveId, 'Palazzo Grande');
    const titles: string[] = [];
    for (let i = 0; i < 105; i++) {
      const titolo = `Lampione ${String(i).padStart(3, '0')}`;
      const res = await call(
        'POST',
        '/api/attivita',
        { condGenID: condo, titolo, priorita: i % 2 ? 4 : 1 },
        many,
      );
      expect(res.status).toBe(201);
      titles.push(titolo);
    }
    const newest = [...titles].reverse();
    const get = (q: string) => call('GET', `/api/attivita?${q}`, undefined, many);

    const first = await get('searchQuery=lampio&pageSize=15&pageNumber=1');
    expect(first.body.data.map((x: Json) => x.titolo)).toEqual(newest.slice(0, 15));
    expect(first.body.pagination).toMatchObject({ totalCount: 100 });
    const eighth = await get('searchQuery=lampio&pageSize=15&pageNumber=7');
    expect(eighth.body.data.map((x: Json) => x.titolo)).toEqual(newest.slice(90, 105));

    const urgent = newest.filter((title) => Number(title.slice(-3)) % 2 === 1);
    const filtered = await get('searchQuery=lampione&priorita=4&pageSize=15&pageNumber=4');
    expect(filtered.body.data.map((x: Json) => x.titolo)).toEqual(urgent.slice(45, 52));
    expect(filtered.body.pagination).toMatchObject({ totalCount: 52 });
  });

  it('searches with a selective filter by the words of the rows, not inside a word', async () => {
    const s = await createTestSession(t);
    const db = t.database.db;
    const here = await insertCondominium(db, s.archiveId, 'Residenza Alta');
    const there = await insertCondominium(db, s.archiveId, 'Residenza Bassa');
    const make = async (condGenID: number, titolo: string) => {
      const res = await call('POST', '/api/attivita', { condGenID, titolo }, s);
      expect(res.status).toBe(201);
      return res.body.data.id as number;
    };
    const older = await make(here, 'Grondaia staccata');
    await make(here, 'Riparazione sgrondaia');
    const newer = await make(here, "Perdita dall'altra-grondaia");
    await make(there, 'Grondaia rotta');
    const search = async (q: string) =>
      (await call('GET', `/api/attivita?condGenID=${here}&searchQuery=${q}`, undefined, s)).body;
    const found = await search('grondaia');
    expect(found.data.map((x: Json) => x.id)).toEqual([newer, older]);
    expect(found.pagination).toMatchObject({ totalCount: 2 });
    expect((await search('grondaia%20altr')).data.map((x: Json) => x.id)).toEqual([newer]);
    expect((await search('ondaia')).data).toEqual([]);
  });

  it('finds matches with a filter also beyond the newest matches it reads first, in the same order', async () => {
    const s = await createTestSession(t);
    const db = t.database.db;
    const condo = await insertCondominium(db, s.archiveId, 'Palazzo Lungo');
    const urgent: number[] = [];
    for (const titolo of ['Lampada bruciata', 'Lampada rotta', 'Lampada spenta']) {
      const res = await call(
        'POST',
        '/api/attivita',
        { condGenID: condo, titolo, priorita: 4, gestore: 'Ada Neri' },
        s,
      );
      urgent.unshift(res.body.data.id);
    }
    const template = await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Lampada nuova' }, s);
    // More newer matches of another priority than a search reads before building the whole set.
    const row = await db
      .selectFrom('activities')
      .selectAll()
      .where('archive_id', '=', s.archiveId)
      .where('id', '=', template.body.data.id)
      .executeTakeFirstOrThrow();
    // PostgreSQL writes its generated search vector itself: a copy of the row leaves it out.
    delete (row as Record<string, unknown>).search_vector;
    const extra = NEWEST_MATCHES_BUDGET + 50;
    const first = await nextId(db, s.archiveId, 'activities', extra);
    for (let start = 0; start < extra; start += 200) {
      const chunk = Array.from({ length: Math.min(200, extra - start) }, (_, i) => ({
        ...row,
        id: first + start + i,
        numero_pratica: 1_000_000 + start + i,
      }));
      await db.insertInto('activities').values(chunk).execute();
    }
    // The manager is tested on the rows (the fallback); state and priority in the FTS index.
    for (const filter of ['gestore=Ada%20Neri', 'priorita=4&stato=1']) {
      const res = await call('GET', `/api/attivita?searchQuery=lampada&${filter}`, undefined, s);
      expect(res.body.data.map((x: Json) => x.id)).toEqual(urgent);
      expect(res.body.pagination).toMatchObject({ totalCount: 3 });
    }
    const common = await call(
      'GET',
      '/api/attivita?searchQuery=lampada&priorita=2&pageSize=15',
      undefined,
      s,
    );
    expect(common.body.data[0].id).toBe(first + extra - 1);
    expect(common.body.pagination).toMatchObject({ totalCount: 100, totalCapped: true });
  });

  it('finds a word whose only matches are older than the newest activities a search walks first', async () => {
    const s = await createTestSession(t);
    const db = t.database.db;
    const condo = await insertCondominium(db, s.archiveId, 'Torre Antica');
    const post = async (titolo: string) =>
      (await call('POST', '/api/attivita', { condGenID: condo, titolo, priorita: 4 }, s)).body.data
        .id as number;
    const old = await post('Zampillo dalla fontana del cortile');
    const template = await db
      .selectFrom('activities')
      .selectAll()
      .where('archive_id', '=', s.archiveId)
      .where('id', '=', await post('Lampada del pianerottolo'))
      .executeTakeFirstOrThrow();
    delete (template as Record<string, unknown>).search_vector;
    const gutter = {
      titolo: 'Grondaia del pianerottolo',
      search_doc: template.search_doc.replaceAll('lampada', 'grondaia'),
    };
    // More newer open activities of the same priority than PostgreSQL's walk reads, counted as a
    // write counts them: the old match lies beyond the walk in the archive and in the tab.
    const extra = PG_WALK_BUDGET + 20;
    const first = await nextId(db, s.archiveId, 'activities', extra);
    for (let start = 0; start < extra; start += 500) {
      // One in a hundred is about a gutter: 160 in all, enough for a page and the capped total.
      const chunk = Array.from({ length: Math.min(500, extra - start) }, (_, i) => ({
        ...template,
        ...((start + i) % 100 === 0 ? gutter : {}),
        id: first + start + i,
        numero_pratica: 2_000_000 + start + i,
      }));
      await db.insertInto('activities').values(chunk).execute();
      await recount(db, s.archiveId, [], chunk);
    }
    for (const filter of ['', '&stato=1', '&stato=1&priorita=4']) {
      const res = await call('GET', `/api/attivita?searchQuery=zampillo${filter}`, undefined, s);
      expect(
        res.body.data.map((x: Json) => x.id),
        filter,
      ).toEqual([old]);
      expect(res.body.pagination).toMatchObject({ totalCount: 1 });
    }
    const common = await call('GET', '/api/attivita?searchQuery=lampada&stato=1&priorita=4', undefined, s);
    expect(common.body.data[0].id).toBe(first + extra - 1);
    expect(common.body.pagination).toMatchObject({ totalCount: 100, totalCapped: true });
    // Matches spread thinly over the newest activities: the page and the capped total.
    const newestGutter = first + Math.floor((extra - 1) / 100) * 100;
    for (const filter of ['', '&stato=1&priorita=4']) {
      const res = await call('GET', `/api/attivita?searchQuery=grondaia${filter}`, undefined, s);
      expect(res.body.data.map((x: Json) => x.id).slice(0, 2), filter).toEqual([
        newestGutter,
        newestGutter - 100,
      ]);
      expect(res.body.pagination).toMatchObject({ totalCount: 100, totalCapped: true });
    }
    // With the database's word statistics (PostgreSQL skips the walk for a word they do not keep, and
    // reads the GIN index for such a word alone, the others tested on its rows): the same answers.
    await sql`analyze activities`.execute(db);
    forgetWordStatistics(db);
    const search = async (q: string) => {
      const res = await call('GET', `/api/attivita?searchQuery=${encodeURIComponent(q)}`, undefined, s);
      return { ids: res.body.data.map((x: Json) => x.id), total: res.body.pagination.totalCount };
    };
    expect(await search('zampillo')).toEqual({ ids: [old], total: 1 });
    expect(await search('torre zampillo')).toEqual({ ids: [old], total: 1 });
    expect(await search('lampada zampillo')).toEqual({ ids: [], total: 0 });
    expect(await search('torre zzqx')).toEqual({ ids: [], total: 0 });
    const gutters = await search('grondaia torre');
    expect(gutters.ids.slice(0, 2)).toEqual([newestGutter, newestGutter - 100]);
    expect(gutters.total).toBe(100);
  });

  it('searches with state, priority and type filters that follow every change of the activity', async () => {
    const s = await createTestSession(t);
    const condo = await insertCondominium(t.database.db, s.archiveId, 'Villa Serena');
    const post = async (titolo: string, priorita: number) =>
      (await call('POST', '/api/attivita', { condGenID: condo, titolo, priorita, tipoSegnalazID: 2 }, s)).body
        .data;
    const boiler = await post('Caldaia in blocco', 4);
    const other = await post('Caldaia rumorosa', 1);
    const ids = async (q: string) =>
      (await call('GET', `/api/attivita?searchQuery=caldaia&${q}`, undefined, s)).body.data.map(
        (x: Json) => x.id,
      );
    expect(await ids('stato=1&priorita=4')).toEqual([boiler.id]);
    expect(await ids('stato=1&tipoSegnalazID=2')).toEqual([other.id, boiler.id]);
    expect(await ids('tipoSegnalazID=1')).toEqual([]);

    // A new priority, then a closing: the filters find the activity where it now is.
    const put = await call(
      'PUT',
      `/api/attivita/${boiler.id}`,
      {
        condGenID: condo,
        titolo: 'Caldaia in blocco',
        dataApertura: today,
        priorita: 2,
        objVersion: boiler.objVersion,
      },
      s,
    );
    expect(put.status).toBe(200);
    expect(await ids('stato=1&priorita=4')).toEqual([]);
    expect(await ids('priorita=2')).toEqual([boiler.id]);
    await call('PUT', `/api/attivita/${boiler.id}/stato`, { stato: 0, operatore: 'X' }, s);
    expect(await ids('stato=1')).toEqual([other.id]);
    expect(await ids('stato=0&priorita=2')).toEqual([boiler.id]);

    // The filters' own index words are not found by a search.
    const words = await call('GET', '/api/attivita?searchQuery=zzg1', undefined, s);
    expect(words.body.data).toEqual([]);
  });

  it('searches the open and suspended tabs, with or without a priority, through every change', async () => {
    const s = await createTestSession(t);
    const condo = await insertCondominium(t.database.db, s.archiveId, 'Corte Fiorita');
    const post = async (titolo: string, priorita: number) =>
      (await call('POST', '/api/attivita', { condGenID: condo, titolo, priorita }, s)).body.data as Json & {
        id: number;
        objVersion: number;
      };
    const urgent = await post('Citofono guasto', 4);
    const low = await post('Citofono rumoroso', 1);
    // A word that starts like a tab and priority tag is only a word.
    const lookalike = await post('Targa p4citofono', 1);
    const found = async (q: string) => {
      const res = await call('GET', `/api/attivita?${q}`, undefined, s);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { ids: res.body.data.map((x: Json) => x.id), total: res.body.pagination.totalCount };
    };
    const ids = async (q: string) => (await found(q)).ids;
    const to = async (id: number, stato: number) =>
      expect((await call('PUT', `/api/attivita/${id}/stato`, { stato, operatore: 'X' }, s)).status).toBe(200);

    expect(await found('searchQuery=citofono&stato=1&priorita=4')).toEqual({ ids: [urgent.id], total: 1 });
    expect(await found('searchQuery=citofono&stato=1')).toEqual({ ids: [low.id, urgent.id], total: 2 });
    // Short terms are prefixes, long ones the words they start; several terms all count.
    expect(await ids('searchQuery=cit&stato=1&priorita=4')).toEqual([urgent.id]);
    expect(await ids('searchQuery=citofo%20gua&stato=1')).toEqual([urgent.id]);
    expect(await ids('searchQuery=p4citofono&stato=1&priorita=1')).toEqual([lookalike.id]);
    expect(await ids('searchQuery=citofono&stato=1&priorita=2')).toEqual([]);
    expect(await ids('searchQuery=citofono&stato=2')).toEqual([]);

    // A new priority.
    const put = await call(
      'PUT',
      `/api/attivita/${urgent.id}`,
      {
        condGenID: condo,
        titolo: 'Citofono guasto',
        dataApertura: today,
        priorita: 2,
        objVersion: urgent.objVersion,
      },
      s,
    );
    expect(put.status).toBe(200);
    expect(await ids('searchQuery=citofono&stato=1&priorita=4')).toEqual([]);
    expect(await ids('searchQuery=citofono&stato=1&priorita=2')).toEqual([urgent.id]);
    // A new description: its words are found, in the tab and with the priority.
    await call(
      'PUT',
      `/api/attivita/${low.id}/eventi/descrizione`,
      { descrizione: 'Il campanello del terzo piano non suona', operatore: 'X' },
      s,
    );
    expect(await ids('searchQuery=campanello&stato=1&priorita=1')).toEqual([low.id]);
    // Suspended, resumed, closed, reopened: each time in its tab only.
    await to(urgent.id, 2);
    expect(await ids('searchQuery=citofono&stato=1')).toEqual([low.id]);
    expect(await ids('searchQuery=citofono&stato=2&priorita=2')).toEqual([urgent.id]);
    await to(urgent.id, 1);
    expect(await ids('searchQuery=citofono&stato=2')).toEqual([]);
    expect(await ids('searchQuery=citofono&stato=1')).toEqual([low.id, urgent.id]);
    await to(urgent.id, 0);
    expect(await ids('searchQuery=citofono&stato=1')).toEqual([low.id]);
    expect(await ids('searchQuery=citofono&stato=0')).toEqual([urgent.id]);
    await to(urgent.id, 1);
    expect(await ids('searchQuery=citofono&stato=1&priorita=2')).toEqual([urgent.id]);
    // Deleted: found no more.
    expect(
      (await call('DELETE', `/api/attivita/${low.id}?objVersion=${low.objVersion + 1}`, undefined, s)).status,
    ).toBe(200);
    expect(await found('searchQuery=citofono&stato=1')).toEqual({ ids: [urgent.id], total: 1 });
  });

  it('searches every state and the closed tab inside the visibility window, through closings and reopenings', async () => {
    const mine = await createTestSession(t);
    const db = t.database.db;
    const condo = await insertCondominium(db, mine.archiveId, 'Villa Lucerna');
    const post = async (titolo: string) =>
      (await call('POST', '/api/attivita', { condGenID: condo, titolo }, mine)).body.data.id as number;
    const to = async (id: number, stato: number) =>
      expect((await call('PUT', `/api/attivita/${id}/stato`, { stato, operatore: 'X' }, mine)).status).toBe(
        200,
      );
    const found = async (q: string) => {
      const res = await call('GET', `/api/attivita?searchQuery=grondaia${q}`, undefined, mine);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { ids: res.body.data.map((x: Json) => x.id), total: res.body.pagination.totalCount };
    };
    const old = await post('Grondaia vecchia');
    const open = await post('Grondaia intasata');
    const recent = await post('Grondaia rotta');
    await to(old, 0);
    await setClosingDate(db, mine.archiveId, old, isoDaysAgo(today, 60));
    await to(recent, 0);
    // The default window of 30 days: the one closed 60 days ago is not found.
    expect(await found('')).toEqual({ ids: [recent, open], total: 2 });
    expect(await found('&stato=0')).toEqual({ ids: [recent], total: 1 });
    // Created and closed after the first search; then a closing dated 40 days ago.
    const later = await post('Grondaia nuova');
    await to(later, 0);
    expect(await found('')).toEqual({ ids: [later, recent, open], total: 3 });
    await setClosingDate(db, mine.archiveId, recent, isoDaysAgo(today, 40));
    expect(await found('')).toEqual({ ids: [later, open], total: 2 });
    expect(await found('&stato=0')).toEqual({ ids: [later], total: 1 });
    // Reopened: found again in every state; a window of 90 days shows the one closed 40 days ago.
    await to(old, 1);
    expect(await found('')).toEqual({ ids: [later, open, old], total: 3 });
    await call('PUT', '/api/attivita/impostazioni', { giorniChiuseVisibili: 90 }, mine);
    expect(await found('&stato=0')).toEqual({ ids: [later, recent], total: 2 });
    expect(await found('')).toEqual({ ids: [later, recent, open, old], total: 4 });
  });

  it('orders, pages and reports totals in the x-pagination header', async () => {
    const res = await call(
      'GET',
      '/api/attivita?stato=1&pageSize=2&pageNumber=2&orderBy=menoRecenti',
      undefined,
      fresh,
    );
    expect(res.body.data.map((x: Json) => x.titolo)).toEqual(['Luce scale', 'Quadro elettrico']);
    expect(JSON.parse(res.headers['x-pagination'] as string)).toEqual({
      totalCount: 4,
      currentPage: 2,
      pageSize: 2,
      totalPages: 2,
    });
    const byPriority = await call('GET', '/api/attivita?stato=1&orderBy=priorita', undefined, fresh);
    expect(byPriority.body.data[0].titolo).toBe('Ascensore fermo');
    const due = await call('GET', '/api/attivita?stato=1&orderBy=scadenza', undefined, fresh);
    expect(due.body.data[0].titolo).toBe('Luce scale');
    const filtered = await call('GET', '/api/attivita?priorita=2', undefined, fresh);
    expect(filtered.body.pagination).toMatchObject({ totalCount: 5 });
  });

  it('shows closed activities only inside the visibility window', async () => {
    const closedId = ids['Cancello rotto']!;
    const db = t.database.db;
    const daysAgo = (n: number) => isoDaysAgo(isoDateToday(), n);
    await setClosingDate(db, fresh.archiveId, closedId, daysAgo(40));
    await expectIds('stato=0', []);
    expect(await list('')).not.toContain(closedId);
    await call('PUT', '/api/attivita/impostazioni', { giorniChiuseVisibili: 90 }, fresh);
    await expectIds('stato=0', ['Cancello rotto']);
    await call(
      'PUT',
      '/api/attivita/impostazioni',
      { giorniChiuseVisibili: 90, perCondominio: [{ condGenID: c1, giorni: 7 }] },
      fresh,
    );
    await expectIds('stato=0', []);
    await expectIds(`stato=0&condGenID=${c1}`, []);
    await call(
      'PUT',
      '/api/attivita/impostazioni',
      { giorniChiuseVisibili: 7, perCondominio: [{ condGenID: c1, giorni: 0 }] },
      fresh,
    );
    await expectIds('stato=0', ['Cancello rotto']);
    await call('PUT', '/api/attivita/impostazioni', { giorniChiuseVisibili: 0 }, fresh);
    await expectIds('stato=0', ['Cancello rotto']);
    await setClosingDate(db, fresh.archiveId, closedId, today);
    await call('PUT', '/api/attivita/impostazioni', { giorniChiuseVisibili: 30 }, fresh);
  });
});

describe('totals of the state tabs and the priority filter', () => {
  it('follow every creation, priority change, state change and deletion', async () => {
    const mine = await createTestSession(t);
    const condo = await insertCondominium(t.database.db, mine.archiveId, 'Condominio Conti');
    const made: Array<{ id: number; objVersion: number }> = [];
    for (const priorita of [1, 2, 2, 3, 4, 4, 4]) {
      const res = await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Conta', priorita }, mine);
      made.push(res.body.data);
    }
    const [a, b, c, d] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const moved = await call(
      'PUT',
      `/api/attivita/${a.id}`,
      {
        condGenID: condo,
        titolo: 'Conta',
        dataApertura: today,
        priorita: 4,
        gestore: 'Anna',
        servizio: 3,
        objVersion: a.objVersion,
      },
      mine,
    );
    expect(moved.status).toBe(200);
    await call('PUT', `/api/attivita/${b.id}/stato`, { stato: 2, operatore: 'X' }, mine);
    await call('PUT', `/api/attivita/${c.id}/stato`, { stato: 0, operatore: 'X' }, mine);
    expect(
      (await call('DELETE', `/api/attivita/${d.id}?objVersion=${d.objVersion}`, undefined, mine)).status,
    ).toBe(200);
    // Closed today, closed and reopened, and closed 40 days ago (outside the window of 30 days).
    const [, , , , e, f] = made as Array<(typeof made)[0]>;
    await call('PUT', `/api/attivita/${e!.id}/stato`, { stato: 0, operatore: 'X' }, mine);
    await call('PUT', `/api/attivita/${f!.id}/stato`, { stato: 0, operatore: 'X' }, mine);
    await call('PUT', `/api/attivita/${f!.id}/stato`, { stato: 1, operatore: 'X' }, mine);
    const old = (
      await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Vecchia', priorita: 1 }, mine)
    ).body.data.id as number;
    await call('PUT', `/api/attivita/${old}/stato`, { stato: 0, operatore: 'X' }, mine);
    await setClosingDate(t.database.db, mine.archiveId, old, isoDaysAgo(today, 40));
    const g = made[6]!.id;
    await call('PUT', `/api/attivita/${g}/gestore`, { gestore: 'Bruno', operatore: 'X' }, mine);
    await call('PUT', `/api/attivita/${g}/gestore`, { gestore: 'Anna', operatore: 'X' }, mine);
    // Open: two of priority 4 and the one moved there; suspended: one of priority 2; closed in the
    // window: one of priority 2, one of priority 4.
    const expected = {
      '1:1': 0,
      '1:2': 0,
      '1:3': 0,
      '1:4': 3,
      '2:2': 1,
      '2:4': 0,
      '0:1': 0,
      '0:2': 1,
      '0:4': 1,
      ':4': 4,
      ':1': 0,
    };
    for (const [key, count] of Object.entries(expected)) {
      const [stato, priorita] = key.split(':');
      // Pages of one, so that the total comes from the counters, not from a short last page.
      const res = await call(
        'GET',
        `/api/attivita?${stato ? `stato=${stato}&` : ''}priorita=${priorita}&pageSize=1`,
        undefined,
        mine,
      );
      expect([key, res.body.pagination.totalCount]).toEqual([key, count]);
      expect(res.body.data.length).toBe(Math.min(count, 1));
    }
    const total = async (query: string) =>
      (await call('GET', `/api/attivita?${query}pageSize=1`, undefined, mine)).body.pagination.totalCount;
    expect(await total('stato=1&')).toBe(3);
    expect(await total('stato=0&')).toBe(2);
    expect(await total('')).toBe(6);
    // By manager, service and type (all of type 2): counted per state group.
    expect(await total('stato=1&gestore=Anna&')).toBe(2);
    expect(await total('gestore=Anna&')).toBe(2);
    expect(await total('stato=1&servizio=3&')).toBe(1);
    expect(await total('stato=1&tipoSegnalazID=2&')).toBe(3);
    expect(await total('stato=2&tipoSegnalazID=2&')).toBe(1);
    expect(await total('stato=0&tipoSegnalazID=2&')).toBe(2);
    await call('PUT', '/api/attivita/impostazioni', { giorniChiuseVisibili: 90 }, mine);
    expect(await total('stato=0&')).toBe(3);
    expect(await total('stato=0&priorita=1&')).toBe(1);
    // The longest window: a page read day by day is a compound of 367 terms.
    await call('PUT', '/api/attivita/impostazioni', { giorniChiuseVisibili: 365 }, mine);
    expect(await total('stato=0&orderBy=menoRecenti&')).toBe(3);
    expect(await total('stato=0&orderBy=scadenza&priorita=2&')).toBe(1);
  });
});

describe('pages of every order and filter', () => {
  it('agree with the rows, whichever plan reads them (by state group, by closing date, by index)', async () => {
    const mine = await createTestSession(t);
    const db = t.database.db;
    const condo = await insertCondominium(db, mine.archiveId, 'Condominio Ordini');
    const daysAgo = (n: number) => isoDaysAgo(isoDateToday(), n);
    const open = async (payload: Json) =>
      (await call('POST', '/api/attivita', { condGenID: condo, ...payload }, mine)).body.data.id as number;
    const setState = (id: number, stato: number) =>
      call('PUT', `/api/attivita/${id}/stato`, { stato, operatore: 'X' }, mine);
    for (let i = 0; i < 14; i++) {
      const id = await open({
        titolo: `Ordine ${i}`,
        priorita: (i % 4) + 1,
        gestore: i % 3 === 0 ? 'Anna' : 'Bruno',
        // Some share an opening date, so that ties are ordered by id.
        dataApertura: daysAgo(400 - ((i * 37) % 11) * 30),
        dataConcludereEntro: i % 5 === 0 ? null : daysAgo(-((i * 13) % 7)),
      });
      if (i % 3 === 1) await setState(id, 2);
      if (i % 3 === 2) {
        await setState(id, 0);
        // Closed 10 or 50 days ago: inside or outside the window of 30 days.
        await setClosingDate(db, mine.archiveId, id, daysAgo(i % 2 === 0 ? 10 : 50));
      }
    }
    // Opened inside the window and closed since: the newest closed ones, read before the others.
    for (let i = 0; i < 3; i++) {
      await setState(
        await open({ titolo: `Recente ${i}`, priorita: 3, gestore: 'Bruno', dataApertura: daysAgo(4 + i) }),
        0,
      );
    }
    // On the window's edges, read day by day: closed 30 days ago (inside), 31 (outside), and dated
    // tomorrow (inside).
    for (const [i, closedDaysAgo] of [30, 31, -1].entries()) {
      const id = await open({
        titolo: `Bordo ${i}`,
        priorita: 2,
        gestore: 'Anna',
        dataApertura: daysAgo(60 + i),
      });
      await setState(id, 0);
      await setClosingDate(db, mine.archiveId, id, daysAgo(closedDaysAgo));
    }
    // Another condominium's, which the condominium filter leaves out.
    const other = await insertCondominium(db, mine.archiveId, 'Condominio Altro');
    await open({ condGenID: other, titolo: 'Altro aperto', dataApertura: daysAgo(20) });
    await setState(await open({ condGenID: other, titolo: 'Altro chiuso', dataApertura: daysAgo(90) }), 0);
    await call('PUT', '/api/attivita/impostazioni', { giorniChiuseVisibili: 30 }, mine);
    const rows = await db
      .selectFrom('activities')
      .selectAll()
      .where('archive_id', '=', mine.archiveId)
      .execute();
    const cutoff = daysAgo(30);
    type Row = (typeof rows)[number];
    const cmp = (x: string | number | null, y: string | number | null) =>
      x === y ? 0 : x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
    const orders: Record<string, (x: Row, y: Row) => number> = {
      recenti: (x, y) => cmp(y.data_apertura, x.data_apertura) || Number(y.id) - Number(x.id),
      menoRecenti: (x, y) => cmp(x.data_apertura, y.data_apertura) || Number(x.id) - Number(y.id),
      numeroPratica: (x, y) => Number(y.numero_pratica) - Number(x.numero_pratica),
      priorita: (x, y) =>
        y.priorita - x.priorita || cmp(y.data_apertura, x.data_apertura) || Number(y.id) - Number(x.id),
      scadenza: (x, y) =>
        cmp(x.data_concludere_entro, y.data_concludere_entro) || Number(x.id) - Number(y.id),
      aggiornamento: (x, y) =>
        cmp(y.ultimo_aggiornamento, x.ultimo_aggiornamento) || Number(y.id) - Number(x.id),
    };
    const cases: Array<[string, (r: Row) => boolean]> = [
      ['', () => true],
      ['&priorita=3', (r) => r.priorita === 3],
      ['&gestore=Anna', (r) => r.gestore === 'Anna'],
      ['&stato=0', (r) => r.stato_gruppo === 0],
      ['&stato=0&gestore=Bruno', (r) => r.stato_gruppo === 0 && r.gestore === 'Bruno'],
      [`&condGenID=${condo}`, (r) => r.cond_gen_id === condo],
      [`&condGenID=${condo}&stato=0`, (r) => r.cond_gen_id === condo && r.stato_gruppo === 0],
      [`&condGenID=${condo}&priorita=3`, (r) => r.cond_gen_id === condo && r.priorita === 3],
    ];
    for (const [query, keep] of cases) {
      for (const [orderBy, order] of Object.entries(orders)) {
        const expected = rows
          .filter((r) => (r.stato_gruppo !== 0 || (r.data_chiusura ?? '') >= cutoff) && keep(r))
          .sort(order)
          .map((r) => Number(r.id));
        const seen: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / 2) + 1; page++) {
          const res = await call(
            'GET',
            `/api/attivita?orderBy=${orderBy}&pageSize=2&pageNumber=${page}${query}`,
            undefined,
            mine,
          );
          seen.push(...res.body.data.map((a: Json) => a.id as number));
          if (page === 1)
            expect([query, orderBy, res.body.pagination.totalCount]).toEqual([
              query,
              orderBy,
              expected.length,
            ]);
        }
        expect([query, orderBy, seen]).toEqual([query, orderBy, expected]);
      }
    }
  });
});

describe('interventions', () => {
  it('adds, edits, postpones, marks done and deletes, each with an event', async () => {
    const a = await create();
    const base = `/api/attivita/${a.id}/fornitore/${provider}/intervento`;
    const missing = await call('POST', `/api/attivita/${a.id}/fornitore/999999/intervento`, {
      operatore: 'X',
    });
    expect(missing.body.error.code).toBe(201);
    const created = await call('POST', base, {
      descrizione: 'Sostituire il raccordo',
      dataPrevista: today,
      operatore: 'Mario',
    });
    expect(created.status).toBe(201);
    const i = created.body.data;
    expect(i).toMatchObject({
      fornitoreDescr: 'Idraulica Bianchi',
      dataPrevista: today,
      dataEsecuzione: null,
      rinviato: false,
    });
    expect((await call('GET', `/api/attivita/${a.id}`)).body.data.interventiInCorso).toBe(1);

    const edited = await call('PUT', `${base}/${i.id}`, {
      descrizione: 'Raccordo e guarnizione',
      dataPrevista: null,
      operatore: 'Mario',
      objVersion: 1,
    });
    expect(edited.body.data).toMatchObject({
      descrizione: 'Raccordo e guarnizione',
      dataPrevista: null,
      objVersion: 2,
    });
    const stale = await call('PUT', `${base}/${i.id}`, { operatore: 'Mario', objVersion: 1 });
    expect(stale.status).toBe(409);

    const later = isoDaysAgo(isoDateToday(), -5);
    const postponed = await call('PUT', `${base}/${i.id}/dataPrevista`, {
      dataPrevista: later,
      motivazione: 'Pezzo in arrivo',
    });
    expect(postponed.body.data).toMatchObject({
      dataPrevista: later,
      rinviato: true,
      motivazioneRinvio: 'Pezzo in arrivo',
    });
    const noReason = await call('PUT', `${base}/${i.id}/dataPrevista`, { dataPrevista: later });
    expect(noReason.body.error.code).toBe(113);

    const done = await call('PUT', `${base}/${i.id}/svolgi`, { operatore: 'Mario', dataEsecuzione: today });
    expect(done.body.data.dataEsecuzione).toBe(today);
    const twice = await call('PUT', `${base}/${i.id}/svolgi`, { operatore: 'Mario', dataEsecuzione: today });
    expect(twice.body.error).toMatchObject({ code: 115, message: "L'intervento è già stato svolto." });
    const detail = (await call('GET', `/api/attivita/${a.id}`)).body.data;
    expect(detail.interventiInCorso).toBe(0);
    expect(detail.eventi.filter((e: Json) => e.tipo === 4)).toHaveLength(4);

    const wrongProvider = await call(
      'DELETE',
      `/api/attivita/${a.id}/fornitore/${provider + 1000}/intervento/${i.id}?objVersion=4`,
    );
    expect(wrongProvider.status).toBe(404);
    expect((await call('DELETE', `${base}/${i.id}?objVersion=4`)).status).toBe(200);
    expect((await call('GET', `/api/attivita/${a.id}`)).body.data.interventi).toEqual([]);
  });

  it('refuses new interventions on a closed activity', async () => {
    const a = await create();
    await call('PUT', `/api/attivita/${a.id}/stato`, { stato: 0, operatore: 'X' });
    const res = await call('POST', `/api/attivita/${a.id}/fornitore/${provider}/intervento`, {
      operatore: 'X',
    });
    expect(res.body.error).toMatchObject({ code: 115, message: expect.stringContaining('riaprila') });
  });
});

describe('permissions', () => {
  it('refuses every activity route without the activities area', async () => {
    const denied = await createTestSession(t, { deniedAreas: [Area.Activities] });
    for (const url of [
      '/api/attivita',
      '/api/attivita/tipo',
      '/api/home',
      '/api/interventoFornitore/stato',
    ]) {
      const res = await call('GET', url, undefined, denied);
      expect(res.status, url).toBe(403);
      expect(res.body.error.code).toBe(120);
    }
  });
});
