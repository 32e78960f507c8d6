import { setTimeout as sleep } from 'node:timers/promises';
import { endpoint, zString } from '@stabile/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { insertCondominium } from '../modules/activities/activity.fixtures.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../test/sessions.ts';
import { idempotencyTiming, REPLAY_HEADER } from './idempotency-hook.ts';
import { route } from './route.ts';

/** A slow write of the archive and one of the account: they count how often they really ran. */
const Prova = {
  archivio: endpoint({
    operationId: 'provaScritturaLenta',
    method: 'POST',
    path: '/api/prova-idempotenza',
    summary: 'Scrittura lenta di prova',
    tags: ['prova'],
    body: z.object({ testo: zString() }),
    response: z.object({ volte: z.number().int(), testo: zString() }),
  }),
  account: endpoint({
    operationId: 'provaScritturaAccount',
    method: 'POST',
    path: '/api/prova-idempotenza-account',
    summary: 'Scrittura di prova di un account',
    tags: ['prova'],
    auth: 'account',
    body: z.object({ testo: zString() }),
    response: z.object({ volte: z.number().int() }),
  }),
};

let t: TestApp;
let s: TestSession;
let other: TestSession;
let condo: number;
let otherCondo: number;
let slowRuns = 0;
let accountRuns = 0;
let slowMs = 150;
const originalWait = idempotencyTiming.waitMs;

beforeAll(async () => {
  t = await buildTestApp({}, async (app) => {
    route(app, Prova.archivio, async ({ body }) => {
      slowRuns += 1;
      const volte = slowRuns;
      await sleep(slowMs);
      return { volte, testo: body.testo };
    });
    route(app, Prova.account, async () => {
      accountRuns += 1;
      return { volte: accountRuns };
    });
  });
  s = await createTestSession(t);
  other = await createTestSession(t);
  condo = await insertCondominium(t.database.db, s.archiveId, 'Condominio Aurora');
  otherCondo = await insertCondominium(t.database.db, other.archiveId, 'Condominio Estraneo');
});
afterAll(() => t.close());
afterEach(() => {
  idempotencyTiming.waitMs = originalWait;
  slowMs = 150;
});

let keys = 0;
/** A fresh well-formed key per test (keys are per archive: tests must not collide). */
const newKey = () => `chiave-${Date.now()}-${++keys}`;

async function call(
  method: 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload: unknown,
  key: string | undefined,
  session: TestSession = s,
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...session.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return {
    status: res.statusCode,
    body: res.json(),
    text: res.payload,
    replayed: res.headers[REPLAY_HEADER] === 'true',
    headers: res.headers,
  };
}

async function activitiesTitled(archiveId: number, titolo: string) {
  const rows = await t.database.db
    .selectFrom('activities')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('titolo', '=', titolo)
    .execute();
  return rows.length;
}

async function notesOf(activityId: number, archiveId: number, testo: string) {
  const rows = await t.database.db
    .selectFrom('activity_events')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('attivita_id', '=', activityId)
    .where('testo', '=', testo)
    .execute();
  return rows.length;
}

describe('Idempotency-Key on every write under /api', () => {
  it('applies a POST once and repeats the first answer (status and body) to the same key', async () => {
    const key = newKey();
    const body = { condGenID: condo, titolo: 'Perdita dal tetto (chiave)' };
    const first = await call('POST', '/api/attivita', body, key);
    expect(first.status, first.text).toBe(201);
    expect(first.replayed).toBe(false);
    const second = await call('POST', '/api/attivita', body, key);
    expect(second.status).toBe(201);
    expect(second.replayed).toBe(true);
    expect(second.text).toBe(first.text);
    expect(second.headers['content-type']).toContain('application/json');
    expect(await activitiesTitled(s.archiveId, body.titolo)).toBe(1);

    // Without a key the same body is a new write, as before.
    const third = await call('POST', '/api/attivita', body, undefined);
    expect(third.status).toBe(201);
    expect(third.body.data.id).not.toBe(first.body.data.id);
    expect(await activitiesTitled(s.archiveId, body.titolo)).toBe(2);
  });

  it('applies a note (POST), a state change (PUT) and a deletion (DELETE) once each', async () => {
    const created = await call(
      'POST',
      '/api/attivita',
      { condGenID: condo, titolo: 'Citofono guasto' },
      newKey(),
    );
    const id = created.body.data.id as number;

    const noteKey = newKey();
    const note = { testo: 'Nota scritta senza rete', operatore: 'Mario Rossi' };
    const n1 = await call('POST', `/api/attivita/${id}/eventi/nota`, note, noteKey);
    const n2 = await call('POST', `/api/attivita/${id}/eventi/nota`, note, noteKey);
    expect(n1.status, n1.text).toBe(201);
    expect(n2.text).toBe(n1.text);
    expect(await notesOf(id, s.archiveId, note.testo)).toBe(1);

    // A state change replayed would be refused ("Sospesa" to "Sospesa"): the key repeats the answer.
    const stateKey = newKey();
    const suspend = { stato: 2, operatore: 'Mario Rossi' };
    const p1 = await call('PUT', `/api/attivita/${id}/stato`, suspend, stateKey);
    const p2 = await call('PUT', `/api/attivita/${id}/stato`, suspend, stateKey);
    expect(p1.status, p1.text).toBe(200);
    expect(p2.status).toBe(200);
    expect(p2.text).toBe(p1.text);
    const again = await call('PUT', `/api/attivita/${id}/stato`, suspend, newKey());
    expect(again.status).toBe(409);

    const deleteKey = newKey();
    const version = p1.body.data.objVersion as number;
    const d1 = await call('DELETE', `/api/attivita/${id}?objVersion=${version}`, undefined, deleteKey);
    const d2 = await call('DELETE', `/api/attivita/${id}?objVersion=${version}`, undefined, deleteKey);
    expect(d1.status, d1.text).toBe(200);
    expect(d2.status).toBe(200);
    expect(d2.replayed).toBe(true);
    expect(d2.text).toBe(d1.text);
  });

  it('applies two requests with the same key arriving at once a single time (real write)', async () => {
    const key = newKey();
    const body = { condGenID: condo, titolo: 'Scala B: luce spenta (contemporanea)' };
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', '/api/attivita', body, key)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.text)).size).toBe(1);
    expect(answers.filter((a) => a.replayed)).toHaveLength(2);
    expect(await activitiesTitled(s.archiveId, body.titolo)).toBe(1);
  });

  it('makes a concurrent request wait for the first one and repeat its answer', async () => {
    const key = newKey();
    const before = slowRuns;
    const first = call('POST', '/api/prova-idempotenza', { testo: 'uno' }, key);
    await sleep(30);
    const second = call('POST', '/api/prova-idempotenza', { testo: 'uno' }, key);
    const [a, b] = await Promise.all([first, second]);
    expect(slowRuns - before).toBe(1);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.replayed).toBe(true);
    expect(b.text).toBe(a.text);
  });

  it('answers a retryable 124 (Retry-After) when the first request runs longer than the wait', async () => {
    idempotencyTiming.waitMs = 40;
    slowMs = 400;
    const key = newKey();
    const before = slowRuns;
    const first = call('POST', '/api/prova-idempotenza', { testo: 'due' }, key);
    await sleep(20);
    const busy = await call('POST', '/api/prova-idempotenza', { testo: 'due' }, key);
    expect(busy.status).toBe(503);
    expect(busy.body.error.code).toBe(124);
    expect(busy.body.error.message).toContain('ancora in corso');
    expect(busy.headers['retry-after']).toBe('2');
    const done = await first;
    expect(done.status).toBe(200);
    const retried = await call('POST', '/api/prova-idempotenza', { testo: 'due' }, key);
    expect(retried.replayed).toBe(true);
    expect(retried.text).toBe(done.text);
    expect(slowRuns - before).toBe(1);
  });

  it('refuses the same key with another request (115), another URL included', async () => {
    const key = newKey();
    const first = await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Portone rotto' }, key);
    expect(first.status).toBe(201);
    const changed = await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Portone aperto' }, key);
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe(115);
    expect(changed.body.error.message).toContain('Idempotency-Key');
    const id = first.body.data.id as number;
    const elsewhere = await call(
      'POST',
      `/api/attivita/${id}/eventi/nota`,
      { testo: 'x', operatore: 'y' },
      key,
    );
    expect(elsewhere.body.error.code).toBe(115);
    expect(await activitiesTitled(s.archiveId, 'Portone aperto')).toBe(0);
    expect(await notesOf(id, s.archiveId, 'x')).toBe(0);
  });

  it('keeps keys per archive: the same key in another archive is another write', async () => {
    const key = newKey();
    const mine = await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Ascensore fermo' }, key);
    const theirs = await call(
      'POST',
      '/api/attivita',
      { condGenID: otherCondo, titolo: 'Ascensore fermo' },
      key,
      other,
    );
    expect(mine.status).toBe(201);
    expect(theirs.status, theirs.text).toBe(201);
    expect(theirs.replayed).toBe(false);
    expect(theirs.body.data.id).not.toBe(undefined);
    expect(await activitiesTitled(s.archiveId, 'Ascensore fermo')).toBe(1);
    expect(await activitiesTitled(other.archiveId, 'Ascensore fermo')).toBe(1);
  });

  it('keeps keys per account on calls without an archive', async () => {
    const key = newKey();
    const before = accountRuns;
    const a = await call('POST', '/api/prova-idempotenza-account', { testo: 'a' }, key);
    const b = await call('POST', '/api/prova-idempotenza-account', { testo: 'a' }, key);
    const c = await call('POST', '/api/prova-idempotenza-account', { testo: 'a' }, key, other);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.replayed).toBe(true);
    expect(c.replayed).toBe(false);
    expect(accountRuns - before).toBe(2);
    const rows = await t.database.db
      .selectFrom('idempotent_requests')
      .select('ambito')
      .where('chiave', '=', key)
      .orderBy('ambito')
      .execute();
    expect(rows.map((r) => r.ambito).sort()).toEqual([`u:${s.accountId}`, `u:${other.accountId}`].sort());
  });

  it('refuses a malformed key with 113 and writes nothing', async () => {
    for (const bad of ['corta', 'con spazi dentro', 'x'.repeat(129), 'àccentata-chiave']) {
      const res = await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Chiave sbagliata' }, bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe(113);
      expect(res.body.error.message).toContain('Idempotency-Key');
    }
    expect(await activitiesTitled(s.archiveId, 'Chiave sbagliata')).toBe(0);
  });

  it('does not keep an error answer: the same request can be tried again once it can succeed', async () => {
    const key = newKey();
    const created = await call(
      'POST',
      '/api/attivita',
      { condGenID: condo, titolo: 'Da sospendere' },
      newKey(),
    );
    const id = created.body.data.id as number;
    const stale = { stato: 2, operatore: 'Mario', objVersion: created.body.data.objVersion + 5 };
    const refused = await call('PUT', `/api/attivita/${id}/stato`, stale, key);
    expect(refused.status).toBe(409);
    const again = await call('PUT', `/api/attivita/${id}/stato`, stale, key);
    expect(again.status).toBe(409);
    expect(again.replayed).toBe(false);
    const row = await t.database.db
      .selectFrom('idempotent_requests')
      .selectAll()
      .where('chiave', '=', key)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('keeps answers at least 24 hours and forgets them after 48', async () => {
    const key = newKey();
    const body = { condGenID: condo, titolo: 'Giardino da potare' };
    await call('POST', '/api/attivita', body, key);
    const db = t.database.db;
    const age = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
    await db
      .updateTable('idempotent_requests')
      .set({ created_at: age(30) })
      .where('chiave', '=', key)
      .execute();
    expect((await call('POST', '/api/attivita', body, key)).replayed).toBe(true);
    await db
      .updateTable('idempotent_requests')
      .set({ created_at: age(49) })
      .where('chiave', '=', key)
      .execute();
    const kept = () =>
      db.selectFrom('idempotent_requests').select('chiave').where('chiave', '=', key).execute();
    // The archive's expired keys were cleared by the first claim above: not again within a minute.
    await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Altra' }, newKey());
    expect(await kept()).toHaveLength(1);
    // The expired key is not replayed meanwhile: its request runs again.
    const again = await call('POST', '/api/attivita', body, key);
    expect(again.replayed).toBe(false);
    await db
      .updateTable('idempotent_requests')
      .set({ created_at: age(49) })
      .where('chiave', '=', key)
      .execute();
    // A claim in the archive a minute after the last clearing clears the expired keys.
    const every = idempotencyTiming.clearEveryMs;
    idempotencyTiming.clearEveryMs = 0;
    try {
      await call('POST', '/api/attivita', { condGenID: condo, titolo: 'Altra ancora' }, newKey());
    } finally {
      idempotencyTiming.clearEveryMs = every;
    }
    expect(await kept()).toHaveLength(0);
  });
});
