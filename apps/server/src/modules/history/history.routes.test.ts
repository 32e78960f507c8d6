import { Area, ORIGIN_HEADER, ORIGIN_QUEUE } from '@stabile/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { insertCondominium, insertRegistryRow } from '../activities/activity.fixtures.ts';
import { recordChange } from './history.service.ts';

let t: TestApp;
let s: TestSession;
let other: TestSession;
/** An archive user without the contacts area. */
let restricted: TestSession;
let condo: number;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  other = await createTestSession(t);
  restricted = await createTestSession(t, { deniedAreas: [Area.People] });
  condo = await insertCondominium(t.database.db, s.archiveId, 'Condominio Aurora');
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields directly
type Json = any;

async function call(
  method: string,
  url: string,
  payload?: unknown,
  session: TestSession = s,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...session.headers, ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() as Json };
}

async function createContact(session: TestSession = s) {
  const res = await call(
    'POST',
    '/api/persona',
    { descr: 'Verdi Anna', email: 'anna@example.it', citta: 'Milano' },
    session,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; objVersion: number };
}

const historyOf = async (kind: string, id: number, session: TestSession = s, query = '') =>
  call('GET', `/api/cronologia/${kind}/${id}${query}`, undefined, session);

async function historyRows(kind: string, id: number) {
  return t.database.db
    .selectFrom('record_history')
    .selectAll()
    .where('archive_id', '=', s.archiveId)
    .where('kind', '=', kind)
    .where('record_id', '=', id)
    .execute();
}

describe('the history of a contact', () => {
  it('keeps who, when, through which route and each field changed, newest first', async () => {
    const contact = await createContact();
    const edit = await call('PUT', `/api/persona/${contact.id}`, {
      descr: 'Verdi Anna Maria',
      email: '',
      citta: 'Milano',
      telefono1: '02 1234567',
      objVersion: contact.objVersion,
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);

    const res = await historyOf('contatto', contact.id);
    expect(res.status).toBe(200);
    const [changed, created] = res.body.data.entries;
    expect(res.body.data.entries).toHaveLength(2);
    expect(changed).toMatchObject({
      action: 'modifica',
      via: 'web',
      accountId: s.accountId,
      archiveUserId: null,
    });
    expect(changed.who).toContain('@example.it');
    expect(changed.changes).toEqual(
      expect.arrayContaining([
        { field: 'descr', before: 'Verdi Anna', after: 'Verdi Anna Maria' },
        { field: 'email', before: 'anna@example.it', after: null },
        { field: 'telefono1', before: null, after: '02 1234567' },
      ]),
    );
    expect(changed.changes).toHaveLength(3);
    expect(created).toMatchObject({ action: 'creazione', via: 'web' });
    expect(created.changes).toContainEqual({ field: 'descr', before: null, after: 'Verdi Anna' });
    expect(Date.parse(changed.at)).toBeGreaterThanOrEqual(Date.parse(created.at));
    expect(res.body.data.nextCursor).toBeNull();
  });

  it('marks a write replayed by the offline queue', async () => {
    const contact = await createContact();
    const edit = await call(
      'PUT',
      `/api/persona/${contact.id}`,
      { descr: 'Verdi Anna', citta: 'Torino', objVersion: contact.objVersion },
      s,
      { [ORIGIN_HEADER]: ORIGIN_QUEUE, 'idempotency-key': `coda-replay-${contact.id}` },
    );
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    const [latest] = (await historyOf('contatto', contact.id)).body.data.entries;
    expect(latest).toMatchObject({
      via: 'coda',
      changes: expect.arrayContaining([{ field: 'citta', before: 'Milano', after: 'Torino' }]),
    });
  });

  it('writes nothing when the change is refused, nor when nothing changed', async () => {
    const contact = await createContact();
    const stale = await call('PUT', `/api/persona/${contact.id}`, {
      descr: 'Altro nome',
      objVersion: contact.objVersion + 5,
    });
    expect(stale.status).toBe(409);
    const same = await call('PUT', `/api/persona/${contact.id}`, {
      descr: 'Verdi Anna',
      email: 'anna@example.it',
      citta: 'Milano',
      objVersion: contact.objVersion,
    });
    expect(same.status).toBe(200);
    expect(await historyRows('contatto', contact.id)).toHaveLength(1);
  });

  it('is written in the transaction of the change: a rollback takes it away', async () => {
    const contact = await createContact();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('persons')
          .set({ descr: 'Mai salvato' })
          .where('archive_id', '=', s.archiveId)
          .where('id', '=', contact.id)
          .execute();
        await recordChange(
          trx,
          s.archiveId,
          'contatto',
          contact.id,
          { descr: 'Verdi Anna' },
          { descr: 'Mai salvato' },
        );
        throw new Error('la modifica fallisce dopo la cronologia');
      }),
    ).rejects.toThrow('la modifica fallisce');
    expect(await historyRows('contatto', contact.id)).toHaveLength(1);
  });

  it('lists changes made within the same millisecond in the order they were made', async () => {
    const contact = await createContact();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00.000Z'));
    try {
      for (let n = 1; n <= 8; n++) {
        await recordChange(
          t.database.db,
          s.archiveId,
          'contatto',
          contact.id,
          { descr: `Verdi ${n - 1}` },
          { descr: `Verdi ${n}` },
        );
      }
    } finally {
      vi.useRealTimers();
    }
    const res = await historyOf('contatto', contact.id);
    expect(res.status).toBe(200);
    const edits = (res.body.data.entries as Json[]).filter((e) => e.at === '2026-11-28T10:00:00.000Z');
    expect(edits.map((e) => e.changes[0].after)).toEqual([8, 7, 6, 5, 4, 3, 2, 1].map((n) => `Verdi ${n}`));
  });

  it("refuses a user without the contacts area (120) and another archive's contact (122)", async () => {
    const contact = await createContact();
    const denied = await historyOf('contatto', contact.id, restricted);
    expect(denied.status).toBe(403);
    expect(denied.body.error.code).toBe(120);
    const foreign = await historyOf('contatto', contact.id, other);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe(122);
    const missing = await historyOf('contatto', 999_999);
    expect(missing.status).toBe(404);
    const kind = await historyOf('nave', contact.id);
    expect(kind.status).toBe(400);
    expect(kind.body.error.code).toBe(113);
  });
});

describe('the history of an activity', () => {
  it('records the creation, a change of state and the notes, page by page', async () => {
    const created = await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Perdita in cantina' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    const state = await call('PUT', `/api/attivita/${id}/stato`, { stato: 2, operatore: 'Mario' });
    expect(state.status, JSON.stringify(state.body)).toBe(200);
    const note = await call('POST', `/api/attivita/${id}/eventi/nota`, {
      testo: 'Chiamato il custode',
      operatore: 'Mario',
    });
    expect(note.status).toBe(201);

    const first = await historyOf('attivita', id, s, '?limit=2');
    expect(first.status).toBe(200);
    expect(first.body.data.entries.map((e: Json) => e.changes[0])).toEqual([
      { field: 'nota', before: null, after: 'Chiamato il custode' },
      { field: 'stato', before: 1, after: 2 },
    ]);
    const cursor = first.body.data.nextCursor as string;
    expect(cursor).toBeTruthy();
    const second = await historyOf('attivita', id, s, `?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect(second.body.data.entries.map((e: Json) => e.action)).toEqual(['creazione']);
    expect(second.body.data.nextCursor).toBeNull();
    const bad = await historyOf('attivita', id, s, '?cursor=rotto');
    expect(bad.status).toBe(400);
  });
});

describe('through which route', () => {
  it("records a supplier's answer through its link as the supplier's, on the activity", async () => {
    const provider = await insertRegistryRow(
      t.database.db,
      'providers',
      s.archiveId,
      'Idraulica Bianchi',
      'ufficio@idraulica.example.it',
    );
    const created = await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Perdita in cantina' });
    const attivitaId = created.body.data.id as number;
    const dataPrevista = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const intervention = await call('POST', `/api/attivita/${attivitaId}/fornitore/${provider}/intervento`, {
      descrizione: 'Riparare il tubo',
      dataPrevista,
      operatore: 'Mario Rossi',
    });
    expect(intervention.status, JSON.stringify(intervention.body)).toBeLessThan(300);
    const sent = await call('POST', '/api/interventoFornitore', {
      interventoID: intervention.body.data.id,
      messaggio: 'Grazie',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const token = /\/fornitore\/(\S+)/.exec(t.outbox.at(-1)?.text ?? '')?.[1] ?? '';
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/fornitore-portale/${token}/accetta`,
      payload: {},
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    const [latest] = (await historyOf('attivita', attivitaId)).body.data.entries;
    expect(latest).toMatchObject({ via: 'fornitore', accountId: null, who: null, action: 'modifica' });
    expect(latest.changes[0]).toMatchObject({ field: 'risposta_fornitore', before: null });
    expect(latest.changes[0].after).toContain('Idraulica Bianchi');
  });

  it('names the archive user who made the change', async () => {
    const created = await call(
      'POST',
      '/api/attivita',
      {
        condGenID: await insertCondominium(t.database.db, restricted.archiveId, 'Condominio Sole'),
        titolo: 'Citofono guasto',
      },
      restricted,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [entry] = (await historyOf('attivita', created.body.data.id, restricted)).body.data.entries;
    expect(entry).toMatchObject({
      action: 'creazione',
      who: 'Utente di prova',
      accountId: restricted.accountId,
    });
    expect(entry.archiveUserId).toEqual(expect.any(Number));
  });
});

describe('the history table', () => {
  it('refuses an UPDATE and a DELETE from the database itself', async () => {
    const contact = await createContact();
    const db = t.database.db;
    await expect(
      sql`update record_history set via = 'web' where archive_id = ${s.archiveId} and record_id = ${contact.id}`.execute(
        db,
      ),
    ).rejects.toThrow(/cronologia/);
    await expect(
      sql`delete from record_history where archive_id = ${s.archiveId} and record_id = ${contact.id}`.execute(
        db,
      ),
    ).rejects.toThrow(/cronologia/);
    expect(await historyRows('contatto', contact.id)).toHaveLength(1);
  });
});
