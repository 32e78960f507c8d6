import { Area } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInstance } from '../../app.ts';
import { createArchive } from '../../seed/demo.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession } from '../../test/sessions.ts';
import { clientAddress, createAccount, type LoggedIn, loginAs } from '../auth/auth.test-helpers.ts';
import { runUpdate } from './archive.service.ts';
import { CURRENT_DATA_REVISION, type DataRevisionStep } from './data-revisions.ts';

/** One dummy route per area, to check the guard's permission flags. */
async function areaRoutes(app: AppInstance) {
  for (const area of Object.values(Area)) {
    app.get(`/api/prova/${area}`, { config: { area } }, async () => ({ data: { area }, error: null }));
  }
  app.get('/api/prova/senza-area', async () => ({ data: { ok: true }, error: null }));
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, areaRoutes);
});
afterAll(() => t.close());

interface Fixture {
  account: { id: number; email: string; password: string };
  session: LoggedIn;
  open: number;
  protectedId: number;
  users: number;
  old: number;
}

async function fixture(): Promise<Fixture> {
  const account = await createAccount(t);
  const db = t.database.db;
  const open = await createArchive(db, account.id, {
    name: 'Studio aperto',
    protection: 'none',
    portalPublished: true,
    premium: true,
    scale: 0,
    seed: 1,
  });
  const protectedId = await createArchive(db, account.id, {
    name: 'Archivio protetto',
    protection: 'password',
    password: 'archivio-2026',
    scale: 0,
    seed: 2,
  });
  const users = await createArchive(db, account.id, {
    name: 'Archivio utenti',
    protection: 'users',
    scale: 0,
    seed: 3,
    users: [
      { username: 'mario.rossi', displayName: 'Mario Rossi', password: 'mario-2026', role: 'Admin' },
      {
        username: 'giulia.bianchi',
        displayName: 'Giulia Bianchi',
        password: 'giulia-2026',
        role: 'User',
        areas: { allegati: false, attivita: true, impianti: false, persone: true, fornitori: false },
      },
      {
        username: 'luca.verdi',
        displayName: 'Luca Verdi',
        password: 'luca-2026',
        role: 'User',
        disattivato: true,
      },
    ],
  });
  const old = await createArchive(db, account.id, {
    name: 'Zeta da aggiornare',
    protection: 'none',
    dataRevision: 1,
    scale: 0,
    seed: 4,
  });
  const session = await loginAs(t, account.email, account.password);
  return { account, session, open, protectedId, users, old };
}

function call(
  f: Fixture,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  archiveId: number | null,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: clientAddress(),
    headers: { ...f.session.bearer, ...(archiveId !== null ? { 'x-archive-id': String(archiveId) } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function userId(archiveId: number, username: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('archive_users')
    .select('id')
    .where('archive_id', '=', archiveId)
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('GET /api/db', () => {
  it("lists only the account's archives with protection, revision and portal flags", async () => {
    const f = await fixture();
    await fixture(); // another account's archives must not show
    const res = await call(f, 'GET', '/api/db', null);
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((a: { nome: string }) => a.nome)).toEqual([
      'Archivio protetto',
      'Archivio utenti',
      'Studio aperto',
      'Zeta da aggiornare',
    ]);
    expect(list[2]).toEqual({
      id: f.open,
      nome: 'Studio aperto',
      protezione: 'none',
      gestioneAccessi: false,
      revisioneDati: CURRENT_DATA_REVISION,
      revisioneRichiesta: CURRENT_DATA_REVISION,
      pubblicatoPortale: true,
      ultimoAccesso: null,
      sbloccato: false,
    });
    expect(list[1]).toMatchObject({ protezione: 'users', gestioneAccessi: true });
    expect(list[3]).toMatchObject({ revisioneDati: 1 });
  });

  it('needs a login (111)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/db' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe(111);
  });
});

describe('GET /api/db/isProtected', () => {
  it('tells the protection of each archive; a foreign or missing archive is 100', async () => {
    const f = await fixture();
    const other = await fixture();
    expect((await call(f, 'GET', '/api/db/isProtected', f.open)).json().data).toEqual({
      protetto: false,
      protezione: 'none',
    });
    expect((await call(f, 'GET', '/api/db/isProtected', f.protectedId)).json().data).toEqual({
      protetto: true,
      protezione: 'password',
    });
    expect((await call(f, 'GET', '/api/db/isProtected', f.users)).json().data).toEqual({
      protetto: true,
      protezione: 'users',
    });
    for (const archiveId of [other.open, 999_999, null]) {
      const res = await call(f, 'GET', '/api/db/isProtected', archiveId);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 100,
        message: "L'archivio selezionato non è valido.",
        status: 400,
      });
    }
  });
});

describe('unlocking and opening an archive', () => {
  it('unlocks an unprotected archive with an empty body, then opens it with its info', async () => {
    const f = await fixture();
    const before = await call(f, 'GET', '/api/db/open?ritornaInfo=true', f.open);
    expect(before.json().error.code).toBe(100);
    const unlock = await call(f, 'POST', '/api/db/login', f.open, {});
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json().data).toEqual({ archivioId: f.open, sbloccato: true });
    const open = await call(f, 'GET', '/api/db/open?ritornaInfo=true', f.open);
    expect(open.statusCode).toBe(200);
    expect(open.json().data).toEqual({
      aperto: true,
      info: {
        id: f.open,
        nome: 'Studio aperto',
        protezione: 'none',
        gestioneAccessi: false,
        revisioneDati: CURRENT_DATA_REVISION,
        revisioneRichiesta: CURRENT_DATA_REVISION,
        pubblicatoPortale: true,
        ultimoAccesso: null,
        sbloccato: true,
        pid: expect.stringMatching(/^PID-/),
        mioCondominioPremiumAbilitato: true,
        utente: null,
        permessi: {
          accAllegatiOn: true,
          accAttivitaOn: true,
          accImpiantiOn: true,
          accPersoneOn: true,
          accFornitoriOn: true,
        },
      },
    });
    const noInfo = await call(f, 'GET', '/api/db/open', f.open);
    expect(noInfo.json().data).toEqual({ aperto: true, info: null });
    const list = (await call(f, 'GET', '/api/db', null)).json().data;
    expect(list.find((a: { id: number }) => a.id === f.open).sbloccato).toBe(true);
  });

  it('needs the password of a protected archive: blank 102, wrong 103, right unlocks', async () => {
    const f = await fixture();
    for (const payload of [{}, { password: '' }]) {
      const res = await call(f, 'POST', '/api/db/login', f.protectedId, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({ code: 102 });
    }
    const wrong = await call(f, 'POST', '/api/db/login', f.protectedId, { password: 'sbagliata' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toEqual({
      code: 103,
      message: "La password dell'archivio è errata.",
      status: 401,
    });
    expect((await call(f, 'GET', '/api/db/open', f.protectedId)).json().error.code).toBe(100);
    const right = await call(f, 'POST', '/api/db/login', f.protectedId, { password: 'archivio-2026' });
    expect(right.statusCode).toBe(200);
    expect((await call(f, 'GET', '/api/db/open', f.protectedId)).statusCode).toBe(200);
  });

  it('sends a user-managed archive to the user login (110)', async () => {
    const f = await fixture();
    const res = await call(f, 'POST', '/api/db/login', f.users, { password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(110);
    expect(res.json().error.message).toMatch(/gestione utenti/);
  });

  it("refuses to unlock another account's archive (100) and keeps an unlock to its own session", async () => {
    const f = await fixture();
    const other = await fixture();
    expect((await call(f, 'POST', '/api/db/login', other.open, {})).json().error.code).toBe(100);
    await call(other, 'POST', '/api/db/login', other.open, {});
    // The archive header of another account, even one unlocked there, reveals nothing.
    for (const url of ['/api/db/open?ritornaInfo=true', '/api/db/checkDBVersion', '/api/prova/senza-area']) {
      const res = await call(f, 'GET', url, other.open);
      expect(res.json()).toEqual({
        data: null,
        error: { code: 100, message: "L'archivio selezionato non è valido.", status: 400 },
      });
    }
    // A second session of the same account has not unlocked anything.
    await call(f, 'POST', '/api/db/login', f.open, {});
    const second = await loginAs(t, f.account.email, f.account.password);
    const res = await call({ ...f, session: second }, 'GET', '/api/db/open', f.open);
    expect(res.json().error.code).toBe(100);
    const bad = await call(f, 'GET', '/api/prova/senza-area', null);
    expect(bad.json().error.code).toBe(100);
  });

  it('limits archive password attempts (429, code 121)', async () => {
    const f = await fixture();
    const remoteAddress = clientAddress();
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/db/login',
        remoteAddress,
        headers: { ...f.session.bearer, 'x-archive-id': String(f.protectedId) },
        payload: { password: 'tentativo' },
      });
    for (let i = 0; i < 10; i++) expect((await attempt()).json().error.code).toBe(103);
    const blocked = await attempt();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe(121);
  });
});

describe('user management', () => {
  it('lists the archive users; an archive without user management answers 110', async () => {
    const f = await fixture();
    const res = await call(f, 'GET', '/api/db/userManagement/users', f.users);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: expect.any(Number), username: 'giulia.bianchi', nome: 'Giulia Bianchi', disattivato: false },
      { id: expect.any(Number), username: 'luca.verdi', nome: 'Luca Verdi', disattivato: true },
      { id: expect.any(Number), username: 'mario.rossi', nome: 'Mario Rossi', disattivato: false },
    ]);
    expect((await call(f, 'GET', '/api/db/userManagement/users', f.open)).json().error.code).toBe(110);
  });

  it('refuses a wrong password or unknown user (104) and a deactivated user (120, with a clear message)', async () => {
    const f = await fixture();
    const giulia = await userId(f.users, 'giulia.bianchi');
    const luca = await userId(f.users, 'luca.verdi');
    for (const payload of [
      { id: giulia, password: 'sbagliata' },
      { id: giulia, password: '' },
      { id: 9999, password: 'giulia-2026' },
    ]) {
      const res = await call(f, 'POST', '/api/db/userManagement/login', f.users, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe(104);
    }
    const deactivatedWrong = await call(f, 'POST', '/api/db/userManagement/login', f.users, {
      id: luca,
      password: 'sbagliata',
    });
    expect(deactivatedWrong.json().error.code).toBe(104);
    const deactivated = await call(f, 'POST', '/api/db/userManagement/login', f.users, {
      id: luca,
      password: 'luca-2026',
    });
    expect(deactivated.statusCode).toBe(403);
    expect(deactivated.json().error).toEqual({
      code: 120,
      message: "L'utente è disattivato. Chiedi all'amministratore dell'archivio di riattivarlo.",
      status: 403,
    });
    expect((await call(f, 'GET', '/api/db/open', f.users)).json().error.code).toBe(100);
  });

  it("enforces the archive user's area flags (120) and shows them in open and islogged", async () => {
    const f = await fixture();
    const giulia = await userId(f.users, 'giulia.bianchi');
    const login = await call(f, 'POST', '/api/db/userManagement/login', f.users, {
      id: giulia,
      password: 'giulia-2026',
    });
    expect(login.statusCode).toBe(200);
    const info = (await call(f, 'GET', '/api/db/open?ritornaInfo=true', f.users)).json().data.info;
    expect(info.utente).toEqual({
      id: giulia,
      username: 'giulia.bianchi',
      nome: 'Giulia Bianchi',
      ruolo: 'User',
    });
    expect(info.permessi).toEqual({
      accAllegatiOn: false,
      accAttivitaOn: true,
      accImpiantiOn: false,
      accPersoneOn: true,
      accFornitoriOn: false,
    });
    const expected: Record<string, number> = {
      accAllegatiOn: 403,
      accAttivitaOn: 200,
      accImpiantiOn: 403,
      accPersoneOn: 200,
      accFornitoriOn: 403,
    };
    for (const [area, status] of Object.entries(expected)) {
      const res = await call(f, 'GET', `/api/prova/${area}`, f.users);
      expect(res.statusCode, area).toBe(status);
      if (status === 403) expect(res.json().error.code).toBe(120);
    }
    const logged = await call(f, 'GET', '/user/islogged', f.users);
    expect(logged.json().data).toMatchObject({
      gestioneAccessi: true,
      gestioneAccessiData: {
        login: 'giulia.bianchi',
        accAllegatiOn: false,
        accAttivitaOn: true,
        accImpiantiOn: false,
        accPersoneOn: true,
        accFornitoriOn: false,
      },
    });

    // The administrator changes her permissions: islogged and the guard follow at once.
    await t.database.db
      .updateTable('archive_users')
      .set({ acc_fornitori_on: 1 })
      .where('archive_id', '=', f.users)
      .where('id', '=', giulia)
      .execute();
    expect((await call(f, 'GET', '/api/prova/accFornitoriOn', f.users)).statusCode).toBe(200);
    expect(
      (await call(f, 'GET', '/user/islogged', f.users)).json().data.gestioneAccessiData.accFornitoriOn,
    ).toBe(true);

    // Deactivated while working: refused with the clear message.
    await t.database.db
      .updateTable('archive_users')
      .set({ disattivato: 1 })
      .where('archive_id', '=', f.users)
      .where('id', '=', giulia)
      .execute();
    const off = await call(f, 'GET', '/api/prova/accAttivitaOn', f.users);
    expect(off.json().error).toMatchObject({ code: 120, message: expect.stringMatching(/disattivato/) });
  });

  it('gives every area to an archive without access management; islogged says so', async () => {
    const f = await fixture();
    await call(f, 'POST', '/api/db/login', f.open, {});
    for (const area of Object.values(Area)) {
      expect((await call(f, 'GET', `/api/prova/${area}`, f.open)).statusCode, area).toBe(200);
    }
    expect((await call(f, 'GET', '/user/islogged', f.open)).json().data).toMatchObject({
      gestioneAccessi: false,
      gestioneAccessiData: null,
    });
  });

  it('works with the shared test session helper and its denied areas', async () => {
    const s = await createTestSession(t, { deniedAreas: [Area.Activities] });
    const res = await t.app.inject({ method: 'GET', url: '/api/prova/accAttivitaOn', headers: s.headers });
    expect(res.json().error.code).toBe(120);
    const ok = await t.app.inject({ method: 'GET', url: '/api/prova/accPersoneOn', headers: s.headers });
    expect(ok.statusCode).toBe(200);
  });
});

describe('PUT /api/db/ultimoAccesso', () => {
  it('stamps the last access and returns the PID and the premium flag', async () => {
    const f = await fixture();
    await call(f, 'POST', '/api/db/login', f.open, {});
    const res = await call(f, 'PUT', '/api/db/ultimoAccesso', f.open, { attivita: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      pid: expect.stringMatching(/^PID-/),
      mioCondominioPremiumAbilitato: true,
    });
    const row = await t.database.db
      .selectFrom('archives')
      .select(['last_access_at', 'last_activities_access_at'])
      .where('id', '=', f.open)
      .executeTakeFirstOrThrow();
    expect(row.last_access_at).not.toBeNull();
    expect(row.last_activities_access_at).toBe(row.last_access_at);
    const list = (await call(f, 'GET', '/api/db', null)).json().data;
    expect(list.find((a: { id: number }) => a.id === f.open).ultimoAccesso).toBe(row.last_access_at);

    await call(f, 'POST', '/api/db/login', f.protectedId, { password: 'archivio-2026' });
    const plain = await call(f, 'PUT', '/api/db/ultimoAccesso', f.protectedId, { attivita: false });
    expect(plain.json().data).toEqual({ pid: null, mioCondominioPremiumAbilitato: false });
    expect((await call(f, 'PUT', '/api/db/ultimoAccesso', f.protectedId, {})).json().error.code).toBe(113);
  });
});

describe('data revision: 105, checkDBVersion, updateDB', () => {
  it('refuses an archive at an old revision with 105 until it is updated, then works', async () => {
    const f = await fixture();
    await call(f, 'POST', '/api/db/login', f.old, {});
    const refused = await call(f, 'GET', '/api/db/open?ritornaInfo=true', f.old);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 105 });
    expect((await call(f, 'GET', '/api/prova/accAttivitaOn', f.old)).json().error.code).toBe(105);
    expect((await call(f, 'GET', '/api/db/checkDBVersion', f.old)).json().data).toEqual({
      revisione: 1,
      revisioneRichiesta: CURRENT_DATA_REVISION,
      aggiornato: false,
    });

    const update = await call(f, 'POST', '/api/db/updateDB?connectionID=conn-1', f.old);
    expect(update.statusCode).toBe(200);
    expect(update.json().data).toEqual({
      connectionID: 'conn-1',
      stato: 'completato',
      passo: 2,
      passiTotali: 2,
      percentuale: 100,
      descrizione: "Ricalcolo dei contatori dell'archivio",
      revisione: CURRENT_DATA_REVISION,
      revisioneRichiesta: CURRENT_DATA_REVISION,
      messaggio: null,
    });
    const progress = await call(f, 'GET', '/api/db/updateDB/progress?connectionID=conn-1', f.old);
    expect(progress.json().data).toEqual(update.json().data);
    expect((await call(f, 'GET', '/api/db/checkDBVersion', f.old)).json().data.aggiornato).toBe(true);
    expect((await call(f, 'GET', '/api/db/open?ritornaInfo=true', f.old)).statusCode).toBe(200);
    expect((await call(f, 'GET', '/api/prova/accAttivitaOn', f.old)).statusCode).toBe(200);

    // Running it again is harmless: nothing left to do.
    const again = await call(f, 'POST', '/api/db/updateDB?connectionID=conn-2', f.old);
    expect(again.json().data).toMatchObject({
      stato: 'completato',
      passo: 0,
      passiTotali: 0,
      percentuale: 100,
    });
  });

  it('validates the connectionID (113) and answers 122 for an unknown one', async () => {
    const f = await fixture();
    await call(f, 'POST', '/api/db/login', f.old, {});
    expect((await call(f, 'POST', '/api/db/updateDB', f.old)).json().error.code).toBe(113);
    expect((await call(f, 'POST', '/api/db/updateDB?connectionID=a%20b', f.old)).json().error.code).toBe(113);
    const unknown = await call(f, 'GET', '/api/db/updateDB/progress?connectionID=nessuno', f.old);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe(122);
  });

  it('updates only with an Admin archive user under user management (120)', async () => {
    const f = await fixture();
    await t.database.db.updateTable('archives').set({ data_revision: 2 }).where('id', '=', f.users).execute();
    const giulia = await userId(f.users, 'giulia.bianchi');
    await call(f, 'POST', '/api/db/userManagement/login', f.users, { id: giulia, password: 'giulia-2026' });
    const refused = await call(f, 'POST', '/api/db/updateDB?connectionID=c1', f.users);
    expect(refused.json().error).toMatchObject({
      code: 120,
      message: expect.stringMatching(/amministratore/),
    });
    const mario = await userId(f.users, 'mario.rossi');
    await call(f, 'POST', '/api/db/userManagement/login', f.users, { id: mario, password: 'mario-2026' });
    const done = await call(f, 'POST', '/api/db/updateDB?connectionID=c1', f.users);
    expect(done.json().data).toMatchObject({ stato: 'completato', passo: 1, passiTotali: 1 });
  });

  it("runs real steps: dead sessions' unlocks removed, the archive-users counter repaired", async () => {
    const f = await fixture();
    const db = t.database.db;
    await db.updateTable('archives').set({ data_revision: 1 }).where('id', '=', f.users).execute();
    await db.deleteFrom('archive_counters').where('archive_id', '=', f.users).execute();
    const mario = await userId(f.users, 'mario.rossi');
    // A session that logged out earlier had unlocked the archive.
    const gone = await loginAs(t, f.account.email, f.account.password);
    await call({ ...f, session: gone }, 'POST', '/api/db/userManagement/login', f.users, {
      id: mario,
      password: 'mario-2026',
    });
    await t.app.inject({ method: 'POST', url: '/user/logout', payload: { refreshToken: gone.refreshToken } });
    await call(f, 'POST', '/api/db/userManagement/login', f.users, { id: mario, password: 'mario-2026' });
    const unlocksBefore = await db
      .selectFrom('session_archives')
      .select('session_id')
      .where('archive_id', '=', f.users)
      .execute();
    expect(unlocksBefore).toHaveLength(2);

    const res = await call(f, 'POST', '/api/db/updateDB?connectionID=steps', f.users);
    expect(res.json().data).toMatchObject({ stato: 'completato', passiTotali: 2 });
    const unlocksAfter = await db
      .selectFrom('session_archives')
      .select('session_id')
      .where('archive_id', '=', f.users)
      .execute();
    expect(unlocksAfter).toHaveLength(1);
    const counter = await db
      .selectFrom('archive_counters')
      .select('value')
      .where('archive_id', '=', f.users)
      .where('name', '=', 'archive_users')
      .executeTakeFirstOrThrow();
    expect(Number(counter.value)).toBe(3);
  });
});

describe('updateDB atomicity and progress', () => {
  async function unlockedOld() {
    const f = await fixture();
    await call(f, 'POST', '/api/db/login', f.old, {});
    const sessionId = JSON.parse(
      Buffer.from(f.session.accessToken.split('.')[1]!, 'base64url').toString(),
    ).sid;
    const deps = { db: t.database.db, dialect: t.database.dialect, log: t.app.log };
    const auth = { accountId: f.account.id, sessionId };
    const current = {
      archiveId: f.old,
      archiveUserId: null,
      gestioneAccessi: false,
      permissions: {} as never,
    };
    return { f, deps, auth, current };
  }

  it('rolls every step back when one fails, and records the failure in the progress', async () => {
    const { f, deps, auth, current } = await unlockedOld();
    const steps: DataRevisionStep[] = [
      {
        revision: 2,
        description: 'Primo passo',
        async run(trx, archiveId) {
          await trx.updateTable('archives').set({ name: 'Rinominato' }).where('id', '=', archiveId).execute();
        },
      },
      {
        revision: 3,
        description: 'Passo che fallisce',
        async run() {
          throw new Error('guasto simulato');
        },
      },
    ];
    await expect(runUpdate(deps, auth, current, 'guasto', steps)).rejects.toMatchObject({
      code: 112,
      message: expect.stringMatching(/Passo che fallisce.*non è stato modificato/),
    });
    const row = await t.database.db
      .selectFrom('archives')
      .select(['name', 'data_revision'])
      .where('id', '=', f.old)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Zeta da aggiornare', data_revision: 1 });
    const progress = await call(f, 'GET', '/api/db/updateDB/progress?connectionID=guasto', f.old);
    expect(progress.json().data).toMatchObject({ stato: 'errore', passo: 0, passiTotali: 2, revisione: 1 });
    expect((await call(f, 'GET', '/api/db/open', f.old)).json().error.code).toBe(105);
  });

  it('stores the progress of each step where another connection can read it (PostgreSQL)', async () => {
    const { f, deps, auth, current } = await unlockedOld();
    const seen: Array<{ state: string; step: number } | undefined> = [];
    const peek = () =>
      t.database.db
        .selectFrom('archive_updates')
        .select(['state', 'step'])
        .where('archive_id', '=', f.old)
        .where('connection_id', '=', 'passi')
        .executeTakeFirst();
    const steps: DataRevisionStep[] = [2, 3].map((revision) => ({
      revision,
      description: `Passo ${revision}`,
      async run() {
        // SQLite has one connection, held by the transaction: only PostgreSQL can be read meanwhile.
        if (t.database.dialect === 'postgres') seen.push(await peek());
      },
    }));
    const done = await runUpdate(deps, auth, current, 'passi', steps);
    expect(done).toMatchObject({ stato: 'completato', passo: 2, passiTotali: 2, percentuale: 100 });
    if (t.database.dialect === 'postgres') {
      expect(seen).toEqual([
        { state: 'in_corso', step: 0 },
        { state: 'in_corso', step: 1 },
      ]);
    }
  });
});
