import { Area, fornitoreCreateSchema, partitaIvaFromBody } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { registrySearchDoc, sortKey, toRegistryValues } from '../people/people.mapper.ts';
import { insertRegistryBatch } from '../people/registry.repository.ts';

const VAT = partitaIvaFromBody('0123456001');

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

describe('providers (/api/fornitore)', () => {
  it('creates, reads, updates and deletes a provider with its activity type and DURC', async () => {
    const types = await call('GET', '/api/fornitore/tipoAttivita');
    const idraulico = types.body.data.find((x: Json) => x.testo === 'Idraulico');
    expect(idraulico).toBeTruthy();
    const created = await call('POST', '/api/fornitore', {
      descr: 'Idraulica Brambilla S.r.l.',
      ragioneSociale: 'Idraulica Brambilla S.r.l.',
      partitaIva: VAT,
      codiceFiscale: VAT,
      pec: 'brambilla@pec.it',
      tipoAttivitaID: idraulico.id,
      durc: '2|2099-01-01|',
      codiceTributo: '1020',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      partitaIva: VAT,
      tipoAttivitaDescr: 'Idraulico',
      durcStato: 2,
      objVersion: 1,
    });
    const id = created.body.data.id;
    const updated = await call('PUT', `/api/fornitore/${id}`, {
      descr: 'Idraulica Brambilla S.r.l.',
      durc: '1||',
      objVersion: 1,
    });
    expect(updated.body.data).toMatchObject({ durcStato: 1, tipoAttivitaID: null, objVersion: 2 });
    const byDurc = await call('GET', '/api/fornitore?durcStato=1');
    expect(byDurc.body.data.map((p: Json) => p.id)).toEqual([id]);
    const stale = await call('PUT', `/api/fornitore/${id}`, { descr: 'X', objVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe(115);
    expect((await call('DELETE', `/api/fornitore/${id}?objVersion=2`)).status).toBe(200);
    const gone = await call('GET', `/api/fornitore/${id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe(201);
  });

  it('searches with the activity type and DURC filters, with few matches and with more than the count cap', async () => {
    const other = await createTestSession(t);
    const types = (await call('GET', '/api/fornitore/tipoAttivita', undefined, other)).body.data as Json[];
    const [plumber, painter] = ['Idraulico', 'Imbianchino'].map((name) =>
      types.find((x) => x.testo === name),
    );
    expect(plumber && painter).toBeTruthy();
    const base = toRegistryValues(fornitoreCreateSchema.parse({ descr: 'x' }));
    const provider = (descr: string, citta: string, tipo: unknown, durc: number) => ({
      ...base,
      descr,
      descr_sort: sortKey(descr),
      citta,
      tipo_attivita_id: tipo as number,
      durc_stato: durc,
      search_doc: registrySearchDoc({ ...base, descr, citta }),
    });
    // 1,030 in Varese (more than the count cap), every other one a plumber, every third with DURC 1;
    // 30 in Lodi, the same way. Inserted out of order.
    const rows = [
      ...Array.from({ length: 1030 }, (_, i) => 1029 - i).map((i) =>
        provider(
          `Ditta ${String(i).padStart(4, '0')}`,
          'Varese',
          i % 2 ? painter?.id : plumber?.id,
          i % 3 ? 2 : 1,
        ),
      ),
      ...Array.from({ length: 30 }, (_, i) => 29 - i).map((i) =>
        provider(
          `Opera ${String(i).padStart(2, '0')}`,
          'Lodi',
          i % 2 ? painter?.id : plumber?.id,
          i % 3 ? 2 : 1,
        ),
      ),
    ];
    await insertRegistryBatch(t.database.db, 'providers', other.archiveId, rows, new Date().toISOString());
    const list = async (query: string) => {
      const res = await call('GET', `/api/fornitore?pageSize=15&${query}`, undefined, other);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { names: res.body.data.map((p: Json) => p.descr), total: res.body.pagination.totalCount };
    };
    const names = (prefix: string, width: number, numbers: number[]) =>
      numbers.map((n) => `${prefix} ${String(n).padStart(width, '0')}`);
    const evens = Array.from({ length: 515 }, (_, i) => 2 * i);

    // Many matches: the description order is walked, each entry's row read for the filter.
    expect(await list(`searchQuery=varese&tipoAttivitaID=${plumber?.id}&pageNumber=1`)).toEqual({
      names: names('Ditta', 4, evens.slice(0, 15)),
      total: 515,
    });
    expect(await list(`searchQuery=varese&tipoAttivitaID=${plumber?.id}&pageNumber=3`)).toEqual({
      names: names('Ditta', 4, evens.slice(30, 45)),
      total: 515,
    });
    const plumbersDurc1 = evens.filter((n) => n % 3 === 0);
    expect(await list(`searchQuery=varese&tipoAttivitaID=${plumber?.id}&durcStato=1&pageNumber=2`)).toEqual({
      names: names('Ditta', 4, plumbersDurc1.slice(15, 30)),
      total: plumbersDurc1.length,
    });
    // Few matches: sorted from the FTS index's ids, then the filter.
    expect(await list(`searchQuery=lodi&durcStato=1&pageNumber=1`)).toEqual({
      names: names('Opera', 2, [0, 3, 6, 9, 12, 15, 18, 21, 24, 27]),
      total: 10,
    });
    expect(await list(`searchQuery=opera%20lodi&tipoAttivitaID=${painter?.id}&pageNumber=1`)).toEqual({
      names: names('Opera', 2, [1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29]),
      total: 15,
    });
    // No search: the filters alone, counted up to the cap.
    expect(await list(`tipoAttivitaID=${painter?.id}&durcStato=2&pageNumber=1`)).toEqual({
      names: names('Ditta', 4, [1, 5, 7, 11, 13, 17, 19, 23, 25, 29, 31, 35, 37, 41, 43]),
      total: 343 + 10,
    });
    expect((await list(`searchQuery=varese&tipoAttivitaID=${painter?.id}&durcStato=3`)).total).toBe(0);
  });

  it.each([
    [{ descr: 'A', partitaIva: '01234560012' }, 'partitaIva', 'Numero di partita iva non valido'],
    [{ descr: 'A', codiceFiscale: 'ABC' }, 'codiceFiscale', 'Codice fiscale non valido'],
    [{ descr: 'A', durc: '2||' }, 'durc', 'Dati DURC non validi'],
    [{ descr: 'A', durc: '9||' }, 'durc', 'Dati DURC non validi'],
    [{ descr: '' }, 'descr', 'Manca un campo obbligatorio'],
  ])('refuses %j with code 113', async (payload, path, message) => {
    const res = await call('POST', '/api/fornitore', payload);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 113, message: `${message} (${path})` });
  });

  it('accepts a provider fiscal code of 11 digits', async () => {
    const res = await call('POST', '/api/fornitore', { descr: 'Condominio Fornitore', codiceFiscale: VAT });
    expect(res.status).toBe(200);
  });

  it('refuses an activity type of another archive', async () => {
    const res = await call('POST', '/api/fornitore', { descr: 'Tipo Strano', tipoAttivitaID: 99999 });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe(113);
  });

  it('answers 201 for a provider that does not exist, also in another archive', async () => {
    const mine = (await call('POST', '/api/fornitore', { descr: 'Solo Mio' })).body.data;
    const stranger = await createTestSession(t);
    for (const [method, url, payload] of [
      ['GET', `/api/fornitore/${mine.id}`, undefined],
      ['PUT', `/api/fornitore/${mine.id}`, { descr: 'Rubato', objVersion: 1 }],
      ['DELETE', `/api/fornitore/${mine.id}?objVersion=1`, undefined],
    ] as const) {
      const res = await call(method, url, payload, stranger);
      expect(res.body.error.code, `${method} ${url}`).toBe(201);
    }
    expect((await call('GET', `/api/fornitore/${mine.id}`)).body.data.descr).toBe('Solo Mio');
  });

  it('pages and searches providers in description order', async () => {
    const other = await createTestSession(t);
    for (let i = 0; i < 17; i++) {
      await call(
        'POST',
        '/api/fornitore',
        { descr: `Edil ${String(17 - i).padStart(2, '0')} S.r.l.` },
        other,
      );
    }
    const page = await call('GET', '/api/fornitore?pageNumber=2', undefined, other);
    expect(page.body.data.map((p: Json) => p.descr)).toEqual(['Edil 16 S.r.l.', 'Edil 17 S.r.l.']);
    expect(JSON.parse(String(page.headers['x-pagination']))).toMatchObject({ totalCount: 17, totalPages: 2 });
    const found = await call('GET', '/api/fornitore?searchQuery=edil%2005', undefined, other);
    expect(found.body.data.map((p: Json) => p.descr)).toEqual(['Edil 05 S.r.l.']);
  });

  it('refuses providers to a user without the providers flag, contacts stay allowed', async () => {
    const denied = await createTestSession(t, { deniedAreas: [Area.Providers] });
    const res = await call('GET', '/api/fornitore', undefined, denied);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe(120);
    expect((await call('POST', '/api/fornitore', { descr: 'X' }, denied)).status).toBe(403);
    expect((await call('GET', '/api/persona', undefined, denied)).status).toBe(200);
  });
});
