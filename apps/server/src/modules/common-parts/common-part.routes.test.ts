import { Area, type Endpoint, ParteComuneApi, pathOf, ServizioApi } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDocument } from '../../db/dialect.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';

async function addCondominium(t: TestApp, archiveId: number, id: number, intestazione: string) {
  const now = new Date().toISOString();
  await t.database.db
    .insertInto('condominiums')
    .values({
      archive_id: archiveId,
      id,
      codice: String(id).padStart(4, '0'),
      intestazione,
      intestazione_sort: searchDocument(intestazione),
      indirizzo: `Via Roma, ${id}`,
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
      numero_unita: 0,
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
}

interface Answer {
  status: number;
  body: {
    // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its call answers.
    data: any;
    error: { code: number; message: string; details?: { path: string; message: string }[] } | null;
  };
  headers: Record<string, unknown>;
}

let t: TestApp;
let session: TestSession;
let other: TestSession;

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
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

const plant = (extra: Record<string, unknown> = {}) => ({
  denominazione: 'Ascensore scala A',
  tipo: 1,
  ubicazione: 'Vano scala A',
  marca: 'Schindler',
  matricola: 'SN-123456',
  dataInstallazione: '2004-05-12',
  ...extra,
});
const environment = (extra: Record<string, unknown> = {}) => ({
  denominazione: 'Giardino condominiale',
  tipo: 0,
  ubicazione: 'Cortile interno',
  superficieMq: 250,
  ...extra,
});

beforeAll(async () => {
  t = await buildTestApp();
  session = await createTestSession(t);
  other = await createTestSession(t);
  await addCondominium(t, session.archiveId, 1, 'Residenza dei Tigli');
  await addCondominium(t, session.archiveId, 2, 'Condominio Le Magnolie');
  await addCondominium(t, other.archiveId, 1, 'Condominio di un altro archivio');
});
afterAll(async () => {
  await t.close();
});

describe('impianto and ambiente', () => {
  it('adds a lift to a condominium and reads it back with its Italian type and condominium', async () => {
    const created = await call('POST', '/api/condominio/1/impianto', plant());
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      condominioID: 1,
      intestazioneCondominio: 'Residenza dei Tigli',
      categoria: 0,
      tipo: 1,
      tipoDescr: 'Ascensore',
      denominazione: 'Ascensore scala A',
      ubicazione: 'Vano scala A',
      marca: 'Schindler',
      matricola: 'SN-123456',
      dataInstallazione: '2004-05-12',
      superficieMq: null,
      numeroServizi: 0,
      objVersion: 1,
    });
    const read = await call('GET', `/api/condominio/1/impianto/${created.body.data.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(created.body.data);
  });

  it('adds an environment with its surface; an environment is not found as a plant', async () => {
    const created = await call('POST', '/api/condominio/1/ambiente', environment());
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      categoria: 1,
      tipo: 0,
      tipoDescr: 'Giardino',
      superficieMq: 250,
    });
    const asPlant = await call('GET', `/api/condominio/1/impianto/${created.body.data.id}`);
    expect(asPlant.status).toBe(404);
    expect(asPlant.body.error?.code).toBe(122);
    expect(asPlant.body.error?.message).toBe('Impianto non trovato.');
  });

  it.each([
    [
      '/api/condominio/1/impianto',
      plant({ denominazione: '' }),
      'denominazione',
      'Manca un campo obbligatorio',
    ],
    ['/api/condominio/1/impianto', plant({ tipo: undefined }), 'tipo', 'Manca un campo obbligatorio'],
    ['/api/condominio/1/impianto', plant({ tipo: 22 }), 'tipo', 'Tipo di impianto non valido'],
    ['/api/condominio/1/ambiente', environment({ tipo: 5 }), 'tipo', 'Tipo di ambiente non valido'],
    [
      '/api/condominio/1/ambiente',
      environment({ superficieMq: -3 }),
      'superficieMq',
      'La superficie deve essere un numero intero di metri quadrati',
    ],
    [
      '/api/condominio/1/impianto',
      plant({ dataInstallazione: '12/05/2004' }),
      'dataInstallazione',
      'Data non valida, usa il formato AAAA-MM-GG',
    ],
    [
      '/api/condominio/1/impianto',
      plant({ note: 'x'.repeat(4001) }),
      'note',
      'Il messaggio non può superare i 4000 caratteri',
    ],
  ])(
    'POST %s refuses a wrong field with 113 and its Italian message',
    async (url, payload, path, message) => {
      const res = await call('POST', url, payload);
      expect(res.status).toBe(400);
      expect(res.body.error?.code).toBe(113);
      expect(res.body.error?.details?.[0]).toEqual({ path, message });
    },
  );

  it('refuses a condominium that is not of the archive, and an id that is not a number', async () => {
    const missing = await call('POST', '/api/condominio/99/impianto', plant());
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe(122);
    const bad = await call('GET', '/api/condominio/abc/impianto/1');
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe(113);
  });

  it('updates with the current objVersion and refuses a stale one without overwriting', async () => {
    const created = (
      await call('POST', '/api/condominio/2/impianto', plant({ denominazione: 'Centrale termica', tipo: 2 }))
    ).body.data;
    const url = `/api/condominio/2/impianto/${created.id}`;
    const saved = await call('PUT', url, {
      ...plant({ denominazione: 'Caldaia centralizzata', tipo: 2 }),
      objVersion: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      denominazione: 'Caldaia centralizzata',
      tipoDescr: 'Riscaldamento',
      objVersion: 2,
    });
    const stale = await call('PUT', url, {
      ...plant({ denominazione: 'Sovrascritto', tipo: 2 }),
      objVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe(115);
    expect((await call('GET', url)).body.data.denominazione).toBe('Caldaia centralizzata');
    const missing = await call('PUT', '/api/condominio/2/impianto/9999', { ...plant(), objVersion: 1 });
    expect(missing.status).toBe(404);
  });

  it('deletes with the current objVersion, refusing a stale one; then the part is gone', async () => {
    const created = (
      await call('POST', '/api/condominio/2/ambiente', environment({ denominazione: 'Scale B', tipo: 1 }))
    ).body.data;
    const url = `/api/condominio/2/ambiente/${created.id}`;
    const stale = await call('DELETE', `${url}?objVersion=7`);
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe(115);
    const noVersion = await call('DELETE', url);
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.error?.code).toBe(113);
    const removed = await call('DELETE', `${url}?objVersion=1`);
    expect(removed.status).toBe(200);
    expect(removed.body.data).toEqual({ id: created.id });
    expect((await call('GET', url)).status).toBe(404);
  });

  it("never shows or changes another archive's common part", async () => {
    const mine = (await call('POST', '/api/condominio/1/impianto', plant({ denominazione: 'Citofono' }))).body
      .data;
    const url = `/api/condominio/1/impianto/${mine.id}`;
    expect((await call('GET', url, undefined, other)).status).toBe(404);
    expect((await call('PUT', url, { ...plant(), objVersion: 1 }, other)).status).toBe(404);
    expect((await call('DELETE', `${url}?objVersion=1`, undefined, other)).status).toBe(404);
    expect((await call('GET', url)).body.data.denominazione).toBe('Citofono');
  });
});

describe('GET /api/parteComune', () => {
  let own: TestSession;
  beforeAll(async () => {
    own = await createTestSession(t);
    await addCondominium(t, own.archiveId, 1, 'Residenza dei Tigli');
    await addCondominium(t, own.archiveId, 2, 'Condominio Le Magnolie');
    const add = (condo: number, kind: string, body: object) =>
      call('POST', `/api/condominio/${condo}/${kind}`, body, own);
    await add(1, 'impianto', plant({ denominazione: 'Ascensore scala A', tipo: 1 }));
    await add(1, 'impianto', plant({ denominazione: 'Cancello carraio', tipo: 20, ubicazione: 'Ingresso' }));
    await add(1, 'ambiente', environment({ denominazione: 'Giardino', tipo: 0 }));
    await add(2, 'impianto', plant({ denominazione: 'Ascensore unico', tipo: 1, ubicazione: null }));
    await add(2, 'ambiente', environment({ denominazione: 'Scale', tipo: 1, note: 'Pulizia settimanale' }));
  });

  const names = (res: Answer) => res.body.data.map((p: { denominazione: string }) => p.denominazione);

  it('lists every common part of the archive by name, with its condominium, type label and paging header', async () => {
    const res = await call('GET', '/api/parteComune?pageSize=3', undefined, own);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Ascensore scala A', 'Ascensore unico', 'Cancello carraio']);
    expect(res.body.data[2]).toMatchObject({
      condominioID: 1,
      intestazioneCondominio: 'Residenza dei Tigli',
      categoria: 0,
      tipo: 20,
      tipoDescr: 'Cancello / accesso',
      ubicazione: 'Ingresso',
    });
    expect(JSON.parse(String(res.headers['x-pagination']))).toEqual({
      totalCount: 5,
      currentPage: 1,
      pageSize: 3,
      totalPages: 2,
    });
    const second = await call('GET', '/api/parteComune?pageSize=3&pageNumber=2', undefined, own);
    expect(names(second)).toEqual(['Giardino', 'Scale']);
  });

  it('filters by condominium, category and type', async () => {
    expect(names(await call('GET', '/api/parteComune?condominioID=2', undefined, own))).toEqual([
      'Ascensore unico',
      'Scale',
    ]);
    expect(names(await call('GET', '/api/parteComune?categoria=1', undefined, own))).toEqual([
      'Giardino',
      'Scale',
    ]);
    expect(names(await call('GET', '/api/parteComune?categoria=0&tipo=1', undefined, own))).toEqual([
      'Ascensore scala A',
      'Ascensore unico',
    ]);
    expect(names(await call('GET', '/api/condominio/1/parteComune?categoria=0', undefined, own))).toEqual([
      'Ascensore scala A',
      'Cancello carraio',
    ]);
  });

  it('searches from 3 characters on name, location, type and condominium, every word as a prefix', async () => {
    expect(names(await call('GET', '/api/parteComune?searchQuery=asc', undefined, own))).toEqual([
      'Ascensore scala A',
      'Ascensore unico',
    ]);
    expect(names(await call('GET', '/api/parteComune?searchQuery=asc%20magn', undefined, own))).toEqual([
      'Ascensore unico',
    ]);
    expect(names(await call('GET', '/api/parteComune?searchQuery=ingresso', undefined, own))).toEqual([
      'Cancello carraio',
    ]);
    expect(names(await call('GET', '/api/parteComune?searchQuery=zzqx', undefined, own))).toEqual([]);
    const short = await call('GET', '/api/parteComune?searchQuery=as', undefined, own);
    expect(short.status).toBe(400);
    expect(short.body.error?.code).toBe(113);
    expect(short.body.error?.details?.[0]?.message).toBe('La ricerca richiede almeno 3 caratteri');
  });

  it("shows nothing of another archive and refuses another archive's condominium", async () => {
    const res = await call('GET', '/api/parteComune', undefined, other);
    expect(res.body.data.map((p: { denominazione: string }) => p.denominazione)).not.toContain(
      'Ascensore unico',
    );
    expect((await call('GET', '/api/condominio/2/parteComune', undefined, other)).status).toBe(404);
    const bad = await call('GET', '/api/parteComune?categoria=4', undefined, own);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.details?.[0]?.message).toBe('Categoria non valida');
  });
});

describe('servizio', () => {
  let partId: number;
  let providerId: number;
  beforeAll(async () => {
    partId = (await call('POST', '/api/condominio/1/impianto', plant({ denominazione: 'Ascensore scala B' })))
      .body.data.id;
    providerId = (await call('POST', '/api/fornitore', { descr: 'Ascensori Rapidi Srl' })).body.data.id;
  });
  const servicesUrl = () => `/api/condominio/1/parteComune/${partId}/servizio`;
  const yearly = (extra: Record<string, unknown> = {}) => ({
    tipoServizio: 1,
    descrizione: 'Manutenzione ascensore',
    fornitoreID: providerId,
    periodicitaMesi: 12,
    dataUltima: '2026-03-31',
    riferimentoContratto: 'Contratto n. 45/2026',
    ...extra,
  });

  it('lists the ten service types with their Italian labels', async () => {
    const res = await call('GET', '/api/tipoServizioParteComune');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(10);
    expect(res.body.data[0]).toEqual({ id: 1, descr: 'Manutenzione' });
  });

  it('adds a yearly service with a provider; the next date follows from the last one', async () => {
    const res = await call('POST', servicesUrl(), yearly());
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      condominioID: 1,
      parteComuneID: partId,
      parteComuneDenominazione: 'Ascensore scala B',
      parteComuneCategoria: 0,
      tipoServizio: 1,
      tipoServizioDescr: 'Manutenzione',
      fornitoreID: providerId,
      fornitoreDescr: 'Ascensori Rapidi Srl',
      periodicitaMesi: 12,
      dataUltima: '2026-03-31',
      prossimaScadenza: '2027-03-31',
      riferimentoContratto: 'Contratto n. 45/2026',
      objVersion: 1,
    });
    const list = await call('GET', servicesUrl());
    expect(list.body.data.map((s: { descrizione: string }) => s.descrizione)).toEqual([
      'Manutenzione ascensore',
    ]);
    expect((await call('GET', `/api/condominio/1/impianto/${partId}`)).body.data.numeroServizi).toBe(1);
  });

  it.each([
    [yearly({ tipoServizio: 11 }), 'tipoServizio', 'Tipo di servizio non valido'],
    [yearly({ descrizione: ' ' }), 'descrizione', 'Manca un campo obbligatorio'],
    [
      yearly({ periodicitaMesi: 0 }),
      'periodicitaMesi',
      'La periodicità deve essere un numero di mesi da 1 a 120',
    ],
    [
      yearly({ prossimaScadenza: '2026-01-01' }),
      'prossimaScadenza',
      "La prossima scadenza non può precedere l'ultima esecuzione",
    ],
    [
      yearly({ riferimentoContratto: 'x'.repeat(101) }),
      'riferimentoContratto',
      'Il messaggio non può superare i 100 caratteri',
    ],
  ])('refuses %j with 113 and the Italian message', async (payload, path, message) => {
    const res = await call('POST', servicesUrl(), payload);
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(113);
    expect(res.body.error?.details?.[0]).toEqual({ path, message });
  });

  it('refuses a provider that is not of the archive and a common part of another condominium', async () => {
    const otherProvider = (await call('POST', '/api/fornitore', { descr: 'Altro fornitore' }, other)).body
      .data.id;
    const res = await call('POST', servicesUrl(), yearly({ fornitoreID: otherProvider + 1000 }));
    expect(res.status).toBe(404);
    expect(res.body.error?.code).toBe(201);
    const wrongCondo = await call('POST', `/api/condominio/2/parteComune/${partId}/servizio`, yearly());
    expect(wrongCondo.status).toBe(404);
    expect(wrongCondo.body.error?.code).toBe(122);
  });

  it('edits with objVersion, refuses a stale one, deletes; the condominium list shows them by type', async () => {
    const created = (
      await call(
        'POST',
        servicesUrl(),
        yearly({ tipoServizio: 3, descrizione: 'Verifica biennale', periodicitaMesi: 24 }),
      )
    ).body.data;
    const url = `/api/condominio/1/servizio/${created.id}`;
    expect(created.prossimaScadenza).toBe('2028-03-31');
    const saved = await call('PUT', url, {
      ...yearly({
        tipoServizio: 3,
        descrizione: 'Verifica periodica',
        fornitoreID: null,
        prossimaScadenza: '2026-09-30',
      }),
      objVersion: 1,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      descrizione: 'Verifica periodica',
      fornitoreID: null,
      fornitoreDescr: null,
      prossimaScadenza: '2026-09-30',
      objVersion: 2,
    });
    const stale = await call('PUT', url, { ...yearly(), objVersion: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe(115);
    expect((await call('GET', url)).body.data.descrizione).toBe('Verifica periodica');

    const checks = await call('GET', '/api/condominio/1/servizio?tipoServizio=3');
    expect(checks.status).toBe(200);
    expect(checks.body.data.map((s: { id: number }) => s.id)).toEqual([created.id]);
    const all = await call('GET', '/api/condominio/1/servizio');
    expect(all.body.data.length).toBe(2);
    expect((await call('GET', '/api/condominio/99/servizio')).status).toBe(404);

    expect((await call('DELETE', `${url}?objVersion=1`)).status).toBe(409);
    expect((await call('DELETE', `${url}?objVersion=2`)).status).toBe(200);
    const gone = await call('GET', url);
    expect(gone.status).toBe(404);
    expect(gone.body.error?.code).toBe(122);
  });

  it("never shows or changes another archive's service", async () => {
    const created = (await call('POST', servicesUrl(), yearly({ descrizione: 'Servizio mio' }))).body.data;
    const url = `/api/condominio/1/servizio/${created.id}`;
    expect((await call('GET', url, undefined, other)).status).toBe(404);
    expect((await call('PUT', url, { ...yearly(), objVersion: 1 }, other)).status).toBe(404);
    expect((await call('DELETE', `${url}?objVersion=1`, undefined, other)).status).toBe(404);
    expect((await call('GET', '/api/condominio/1/servizio', undefined, other)).body.data).toEqual([]);
    expect((await call('GET', url)).body.data.descrizione).toBe('Servizio mio');
  });

  it('deleting a plant deletes its services', async () => {
    const part = (
      await call('POST', '/api/condominio/2/impianto', plant({ denominazione: 'Autoclave', tipo: 5 }))
    ).body.data;
    const service = (await call('POST', `/api/condominio/2/parteComune/${part.id}/servizio`, yearly())).body
      .data;
    expect((await call('DELETE', `/api/condominio/2/impianto/${part.id}?objVersion=1`)).status).toBe(200);
    expect((await call('GET', `/api/condominio/2/servizio/${service.id}`)).status).toBe(404);
  });
});

describe('permissions', () => {
  const calls: Endpoint[] = [
    ParteComuneApi.lista,
    ParteComuneApi.listaCondominio,
    ...Object.values(ParteComuneApi.impianto),
    ...Object.values(ParteComuneApi.ambiente),
    ...Object.values(ServizioApi),
  ];

  it('every call of the area refuses a user without the plants area (120)', async () => {
    const denied = await createTestSession(t, { deniedAreas: [Area.Plants] });
    for (const declaration of calls) {
      expect(declaration.area).toBe(Area.Plants);
      const path = pathOf(declaration, { id: 1, condominioId: 1, parteComuneId: 1 });
      // A valid request, so that only the missing area can refuse it.
      const url = declaration.method === 'DELETE' ? `${path}?objVersion=1` : path;
      const body = declaration.path.includes('ambiente')
        ? { ...environment(), objVersion: 1 }
        : declaration.path.includes('impianto')
          ? { ...plant(), objVersion: 1 }
          : { tipoServizio: 1, descrizione: 'Manutenzione', objVersion: 1 };
      const res = await call(declaration.method, url, declaration.body ? body : undefined, denied);
      expect(res.status, `${declaration.method} ${url}`).toBe(403);
      expect(res.body.error?.code).toBe(120);
    }
  });

  it('a user with the area but without others still gets in', async () => {
    const allowed = await createTestSession(t, { deniedAreas: [Area.Activities] });
    expect((await call('GET', '/api/parteComune', undefined, allowed)).status).toBe(200);
  });

  it('the OpenAPI document describes the calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/parteComune',
        '/api/condominio/{condominioId}/impianto/{id}',
        '/api/tipoServizioParteComune',
      ]),
    );
  });
});
