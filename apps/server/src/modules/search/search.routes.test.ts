import { Area, partitaIvaFromBody } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';

// biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its call answers.
type Json = any;

interface Answer {
  status: number;
  body: { data: Json; error: { code: number; message: string; details?: { message: string }[] } | null };
}

let t: TestApp;
let session: TestSession;
let other: TestSession;
/** An archive user with the activities and contacts areas only (as giulia.bianchi of the demo). */
let restricted: TestSession;

const VAT = partitaIvaFromBody('0456789001');

async function call(
  method: string,
  url: string,
  payload?: unknown,
  who: TestSession = session,
): Promise<Answer> {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

async function create(url: string, payload: Record<string, unknown>, who: TestSession): Promise<number> {
  const res = await call('POST', url, payload, who);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body.data.id as number;
}

const search = (q: string, who: TestSession = session) =>
  call('GET', `/api/cerca?q=${encodeURIComponent(q)}`, undefined, who);

/** The hits' titles of a kind (none when the group is missing). */
function titles(res: Answer, kind: string): string[] {
  const group = (res.body.data.groups as Json[]).find((g) => g.kind === kind);
  return group ? group.hits.map((h: Json) => h.title) : [];
}

const kinds = (res: Answer) => (res.body.data.groups as Json[]).map((g) => g.kind);

/** The same records in an archive: a condominium, a plant, a contact, a provider, an activity. */
async function fill(who: TestSession, tag: string) {
  const condo = await create(
    '/api/condominio',
    {
      intestazione: `Residenza Città Giardino ${tag}`,
      indirizzo: 'Via Garibaldi, 8',
      cap: '20121',
      citta: 'Milano',
      provincia: 'MI',
      codiceFiscale: '97123450153',
      gestito: true,
      statoContoPagamenti: 1,
    },
    who,
  );
  await create(
    `/api/condominio/${condo}/impianto`,
    { denominazione: `Ascensore Schindler ${tag}`, tipo: 1, ubicazione: 'Scala B' },
    who,
  );
  await create(
    '/api/persona',
    {
      descr: `Rossi Mariagrazia ${tag}`,
      codiceFiscale: 'RSSMGR70A41F205X',
      email: 'mariagrazia@example.it',
      telefono1: '02 8765.4321',
    },
    who,
  );
  await create(
    '/api/fornitore',
    {
      descr: `Termoidraulica Brambilla ${tag}`,
      partitaIva: VAT,
      email: 'info@brambilla.example.it',
      telefono3: '+39 (333) 123-4567',
    },
    who,
  );
  const activity = await call(
    'POST',
    '/api/attivita',
    {
      condGenID: condo,
      titolo: `Caldaia in blocco ${tag}`,
      descrizione: 'Nessuna acqua calda al terzo piano',
    },
    who,
  );
  expect(activity.status, JSON.stringify(activity.body)).toBe(201);
  return { condo, activity: activity.body.data as { id: number; numeroPratica: number } };
}

let mine: Awaited<ReturnType<typeof fill>>;

beforeAll(async () => {
  t = await buildTestApp();
  session = await createTestSession(t);
  other = await createTestSession(t);
  restricted = await createTestSession(t, { deniedAreas: [Area.Attachments, Area.Plants, Area.Providers] });
  mine = await fill(session, 'Alfa');
  await fill(other, 'Beta');
  // The restricted user's own archive gets the same records, written while her areas are all on.
  const areas = (on: number) =>
    t.database.db
      .updateTable('archive_users')
      .set({ acc_allegati_on: on, acc_impianti_on: on, acc_fornitori_on: on })
      .where('archive_id', '=', restricted.archiveId)
      .execute();
  await areas(1);
  await fill(restricted, 'Gamma');
  await areas(0);
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/cerca', () => {
  it('finds each kind, with the drawer that opens it', async () => {
    const res = await search('brambilla');
    expect(res.status).toBe(200);
    expect(res.body.data.groups).toEqual([
      {
        kind: 'fornitore',
        hits: [
          {
            id: expect.any(Number),
            drawer: 'fornitore',
            drawerId: expect.any(String),
            title: 'Termoidraulica Brambilla Alfa',
            subtitle: expect.stringContaining(VAT),
          },
        ],
        total: 1,
        capped: false,
      },
    ]);
    expect(titles(await search('mariagrazia'), 'contatto')).toEqual(['Rossi Mariagrazia Alfa']);
    expect(titles(await search('caldaia blocco'), 'attivita')).toEqual([
      `N. ${mine.activity.numeroPratica} · Caldaia in blocco Alfa`,
    ]);
    const part = await search('schindler');
    expect(titles(part, 'parteComune')).toEqual(['Ascensore Schindler Alfa']);
    expect(part.body.data.groups[0].hits[0]).toMatchObject({
      drawer: 'impianto',
      drawerId: `${mine.condo}-${part.body.data.groups[0].hits[0].id}`,
    });
    const condo = await search('garibaldi');
    expect(titles(condo, 'condominio')).toEqual(['Residenza Città Giardino Alfa']);
    expect(condo.body.data.groups[0].hits[0]).toMatchObject({
      drawer: 'condominio',
      drawerId: String(mine.condo),
    });
  });

  it('finds by codes: VAT number, fiscal code, email, activity number', async () => {
    expect(titles(await search(VAT), 'fornitore')).toEqual(['Termoidraulica Brambilla Alfa']);
    expect(titles(await search('rssmgr70a41f205x'), 'contatto')).toEqual(['Rossi Mariagrazia Alfa']);
    expect(titles(await search('info@brambilla'), 'fornitore')).toEqual(['Termoidraulica Brambilla Alfa']);
    expect(titles(await search('97123450153'), 'condominio')).toEqual(['Residenza Città Giardino Alfa']);
    // The activity number is a word of the activity's index: the hit whose number is the query is first.
    const byNumber = await search(`${mine.activity.numeroPratica} caldaia`);
    expect(titles(byNumber, 'attivita')[0]).toContain('Caldaia in blocco Alfa');
  });

  it('finds contacts and providers by phone number, however it is written', async () => {
    for (const q of ['02 8765 4321', '0287654321', '02-876', '028']) {
      expect(titles(await search(q), 'contatto'), q).toEqual(['Rossi Mariagrazia Alfa']);
    }
    for (const q of ['+39 333 1234567', '+39333', '+39 (333) 123']) {
      expect(titles(await search(q), 'fornitore'), q).toEqual(['Termoidraulica Brambilla Alfa']);
    }
    const hit = (await search('0287654321')).body.data.groups[0].hits[0];
    expect(hit.subtitle).toContain('02 8765.4321');
    // Another number, another archive's same number: nothing.
    expect((await search('0287654322')).body.data.groups).toEqual([]);
    expect(titles(await search('0287654321', other), 'contatto')).toEqual(['Rossi Mariagrazia Beta']);
    // A provider's phone is not shown to a user without the providers area.
    expect((await search('+39333', restricted)).body.data.groups).toEqual([]);
  });

  it('ignores accents both ways and matches every word as a prefix', async () => {
    expect(titles(await search('citta giard'), 'condominio')).toEqual(['Residenza Città Giardino Alfa']);
    expect(titles(await search('CITTÀ'), 'condominio')).toEqual(['Residenza Città Giardino Alfa']);
    expect(titles(await search('termo bram'), 'fornitore')).toEqual(['Termoidraulica Brambilla Alfa']);
    expect(titles(await search('cald bloc alf'), 'attivita')).toHaveLength(1);
    // Every word must match: a second word found nowhere empties the answer.
    expect((await search('brambilla zanzibar')).body.data.groups).toEqual([]);
    // A word in the middle of another is not a prefix.
    expect(titles(await search('idraulica'), 'fornitore')).toEqual([]);
  });

  it('groups several kinds, the best match first, with a capped count of the rest', async () => {
    const res = await search('alfa');
    expect(res.status).toBe(200);
    expect(new Set(kinds(res))).toEqual(
      new Set(['attivita', 'contatto', 'fornitore', 'condominio', 'parteComune']),
    );
    for (const group of res.body.data.groups) {
      expect(group.total).toBeGreaterThanOrEqual(group.hits.length);
      expect(group.capped).toBe(false);
    }
    // Five hits at most per kind, the total counts the rest.
    const many = [];
    for (let i = 0; i < 7; i++) many.push(create('/api/persona', { descr: `Verdi Ottavio ${i}` }, session));
    await Promise.all(many);
    const more = await search('ottavio');
    const group = more.body.data.groups.find((g: Json) => g.kind === 'contatto');
    expect(group.hits).toHaveLength(5);
    expect(group.total).toBe(7);
  });

  it('a prefix finds every word it starts, in each kind', async () => {
    await create(
      `/api/condominio/${mine.condo}/impianto`,
      { denominazione: 'Ascensori di servizio Alfa', tipo: 1, ubicazione: 'Scala C' },
      session,
    );
    await create('/api/persona', { descr: 'Garibaldini Ada', email: 'ada@example.it' }, session);
    expect(titles(await search('ascenso'), 'parteComune').sort()).toEqual([
      'Ascensore Schindler Alfa',
      'Ascensori di servizio Alfa',
    ]);
    expect(titles(await search('garibald'), 'condominio')).toEqual(['Residenza Città Giardino Alfa']);
    expect(titles(await search('garibald'), 'contatto')).toEqual(['Garibaldini Ada']);
    // A longer prefix than any word: nothing in any kind.
    expect((await search('garibaldinissimo')).body.data.groups).toEqual([]);
  });

  it('a common word: five hits a kind and its total counted up to 100 ("oltre")', async () => {
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          create('/api/persona', { descr: `Lombardi Ugo ${batch * 20 + i}` }, session),
        ),
      );
    }
    const res = await search('lombardi');
    const group = res.body.data.groups.find((g: Json) => g.kind === 'contatto');
    expect(group.hits).toHaveLength(5);
    for (const hit of group.hits) expect(hit.title).toMatch(/^Lombardi Ugo \d+$/);
    expect(group).toMatchObject({ total: 100, capped: true });
    // Every word still has to match.
    expect(titles(await search('lombardi ugo 117'), 'contatto')).toEqual(['Lombardi Ugo 117']);
  });

  it('condominiums and common parts: five hits of their matches and the matches counted', async () => {
    for (let i = 0; i < 7; i++) {
      const condo = await create(
        '/api/condominio',
        { intestazione: `Condominio Pergolato ${i}`, citta: 'Varese', gestito: true },
        session,
      );
      await create(
        `/api/condominio/${condo}/impianto`,
        { denominazione: `Autoclave Pergolato ${i}`, tipo: 1 },
        session,
      );
    }
    const res = await search('pergolato');
    const groups = res.body.data.groups as Json[];
    const condominiums = groups.find((g) => g.kind === 'condominio');
    const plants = groups.find((g) => g.kind === 'parteComune');
    expect(condominiums).toMatchObject({ total: 7, capped: false });
    expect(plants).toMatchObject({ total: 7, capped: false });
    expect(condominiums.hits).toHaveLength(5);
    expect(plants.hits).toHaveLength(5);
    for (const hit of condominiums.hits) expect(hit.title).toMatch(/^Condominio Pergolato \d$/);
    for (const hit of plants.hits) expect(hit.title).toMatch(/^Autoclave Pergolato \d$/);
    expect(new Set(plants.hits.map((h: Json) => h.drawerId)).size).toBe(5);
    // Every word still has to match, and one match is counted as one.
    const one = await search('pergolato 4');
    expect((one.body.data.groups as Json[]).find((g) => g.kind === 'condominio')).toMatchObject({
      total: 1,
      hits: [{ title: 'Condominio Pergolato 4' }],
    });
  });

  it('never finds the records of another archive', async () => {
    for (const q of ['beta', 'brambilla beta', 'caldaia beta', 'schindler beta', 'giardino beta']) {
      expect((await search(q)).body.data.groups, q).toEqual([]);
    }
    expect(titles(await search('brambilla'), 'fornitore')).not.toContain('Termoidraulica Brambilla Beta');
    expect(titles(await search('brambilla', other), 'fornitore')).toEqual(['Termoidraulica Brambilla Beta']);
  });

  it('leaves out the kinds outside a restricted user area', async () => {
    const res = await search('gamma', restricted);
    expect(res.status).toBe(200);
    // Activities and contacts are hers; providers and common parts are not; condominiums have no
    // area of their own (spec section 6: their list is archive-wide, like GET /api/condominio).
    expect(kinds(res).sort()).toEqual(['attivita', 'condominio', 'contatto']);
    expect((await search('brambilla', restricted)).body.data.groups).toEqual([]);
    expect((await search('schindler', restricted)).body.data.groups).toEqual([]);
    expect((await call('GET', '/api/fornitore', undefined, restricted)).status).toBe(403);
  });

  it('refuses a query under 3 characters with 113 and an Italian message', async () => {
    for (const q of ['ab', '  a  ', '']) {
      const res = await search(q);
      expect(res.status, q).toBe(400);
      expect(res.body.error?.code).toBe(113);
      expect(res.body.error?.details?.[0]?.message).toBe('La ricerca richiede almeno 3 caratteri.');
    }
    const missing = await call('GET', '/api/cerca');
    expect(missing.status).toBe(400);
    expect(missing.body.error?.code).toBe(113);
    const long = await search('x'.repeat(101));
    expect(long.body.error?.details?.[0]?.message).toBe('La ricerca può contenere al massimo 100 caratteri.');
  });

  it('answers nothing, not everything, for text without letters or digits', async () => {
    const res = await search('%%%');
    expect(res.status).toBe(200);
    expect(res.body.data.groups).toEqual([]);
  });

  it('needs an unlocked archive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/cerca?q=brambilla' });
    expect(res.statusCode).toBe(401);
  });
});
