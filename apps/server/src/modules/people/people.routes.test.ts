import { Area, computeCodiceFiscale, fornitoreCreateSchema, italianIbanFromParts } from '@stabile/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { registrySearchDoc, sortKey, toRegistryValues } from './people.mapper.ts';
import { PEOPLE_INDEXED_PREFIX, WALK_BUDGET } from './people-search.ts';
import { insertRegistryBatch } from './registry.repository.ts';

const CF_MARIO = computeCodiceFiscale({
  nome: 'Mario',
  cognome: 'Rossi',
  dataNascita: '1970-05-12',
  sesso: 'M',
  codiceComune: 'F205',
});

let t: TestApp;
let s: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, session = s) {
  const res = await t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  return {
    status: res.statusCode,
    // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields directly
    body: res.json() as { data: any; error: any; pagination?: any },
    headers: res.headers,
  };
}

async function create(payload: Json, session = s) {
  const res = await call('POST', '/api/persona', payload, session);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: number; objVersion: number; descr: string };
}

describe('contacts (/api/persona)', () => {
  it('creates, reads, updates and deletes a contact with every field', async () => {
    const full = {
      descr: 'Rossi Mario',
      ragioneSociale: null,
      titolo: 'Sig.',
      indirizzo: 'Via Roma, 1',
      cap: '20121',
      citta: 'Milano',
      provincia: 'mi',
      nazione: 'Italia',
      codiceFiscale: CF_MARIO.toLowerCase(),
      partitaIva: '',
      telefono1: '347 1234567',
      telefono1Etichetta: 'casa',
      telefono2: '02 12345678',
      telefono2Etichetta: 'ufficio',
      email: 'mario.rossi@example.it',
      pec: 'mario.rossi@pec.it',
      iban: italianIbanFromParts('03069', '09606', '100000000123'),
      bic: 'BCITITMM',
      banca: 'Intesa Sanpaolo',
      sitoWeb: 'https://www.example.it',
      lingua: 'it',
      recapitoDescr: 'Presso Studio Bianchi',
      recapitoIndirizzo: 'Corso Venezia, 2',
      recapitoCap: '20122',
      recapitoCitta: 'Milano',
      recapitoProvincia: 'MI',
      spedizioneGenerale: 2,
      spedizioneGuasti: 3,
      spedizioneAssemblee: 1,
      preferenzaPagamento: 1,
      rappresentanteLegale: 'Rossi Mario',
      esportaRubrica: true,
      portaleAttivo: true,
      codiceTributo: '1040',
      causaleCu: 'A',
      includiAcK730: true,
      terminiPagamento: '30 giorni',
      domicilioFiscale: 'Milano',
      note: 'Chiamare dopo le 18',
      campoLibero1: 'Scala B',
      campoLibero4: 'Box 12',
    };
    const created = await create(full);
    expect(created).toMatchObject({
      descr: 'Rossi Mario',
      provincia: 'MI',
      codiceFiscale: CF_MARIO,
      partitaIva: null,
      esportaRubrica: true,
      includiAcK730: true,
      campoLibero4: 'Box 12',
      objVersion: 1,
    });

    const got = await call('GET', `/api/persona/${created.id}`);
    expect(got.body.data).toEqual(created);

    const updated = await call('PUT', `/api/persona/${created.id}`, {
      ...full,
      descr: 'Rossi Mario Luigi',
      objVersion: 1,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ descr: 'Rossi Mario Luigi', objVersion: 2 });

    const stale = await call('PUT', `/api/persona/${created.id}`, { ...full, objVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe(115);
    expect((await call('GET', `/api/persona/${created.id}`)).body.data.descr).toBe('Rossi Mario Luigi');

    const staleDelete = await call('DELETE', `/api/persona/${created.id}?objVersion=1`);
    expect(staleDelete.status).toBe(409);
    expect(staleDelete.body.error.code).toBe(115);

    const deleted = await call('DELETE', `/api/persona/${created.id}?objVersion=2`);
    expect(deleted.status).toBe(200);
    const gone = await call('GET', `/api/persona/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Il contatto richiesto non esiste.');
  });

  it.each([
    [{ descr: '' }, 'descr', 'Manca un campo obbligatorio'],
    [{}, 'descr', 'Manca un campo obbligatorio'],
    [{ descr: 'x'.repeat(201) }, 'descr', 'Il messaggio non può superare i 200 caratteri'],
    [{ descr: 'A', codiceFiscale: 'RSSMRA70E12F205X' }, 'codiceFiscale', 'Codice fiscale non valido'],
    [{ descr: 'A', partitaIva: '12345678901' }, 'partitaIva', 'Numero di partita iva non valido'],
    [{ descr: 'A', email: 'mario@' }, 'email', 'Indirizzo email non valido'],
    [
      { descr: 'A', email: `${'a'.repeat(1020)}@example.it` },
      'email',
      'Indirizzo email ha raggiunto il limite di caratteri',
    ],
    [{ descr: 'A', pec: 'pec.it' }, 'pec', 'Indirizzo PEC non valido'],
    [{ descr: 'A', sitoWeb: 'http://192.168.1.1' }, 'sitoWeb', 'Indirizzo web non valido'],
    [{ descr: 'A', cap: '2012' }, 'cap', 'CAP non valido'],
    [{ descr: 'A', provincia: 'XX' }, 'provincia', 'Sigla di provincia non valida'],
    [{ descr: 'A', recapitoCap: 'abcde' }, 'recapitoCap', 'CAP non valido'],
    [{ descr: 'A', telefono1: 'abc' }, 'telefono1', 'Numero di telefono non valido'],
    [{ descr: 'A', iban: 'IT00X0306909606100000000123' }, 'iban', 'IBAN non valido'],
    [{ descr: 'A', bic: '12' }, 'bic', 'BIC non valido'],
    [{ descr: 'A', note: 'x'.repeat(4001) }, 'note', 'Il messaggio non può superare i 4000 caratteri'],
  ])('refuses %j with code 113 and the field message', async (payload, path, message) => {
    const res = await call('POST', '/api/persona', payload);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(113);
    expect(res.body.error.message).toBe(`${message} (${path})`);
    expect(res.body.error.details[0]).toEqual({ path, message });
  });

  it('requires objVersion on update and delete', async () => {
    const p = await create({ descr: 'Versione Mancante' });
    const put = await call('PUT', `/api/persona/${p.id}`, { descr: 'X' });
    expect(put.status).toBe(400);
    expect(put.body.error.code).toBe(113);
    const del = await call('DELETE', `/api/persona/${p.id}`);
    expect(del.status).toBe(400);
    expect(del.body.error.code).toBe(113);
  });

  it('pages the list 15 at a time in description order, with the x-pagination header', async () => {
    const other = await createTestSession(t);
    for (const name of ['Zanetti Ugo', 'àlfieri Anna', 'Bianchi Carla', 'Colombo Dario']) {
      await create({ descr: name }, other);
    }
    for (let i = 0; i < 16; i++) await create({ descr: `Esposito ${String(i).padStart(2, '0')}` }, other);
    const first = await call('GET', '/api/persona?pageNumber=1', undefined, other);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(15);
    expect(first.body.data.slice(0, 3).map((p: Json) => p.descr)).toEqual([
      'àlfieri Anna',
      'Bianchi Carla',
      'Colombo Dario',
    ]);
    const header = JSON.parse(String(first.headers['x-pagination']));
    expect(header).toEqual({ totalCount: 20, currentPage: 1, pageSize: 15, totalPages: 2 });
    const second = await call('GET', '/api/persona?pageNumber=2&pageSize=15&OrderBy=descr', undefined, other);
    expect(second.body.data.map((p: Json) => p.descr).at(-1)).toBe('Zanetti Ugo');
    expect(second.body.data).toHaveLength(5);
    // Past the end: no rows, and still the total.
    const past = await call('GET', '/api/persona?pageNumber=3&pageSize=15', undefined, other);
    expect(past.body.data).toEqual([]);
    expect(past.body.pagination.totalCount).toBe(20);
  });

  it('searches from 3 characters, by word prefix, accents aside, in description order', async () => {
    const other = await createTestSession(t);
    await create({ descr: 'Verdi Giuseppe', citta: 'Parma' }, other);
    await create({ descr: 'Verdone Carlo', codiceFiscale: CF_MARIO }, other);
    await create({ descr: 'Nicolò Bassi', email: 'nico@example.it' }, other);
    await create({ descr: 'Bianchi Anna' }, other);
    const search = async (q: string) =>
      (await call('GET', `/api/persona?searchQuery=${encodeURIComponent(q)}`, undefined, other)).body;
    expect((await search('ver')).data.map((p: Json) => p.descr)).toEqual(['Verdi Giuseppe', 'Verdone Carlo']);
    expect((await search('giu ver')).data.map((p: Json) => p.descr)).toEqual(['Verdi Giuseppe']);
    expect((await search('nicolo')).data.map((p: Json) => p.descr)).toEqual(['Nicolò Bassi']);
    expect((await search('parma')).data.map((p: Json) => p.descr)).toEqual(['Verdi Giuseppe']);
    expect((await search(CF_MARIO.slice(0, 8))).data.map((p: Json) => p.descr)).toEqual(['Verdone Carlo']);
    expect((await search('zzz')).data).toEqual([]);
    expect((await search('zzz')).pagination.totalCount).toBe(0);
    // Under 3 characters the list is not filtered.
    expect((await search('ve')).data).toHaveLength(4);
  });

  it('finds prefixes of 6 to 8 characters in descriptions and email addresses, from the prefix lists', async () => {
    const other = await createTestSession(t);
    // More words start with "ferrari" than a search expands into (ferrari0, ferrari1... from emails).
    for (let i = 0; i < 20; i++) {
      await create(
        { descr: `Cliente ${String(i).padStart(2, '0')}`, email: `ferrari${i}@example.it` },
        other,
      );
    }
    await create({ descr: 'Ferraris Giulia', citta: 'Lecco' }, other);
    await create({ descr: 'Ferrario Giuliano', citta: 'Lecco' }, other);
    const search = async (q: string) =>
      (await call('GET', `/api/persona?searchQuery=${encodeURIComponent(q)}&pageSize=50`, undefined, other))
        .body;
    const ferrari = await search('ferrari');
    expect(ferrari.pagination.totalCount).toBe(22);
    expect(ferrari.data[0].descr).toBe('Cliente 00');
    expect((await search('ferrari giulia lecco')).data.map((p: Json) => p.descr)).toEqual([
      'Ferrario Giuliano',
      'Ferraris Giulia',
    ]);
    expect((await search('ferraris')).data.map((p: Json) => p.descr)).toEqual(['Ferraris Giulia']);
    expect((await search('giulian lecco')).data.map((p: Json) => p.descr)).toEqual(['Ferrario Giuliano']);
    expect((await search('ferrari19')).data.map((p: Json) => p.descr)).toEqual(['Cliente 19']);
    if (t.database.dialect === 'sqlite') {
      // Every prefix length up to PEOPLE_INDEXED_PREFIX has its own list (migration 0015).
      const { rows } = await sql<{
        sql: string;
      }>`select sql from sqlite_master where name = 'persons_fts'`.execute(t.database.db);
      const lengths = Array.from({ length: PEOPLE_INDEXED_PREFIX - 2 }, (_, i) => i + 3).join(' ');
      expect(rows[0]?.sql).toContain(`prefix = '${lengths}'`);
    }
  });

  it('pages a search in description order, with few matches and with more than the count cap', async () => {
    const other = await createTestSession(t);
    const base = toRegistryValues(fornitoreCreateSchema.parse({ descr: 'x' }));
    const person = (descr: string, citta: string) => ({
      ...base,
      descr,
      descr_sort: sortKey(descr),
      citta,
      search_doc: registrySearchDoc({ ...base, descr, citta }),
    });
    // 1,010 matches of "vicenza" (more than COUNT_CAP) and 20 of "ferraro", inserted out of order.
    const many = Array.from({ length: 1010 }, (_, i) =>
      person(`Zeta ${String(1009 - i).padStart(4, '0')}`, 'Vicenza'),
    );
    const few = Array.from({ length: 20 }, (_, i) =>
      person(`Ferraro ${String(19 - i).padStart(2, '0')}`, 'Lodi'),
    );
    // Sorted before them: "vicenza" inside a word (no match) and as a word after a hyphen (a match).
    const inside = Array.from({ length: 3 }, (_, i) => person(`Alfa ${i}`, 'Novicenza'));
    const hyphen = person('Beta 0', 'Lido-Vicenza');
    await insertRegistryBatch(
      t.database.db,
      'persons',
      other.archiveId,
      [...many, ...few, ...inside, hyphen],
      new Date().toISOString(),
    );
    const page = async (q: string, n: number) =>
      (await call('GET', `/api/persona?searchQuery=${q}&pageNumber=${n}&pageSize=15`, undefined, other)).body;

    const common1 = await page('vicenza', 1);
    expect(common1.data.map((p: Json) => p.descr)).toEqual([
      'Beta 0',
      ...Array.from({ length: 14 }, (_, i) => `Zeta ${String(i).padStart(4, '0')}`),
    ]);
    expect(common1.pagination.totalCount).toBe(1000);
    expect((await page('vicenza', 2)).data[0].descr).toBe('Zeta 0014');
    expect((await page('vicenza%20zeta', 1)).data.map((p: Json) => p.descr)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Zeta ${String(i).padStart(4, '0')}`),
    );

    const rare2 = await page('ferraro', 2);
    expect(rare2.data.map((p: Json) => p.descr)).toEqual([
      'Ferraro 15',
      'Ferraro 16',
      'Ferraro 17',
      'Ferraro 18',
      'Ferraro 19',
    ]);
    expect(rare2.pagination.totalCount).toBe(20);
    expect((await page('ferraro%20lodi', 1)).data).toHaveLength(15);
    expect((await page('ferraro%20vicenza', 1)).pagination.totalCount).toBe(0);
  });

  it('finds many matches that sit late in description order, past the entries a walk reads', async () => {
    const other = await createTestSession(t);
    const base = toRegistryValues(fornitoreCreateSchema.parse({ descr: 'x' }));
    const person = (descr: string) => ({
      ...base,
      descr,
      descr_sort: sortKey(descr),
      search_doc: registrySearchDoc({ ...base, descr }),
    });
    // More entries without the word than a walk reads, then more matches than the count cap.
    const first = Array.from({ length: WALK_BUDGET }, (_, i) =>
      person(`Abate ${String(i).padStart(5, '0')}`),
    );
    const late = Array.from({ length: 1005 }, (_, i) =>
      person(`Rossetto ${String(1004 - i).padStart(4, '0')}`),
    );
    await insertRegistryBatch(
      t.database.db,
      'persons',
      other.archiveId,
      [...first, ...late],
      new Date().toISOString(),
    );
    const page = async (q: string, n: number) =>
      (await call('GET', `/api/persona?searchQuery=${q}&pageNumber=${n}&pageSize=15`, undefined, other)).body;
    const found = await page('rosset', 2);
    expect(found.data.map((p: Json) => p.descr)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Rossetto ${String(15 + i).padStart(4, '0')}`),
    );
    expect(found.pagination).toMatchObject({ totalCount: 1000, totalCapped: true });
    // Through the routes: a contact with such a word comes first, moves when renamed and goes when
    // deleted (the word starts follow every change).
    const ros = async () => (await page('ros', 1)).data.map((p: Json) => p.descr) as string[];
    expect((await ros())[0]).toBe('Rossetto 0000');
    const made = await create({ descr: 'Abate Rosalba' }, other);
    expect((await ros())[0]).toBe('Abate Rosalba');
    const renamed = await call(
      'PUT',
      `/api/persona/${made.id}`,
      { ...made, descr: 'Zanetti Rosalba', objVersion: made.objVersion },
      other,
    );
    expect(renamed.status).toBe(200);
    expect((await ros())[0]).toBe('Rossetto 0000');
    const second = await create({ descr: 'Abate Rosella' }, other);
    expect((await ros())[0]).toBe('Abate Rosella');
    const deleted = await call(
      'DELETE',
      `/api/persona/${second.id}?objVersion=${second.objVersion}`,
      undefined,
      other,
    );
    expect(deleted.status).toBe(200);
    const after = await ros();
    expect([after.length, after[0]]).toEqual([15, 'Rossetto 0000']);
  });

  it('pages a surname with hundreds of matches, in and out of the descriptions that start with it', async () => {
    const other = await createTestSession(t);
    const base = toRegistryValues(fornitoreCreateSchema.parse({ descr: 'x' }));
    const person = (descr: string, fields: { citta?: string; ragione_sociale?: string } = {}) => ({
      ...base,
      ...fields,
      descr,
      descr_sort: sortKey(descr),
      search_doc: registrySearchDoc({ ...base, ...fields, descr }),
    });
    // 300 descriptions starting with "bruni" (inserted out of order), and matches elsewhere: a
    // second word of the description, a city, a business name; "bruno" does not match.
    const run = Array.from({ length: 300 }, (_, i) => person(`Bruni ${String(299 - i).padStart(3, '0')}`));
    const verri = Array.from({ length: 150 }, (_, i) => person(`Verri ${String(149 - i).padStart(3, '0')}`));
    await insertRegistryBatch(
      t.database.db,
      'persons',
      other.archiveId,
      [
        person('Esposito Anna', { ragione_sociale: 'Studio Bruni' }),
        ...run,
        person('Carli Uno', { citta: 'Brunico' }),
        person('Brunilde Zeta'),
        person('Bruno Primo'),
        person('Alfa Bruni'),
        ...verri,
      ],
      new Date().toISOString(),
    );
    const page = async (q: string, n: number) =>
      (await call('GET', `/api/persona?searchQuery=${q}&pageNumber=${n}&pageSize=15`, undefined, other)).body;
    const bruni = (i: number) => `Bruni ${String(i).padStart(3, '0')}`;

    const first = await page('bruni', 1);
    expect(first.data.map((p: Json) => p.descr)).toEqual([
      'Alfa Bruni',
      ...Array.from({ length: 14 }, (_, i) => bruni(i)),
    ]);
    expect(first.pagination.totalCount).toBe(304);
    expect((await page('bruni', 2)).data.map((p: Json) => p.descr)).toEqual(
      Array.from({ length: 15 }, (_, i) => bruni(14 + i)),
    );
    expect((await page('bruni', 21)).data.map((p: Json) => p.descr)).toEqual([
      bruni(299),
      'Brunilde Zeta',
      'Carli Uno',
      'Esposito Anna',
    ]);
    // Every match starts its description with the term.
    const verri2 = await page('verri', 2);
    expect(verri2.data.map((p: Json) => p.descr)).toEqual(
      Array.from({ length: 15 }, (_, i) => `Verri ${String(15 + i).padStart(3, '0')}`),
    );
    expect(verri2.pagination.totalCount).toBe(150);
  });

  it('lists and counts a contact once however many of its words match, and follows its words as they change', async () => {
    const other = await createTestSession(t);
    const search = async (q: string) =>
      (await call('GET', `/api/persona?searchQuery=${encodeURIComponent(q)}`, undefined, other)).body;
    const found = async (q: string) => {
      const body = await search(q);
      return [body.data.map((p: Json) => p.descr), body.pagination.totalCount];
    };
    const made = await create(
      { descr: 'Rossi Rossella', citta: 'Rosolini', email: 'rossella.rossi@example.it' },
      other,
    );
    await create({ descr: 'Bianchi Anna', citta: 'Milano' }, other);
    for (const q of ['ros', 'ross', 'rossi', 'rossell', 'rosolini', 'rossi ros'])
      expect(await found(q), q).toEqual([['Rossi Rossella'], 1]);
    const moved = await call(
      'PUT',
      `/api/persona/${made.id}`,
      { ...made, descr: 'Rossi Rossella', citta: 'Milano', email: null, objVersion: made.objVersion },
      other,
    );
    expect(moved.status).toBe(200);
    expect(await found('rosolini')).toEqual([[], 0]);
    expect(await found('ross')).toEqual([['Rossi Rossella'], 1]);
    expect(await found('mil')).toEqual([['Bianchi Anna', 'Rossi Rossella'], 2]);
    const gone = await call(
      'DELETE',
      `/api/persona/${made.id}?objVersion=${moved.body.data.objVersion}`,
      undefined,
      other,
    );
    expect(gone.status).toBe(200);
    expect(await found('ross')).toEqual([[], 0]);
    expect(await found('milano')).toEqual([['Bianchi Anna'], 1]);
  });

  it('pages a common term past the count cap, to its last matches', async () => {
    const other = await createTestSession(t);
    const base = toRegistryValues(fornitoreCreateSchema.parse({ descr: 'x' }));
    const person = (descr: string) => ({
      ...base,
      descr,
      descr_sort: sortKey(descr),
      citta: 'Varese',
      search_doc: registrySearchDoc({ ...base, descr, citta: 'Varese' }),
    });
    const rows = Array.from({ length: 1010 }, (_, i) => person(`Valli ${String(1009 - i).padStart(4, '0')}`));
    await insertRegistryBatch(t.database.db, 'persons', other.archiveId, rows, new Date().toISOString());
    const page = async (q: string, n: number) =>
      (await call('GET', `/api/persona?searchQuery=${q}&pageNumber=${n}&pageSize=15`, undefined, other)).body;
    for (const q of ['var', 'varese', 'val', 'valli']) {
      const last = await page(q, 68);
      expect(
        last.data.map((p: Json) => p.descr),
        q,
      ).toEqual(Array.from({ length: 5 }, (_, i) => `Valli ${String(1005 + i).padStart(4, '0')}`));
      expect(last.pagination, q).toMatchObject({ totalCount: 1000, totalCapped: true });
      expect((await page(q, 69)).data, q).toEqual([]);
    }
  });

  it('does not see or change contacts of another archive', async () => {
    const mine = await create({ descr: 'Contatto Riservato' });
    const stranger = await createTestSession(t);
    expect((await call('GET', `/api/persona/${mine.id}`, undefined, stranger)).status).toBe(404);
    const put = await call('PUT', `/api/persona/${mine.id}`, { descr: 'Rubato', objVersion: 1 }, stranger);
    expect(put.status).toBe(404);
    expect((await call('DELETE', `/api/persona/${mine.id}?objVersion=1`, undefined, stranger)).status).toBe(
      404,
    );
    const list = await call('GET', '/api/persona?searchQuery=riservato', undefined, stranger);
    expect(list.body.data).toEqual([]);
    expect((await call('GET', `/api/persona/${mine.id}`)).body.data).toMatchObject({
      descr: 'Contatto Riservato',
      objVersion: 1,
    });
  });

  it('refuses the contacts area to a user without the people flag', async () => {
    const denied = await createTestSession(t, { deniedAreas: [Area.People] });
    for (const [method, url] of [
      ['GET', '/api/persona'],
      ['GET', '/api/persona/1'],
      ['POST', '/api/persona'],
      ['GET', '/api/persona/1/allegati'],
    ] as const) {
      const res = await call(method, url, method === 'POST' ? { descr: 'X' } : undefined, denied);
      expect(res.status, url).toBe(403);
      expect(res.body.error.code).toBe(120);
    }
    const providersOnly = await createTestSession(t, { deniedAreas: [Area.Providers] });
    expect((await call('GET', '/api/persona', undefined, providersOnly)).status).toBe(200);
  });

  it('lists the attachments of a contact (none yet) and answers 404 for an unknown one', async () => {
    const p = await create({ descr: 'Con Allegati' });
    const res = await call('GET', `/api/persona/${p.id}/allegati`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect((await call('GET', '/api/persona/999999/allegati')).status).toBe(404);
  });
});
