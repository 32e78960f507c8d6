import { Area, activityCreateSchema } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { insertCondominium, insertRegistryRow } from './activity.fixtures.ts';
import { createActivity } from './activity.service.ts';

/** PUT /api/attivita/{id}: the edit form of the drawer (issue 27, part 1). */

let t: TestApp;
let s: TestSession;
let other: TestSession;
let condoA: number;
let condoB: number;
let otherCondo: number;
let person: number;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  other = await createTestSession(t);
  const db = t.database.db;
  condoA = await insertCondominium(db, s.archiveId, 'Condominio Aurora');
  condoB = await insertCondominium(db, s.archiveId, 'Residenza Belvedere');
  for (let i = 0; i < 3; i++) await insertCondominium(db, other.archiveId, `Altro ${i}`);
  otherCondo = await insertCondominium(db, other.archiveId, 'Condominio Estraneo');
  person = await insertRegistryRow(db, 'persons', s.archiveId, 'Rossi Mario', 'mario.rossi@example.it');
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
  return { status: res.statusCode, body: res.json() };
}

interface Saved extends Json {
  id: number;
  objVersion: number;
  titolo: string;
  gestore: string;
  descrizione: string;
  dataApertura: string;
}

async function create(payload: Json = {}, session: TestSession = s, condo = condoA): Promise<Saved> {
  const res = await call(
    'POST',
    '/api/attivita',
    {
      condGenID: condo,
      titolo: 'Perdita in cantina',
      gestore: 'Anna Neri',
      descrizione: 'Acqua',
      ...payload,
    },
    session,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as Saved;
}

/** The body the web's edit form sends: its fields over the version it started from. */
function editBody(a: Saved, changes: Json = {}): Json {
  return {
    condGenID: a.condGenID,
    titolo: a.titolo,
    descrizione: a.descrizione,
    gestore: a.gestore,
    tipoSegnalazID: a.tipoSegnalazID,
    priorita: a.priorita,
    dataApertura: a.dataApertura,
    richiedenteID: a.richiedenteID,
    dataConcludereEntro: a.dataConcludereEntro,
    servizio: a.servizio,
    nascosta: a.nascosta,
    esercizioID: a.esercizioID,
    objVersion: a.objVersion,
    ...changes,
  };
}

describe('editing an activity', () => {
  it('changes title, type, priority, due date, applicant, condominium, service and the hidden flag', async () => {
    const a = await create();
    const res = await call(
      'PUT',
      `/api/attivita/${a.id}`,
      editBody(a, {
        titolo: 'Perdita in garage',
        tipoSegnalazID: 1,
        priorita: 4,
        dataConcludereEntro: '2099-01-31',
        richiedenteID: person,
        condGenID: condoB,
        servizio: 4,
        nascosta: true,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      id: a.id,
      titolo: 'Perdita in garage',
      tipoSegnalazID: 1,
      tipoSegnalazDescr: 'Guasto',
      priorita: 4,
      dataConcludereEntro: '2099-01-31',
      richiedenteID: person,
      richiedenteDescr: 'Rossi Mario',
      condGenID: condoB,
      intestazioneCondominio: 'Residenza Belvedere',
      servizio: 4,
      nascosta: true,
      // What the form does not show is sent back unchanged and stays so.
      gestore: 'Anna Neri',
      descrizione: 'Acqua',
      objVersion: a.objVersion + 1,
    });
    // The same manager and description record no event: only the applicant's.
    const kinds = (eventi: unknown) => (eventi as Json[]).map((e) => e.tipo);
    const count = (list: unknown[], tipo: number) => list.filter((k) => k === tipo).length;
    const before = kinds(a.eventi);
    const after = kinds(res.body.data.eventi);
    expect(count(after, 2)).toBe(count(before, 2));
    expect(count(after, 6)).toBe(count(before, 6));
    expect(count(after, 5)).toBe(count(before, 5) + 1);

    const read = await call('GET', `/api/attivita/${a.id}`);
    expect(read.body.data).toMatchObject({ titolo: 'Perdita in garage', priorita: 4, nascosta: true });
    const list = await call('GET', `/api/attivita?searchQuery=${encodeURIComponent('garage')}&priorita=4`);
    expect((list.body.data as Json[]).map((r) => r.id)).toContain(a.id);

    // And back: the flag can be cleared and the due date removed.
    const back = await call(
      'PUT',
      `/api/attivita/${a.id}`,
      editBody(res.body.data as Saved, { nascosta: false, dataConcludereEntro: null }),
    );
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ nascosta: false, dataConcludereEntro: null });
  });

  it('refuses a stale objVersion with 409 and code 115, keeping the first change', async () => {
    const a = await create();
    const first = await call('PUT', `/api/attivita/${a.id}`, editBody(a, { titolo: 'Cambiato da Anna' }));
    expect(first.status).toBe(200);
    const second = await call('PUT', `/api/attivita/${a.id}`, editBody(a, { titolo: 'Cambiato da Bruno' }));
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 115,
      message: 'I dati sono stati modificati da un altro utente. Ricarica e riprova.',
    });
    const read = await call('GET', `/api/attivita/${a.id}`);
    expect(read.body.data).toMatchObject({ titolo: 'Cambiato da Anna', objVersion: a.objVersion + 1 });
    // With the fresh version the second change goes through.
    const retry = await call(
      'PUT',
      `/api/attivita/${a.id}`,
      editBody(read.body.data as Saved, { titolo: 'Cambiato da Bruno' }),
    );
    expect(retry.status).toBe(200);
    expect(retry.body.data.objVersion).toBe(a.objVersion + 2);
  });

  it('refuses bad input with 113 and an Italian message, changing nothing', async () => {
    const a = await create();
    const cases: Array<[Json, string]> = [
      [{ titolo: '' }, 'Manca un campo obbligatorio'],
      [{ titolo: '   ' }, 'Manca un campo obbligatorio'],
      [{ titolo: 'x'.repeat(201) }, 'Il messaggio non può superare i 200 caratteri'],
      [{ priorita: 5 }, 'Valore non ammesso'],
      [{ servizio: 99 }, 'Valore non ammesso'],
      [
        { dataConcludereEntro: '2000-01-01' },
        'La data di conclusione non può precedere la data di apertura.',
      ],
      [{ dataConcludereEntro: '31/12/2099' }, 'data'],
      [{ tipoSegnalazID: 9999 }, 'Tipo di segnalazione inesistente.'],
      [{ richiedenteID: 99999 }, 'Richiedente inesistente.'],
      [{ condGenID: 99999 }, 'Condominio inesistente.'],
      [{ objVersion: undefined }, 'Manca un campo obbligatorio'],
    ];
    for (const [change, message] of cases) {
      const res = await call('PUT', `/api/attivita/${a.id}`, editBody(a, change));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.error.code, JSON.stringify(change)).toBe(113);
      expect(res.body.error.message, JSON.stringify(change)).toContain(message);
      expect(res.body.error.message).not.toMatch(/expected|Invalid|Too (big|small)|Required/);
    }
    const read = await call('GET', `/api/attivita/${a.id}`);
    expect(read.body.data).toMatchObject({ titolo: 'Perdita in cantina', objVersion: a.objVersion });
  });

  it("answers 404 for another archive's activity and refuses another archive's condominium", async () => {
    const mine = await create();
    const theirs = await create({ titolo: 'Di un altro studio' }, other, otherCondo);
    const foreign = await call(
      'PUT',
      `/api/attivita/${mine.id}`,
      editBody(mine, { titolo: 'Intruso' }),
      other,
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe(122);
    const crossed = await call('PUT', `/api/attivita/${mine.id}`, editBody(mine, { condGenID: otherCondo }));
    expect(crossed.status).toBe(400);
    expect(crossed.body.error.message).toContain('Condominio inesistente');
    expect((await call('GET', `/api/attivita/${mine.id}`)).body.data.titolo).toBe('Perdita in cantina');
    const untouched = await call('GET', `/api/attivita/${theirs.id}`, undefined, other);
    expect(untouched.body.data.titolo).toBe('Di un altro studio');
  });

  it('refuses a user without the activities area with 403, and lets one with it edit', async () => {
    const denied = await createTestSession(t, { deniedAreas: [Area.Activities] });
    const allowed = await createTestSession(t, { deniedAreas: [Area.Providers] });
    const db = t.database.db;
    // An activity of the restricted user's own archive, written as the archive's owner would.
    const condo = await insertCondominium(db, denied.archiveId, 'Condominio Limitato');
    const own = (await createActivity(
      db,
      { archiveId: denied.archiveId, accountId: denied.accountId, archiveUserId: null },
      activityCreateSchema.parse({ condGenID: condo, titolo: 'Infiltrazione dal tetto' }),
    )) as unknown as Saved;
    const refused = await call(
      'PUT',
      `/api/attivita/${own.id}`,
      editBody(own, { titolo: 'Vietato' }),
      denied,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe(120);
    const row = await db
      .selectFrom('activities')
      .select(['titolo', 'obj_version'])
      .where('archive_id', '=', denied.archiveId)
      .where('id', '=', own.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ titolo: 'Infiltrazione dal tetto', obj_version: own.objVersion });

    const condoAllowed = await insertCondominium(db, allowed.archiveId, 'Condominio Permesso');
    const a = await create({}, allowed, condoAllowed);
    const ok = await call(
      'PUT',
      `/api/attivita/${a.id}`,
      editBody(a, { titolo: 'Dal collaboratore' }),
      allowed,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.titolo).toBe('Dal collaboratore');
  });
});
