import { isoDateToday } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { addCondominium, addLookups } from './condominium-test-data.ts';

let t: TestApp;
let session: TestSession;
let other: TestSession;

async function call(method: string, url: string, payload?: unknown, as: TestSession = session) {
  const res = await t.app.inject({
    method: method as 'GET',
    url,
    headers: as.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Condominium 1 and 2 of the test archive; condominium 1 of the other archive. */
beforeAll(async () => {
  t = await buildTestApp();
  session = await createTestSession(t);
  other = await createTestSession(t);
  await addCondominium(t, session.archiveId, 1, 'Residenza dei Tigli');
  await addCondominium(t, session.archiveId, 2, 'Condominio Le Magnolie', { stato: 2 });
  await addCondominium(t, other.archiveId, 1, 'Condominio di un altro archivio');
  await addLookups(t, session.archiveId);
});
afterAll(async () => {
  await t.close();
});

/**
 * The checks every record answers alike: create, read, edit with objVersion (stale -> 409/115,
 * nothing overwritten), not found under another condominium or archive (404/122), delete.
 */
async function crud(options: {
  base: (condominioId: number) => string;
  create: Record<string, unknown>;
  edit: Record<string, unknown>;
  /** Path of one record for PUT/DELETE (default base/itemId). */
  item?: (condominioId: number, id: number) => string;
  /** Path of POST (default: base). */
  post?: (condominioId: number) => string;
  /** Path of one record for DELETE (default: item). */
  remove?: (condominioId: number, id: number) => string;
  /** Whether GET base/itemId exists. */
  readOne?: boolean;
  notFound: string;
  list: (body: { data: unknown }) => Array<{ id: number }>;
}) {
  const item = options.item ?? ((c: number, id: number) => `${options.base(c)}/${id}`);
  const remove = options.remove ?? item;
  const created = await call('POST', (options.post ?? options.base)(1), options.create);
  expect(created.status).toBe(200);
  const record = created.body.data;
  expect(record).toMatchObject({ ...options.create, objVersion: 1 });
  expect(options.list((await call('GET', options.base(1))).body).map((r) => r.id)).toContain(record.id);
  if (options.readOne) expect((await call('GET', item(1, record.id))).body.data).toEqual(record);

  const edited = await call('PUT', item(1, record.id), { ...options.create, ...options.edit, objVersion: 1 });
  expect(edited.status).toBe(200);
  expect(edited.body.data).toMatchObject({ ...options.edit, objVersion: 2 });
  const stale = await call('PUT', item(1, record.id), { ...options.create, objVersion: 1 });
  expect(stale.status).toBe(409);
  expect(stale.body.error.code).toBe(115);
  // Under another condominium of the archive, or from another archive: not found.
  const wrongParent = await call('PUT', item(2, record.id), { ...options.create, objVersion: 2 });
  expect(wrongParent.status).toBe(404);
  expect(wrongParent.body.error).toMatchObject({ code: 122, message: options.notFound });
  const foreign = await call('DELETE', `${remove(1, record.id)}?objVersion=2`, undefined, other);
  expect(foreign.status).toBe(404);
  expect(options.list((await call('GET', options.base(2))).body)).toEqual([]);
  // The condominium itself must exist.
  expect((await call('GET', options.base(999))).body.error.code).toBe(122);

  const staleDelete = await call('DELETE', `${remove(1, record.id)}?objVersion=1`);
  expect(staleDelete.status).toBe(409);
  const deleted = await call('DELETE', `${remove(1, record.id)}?objVersion=2`);
  expect(deleted.body.data).toEqual({ id: record.id });
  expect(options.list((await call('GET', options.base(1))).body).map((r) => r.id)).not.toContain(record.id);
  const gone = await call('DELETE', `${remove(1, record.id)}?objVersion=2`);
  expect(gone.body.error).toMatchObject({ code: 122, message: options.notFound });
}

const asList = (body: { data: unknown }) => body.data as Array<{ id: number }>;

describe('assicurazione', () => {
  it('crea, legge, modifica, elimina una polizza; versioni, condominio e archivio controllati', async () => {
    await crud({
      base: (c) => `/api/condominio/${c}/assicurazione`,
      create: {
        compagnia: 'Generali',
        numeroPolizza: 'POL-1',
        dataDecorrenza: '2026-01-01',
        dataScadenza: '2026-12-31',
        premioCents: 123456,
      },
      edit: { compagnia: 'Allianz', premioCents: 150000 },
      readOne: true,
      notFound: 'La polizza richiesta non esiste.',
      list: asList,
    });
  });

  it('valida i campi con i messaggi italiani', async () => {
    const missing = await call('POST', '/api/condominio/1/assicurazione', { compagnia: 'Generali' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe(113);
    expect(missing.body.error.message).toContain('Manca un campo obbligatorio');
    const dates = await call('POST', '/api/condominio/1/assicurazione', {
      compagnia: 'Generali',
      numeroPolizza: 'P',
      dataDecorrenza: '2026-06-01',
      dataScadenza: '2026-01-01',
    });
    expect(dates.body.error.message).toContain('La scadenza deve seguire la decorrenza');
    const premio = await call('POST', '/api/condominio/1/assicurazione', {
      compagnia: 'Generali',
      numeroPolizza: 'P',
      premioCents: -5,
    });
    expect(premio.body.error.message).toContain('Importo non valido');
  });
});

describe('datiCatastali', () => {
  it('immobile accatastato: crea, modifica, elimina', async () => {
    await crud({
      base: (c) => `/api/condominio/${c}/datiCatastali`,
      item: (c, id) => `/api/condominio/${c}/datiCatastali/immobileAccatastato/${id}`,
      remove: (c, id) => `/api/condominio/${c}/datiCatastali/${id}`,
      post: (c) => `/api/condominio/${c}/datiCatastali/immobileAccatastato`,
      create: { codiceComune: 'F205', foglio: '12', particella: '345', subalterno: '7', categoria: 'A/3' },
      edit: { classe: '2', renditaCents: 98765 },
      notFound: 'Il dato catastale richiesto non esiste.',
      list: (body) => (body.data as { immobiliAccatastati: Array<{ id: number }> }).immobiliAccatastati,
    });
  });

  it('le POST/PUT hanno i percorsi dei due tipi; GET li separa', async () => {
    const prop = await call('POST', '/api/condominio/1/datiCatastali/immobileAccatastato', {
      codiceComune: 'f205',
      foglio: '1',
      particella: '2',
    });
    expect(prop.body.data).toMatchObject({ tipo: 0, codiceComune: 'F205' });
    const req = await call('POST', '/api/condominio/1/datiCatastali/domandaAccatastamento', {
      codiceComune: 'L219',
      dataDomanda: '2026-03-01',
      numeroProtocollo: 'PR-77',
    });
    expect(req.body.data).toMatchObject({ tipo: 1, numeroProtocollo: 'PR-77', dataDomanda: '2026-03-01' });
    const all = (await call('GET', '/api/condominio/1/datiCatastali')).body.data;
    expect(all.immobiliAccatastati.map((r: { id: number }) => r.id)).toEqual([prop.body.data.id]);
    expect(all.domandeAccatastamento.map((r: { id: number }) => r.id)).toEqual([req.body.data.id]);
    // A request is not edited as a registered property.
    const wrong = await call(
      'PUT',
      `/api/condominio/1/datiCatastali/immobileAccatastato/${req.body.data.id}`,
      {
        foglio: '1',
        particella: '2',
        objVersion: 1,
      },
    );
    expect(wrong.status).toBe(404);
    const edit = await call(
      'PUT',
      `/api/condominio/1/datiCatastali/domandaAccatastamento/${req.body.data.id}`,
      {
        numeroProtocollo: 'PR-78',
        objVersion: 1,
      },
    );
    expect(edit.body.data).toMatchObject({ numeroProtocollo: 'PR-78', objVersion: 2 });
  });

  it('rifiuta un codice comune non valido con il messaggio della specifica', async () => {
    const res = await call('POST', '/api/condominio/1/datiCatastali/immobileAccatastato', {
      codiceComune: '1234',
      foglio: '1',
      particella: '2',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toContain(
      'Codice comune non valido, deve iniziare con una lettera, seguito da 3 cifre',
    );
  });
});

describe('esercizio, palazzina, gruppo', () => {
  const ordinario = {
    tipo: 0,
    descrizione: 'Ordinario 2026',
    dataInizio: '2026-01-01',
    dataFine: '2026-12-31',
  };

  it('crea, legge, modifica, elimina un esercizio', async () => {
    await crud({
      base: (c) => `/api/condominio/${c}/esercizio`,
      create: ordinario,
      edit: { descrizione: 'Ordinario 2026 bis', tipo: 1 },
      readOne: true,
      notFound: "L'esercizio richiesto non esiste.",
      list: asList,
    });
  });

  it('chiudere alle 00:30 in Italia (23:30 UTC) registra la data italiana, non quella del giorno prima', async () => {
    const created = (
      await call('POST', '/api/condominio/1/esercizio', { ...ordinario, descrizione: 'Chiuso a mezzanotte' })
    ).body.data;
    // Yesterday at 23:30 UTC: already today in Italy. Only Date is faked (the session stays valid).
    const late = new Date(Date.now() - 86_400_000);
    late.setUTCHours(23, 30, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(late);
      const closed = await call('PUT', `/api/condominio/1/esercizio/${created.id}`, {
        ...ordinario,
        descrizione: 'Chiuso a mezzanotte',
        chiuso: true,
        objVersion: 1,
      });
      expect(closed.status, JSON.stringify(closed.body)).toBe(200);
      expect(closed.body.data.dataChiusura).toBe(isoDateToday(late));
      expect(closed.body.data.dataChiusura).not.toBe(late.toISOString().slice(0, 10));
    } finally {
      vi.useRealTimers();
    }
    // The other tests of this condominium count its closed exercises.
    expect((await call('DELETE', `/api/condominio/1/esercizio/${created.id}?objVersion=2`)).status).toBe(200);
  });

  it('filtra per aperti/chiusi e per tipo; chiudere registra la data di chiusura', async () => {
    const open = (await call('POST', '/api/condominio/1/esercizio', ordinario)).body.data;
    const extra = (
      await call('POST', '/api/condominio/1/esercizio', {
        tipo: 2,
        descrizione: 'Ausiliario riscaldamento',
        dataInizio: '2025-01-01',
        dataFine: '2025-12-31',
      })
    ).body.data;
    const closed = await call('PUT', `/api/condominio/1/esercizio/${extra.id}`, {
      tipo: 2,
      descrizione: 'Ausiliario riscaldamento',
      dataInizio: '2025-01-01',
      dataFine: '2025-12-31',
      chiuso: true,
      objVersion: 1,
    });
    expect(closed.body.data.chiuso).toBe(true);
    expect(closed.body.data.dataChiusura).toBe(isoDateToday());
    const ids = async (q: string) =>
      (await call('GET', `/api/condominio/1/esercizio${q}`)).body.data.map((e: { id: number }) => e.id);
    expect(await ids('?EserciziAperti=1')).toContain(open.id);
    expect(await ids('?EserciziAperti=1')).not.toContain(extra.id);
    expect(await ids('?EserciziAperti=2')).toEqual([extra.id]);
    expect(await ids('?EserciziAperti=0')).toEqual(expect.arrayContaining([open.id, extra.id]));
    expect(await ids('?tipo=2')).toEqual([extra.id]);
    const bad = await call('GET', '/api/condominio/1/esercizio?EserciziAperti=5');
    expect(bad.body.error.message).toContain('Filtro degli esercizi non valido');
  });

  it('valida tipo, date e ordine delle date', async () => {
    const tipo = await call('POST', '/api/condominio/1/esercizio', { ...ordinario, tipo: 9 });
    expect(tipo.body.error.message).toContain('Tipo di esercizio non valido');
    const missing = await call('POST', '/api/condominio/1/esercizio', { ...ordinario, dataFine: '' });
    expect(missing.body.error.message).toContain('Manca un campo obbligatorio');
    const order = await call('POST', '/api/condominio/1/esercizio', { ...ordinario, dataFine: '2025-01-01' });
    expect(order.body.error.message).toContain("La data di fine deve seguire quella d'inizio");
  });

  for (const [kind, notFound] of [
    ['palazzina', 'La palazzina richiesta non esiste.'],
    ['gruppo', 'Il gruppo richiesto non esiste.'],
  ] as const) {
    it(`${kind}: CRUD sotto l'esercizio, che deve essere del condominio`, async () => {
      const ex1 = (await call('POST', '/api/condominio/1/esercizio', ordinario)).body.data;
      const ex2 = (await call('POST', '/api/condominio/2/esercizio', ordinario)).body.data;
      const exOf = (c: number) => (c === 1 ? ex1.id : c === 2 ? ex2.id : 1);
      await crud({
        base: (c) => `/api/condominio/${c}/esercizio/${exOf(c)}/${kind}`,
        create: { descrizione: 'Scala A', indirizzo: 'Via Roma, 1' },
        edit: { descrizione: 'Scala B' },
        notFound,
        list: asList,
      });
      // An exercise of another condominium is not reached through this one.
      const cross = await call('GET', `/api/condominio/1/esercizio/${ex2.id}/${kind}`);
      expect(cross.body.error).toMatchObject({ code: 122, message: "L'esercizio richiesto non esiste." });
      const invalid = await call('POST', `/api/condominio/1/esercizio/${ex1.id}/${kind}`, {
        descrizione: ' ',
      });
      expect(invalid.body.error.message).toContain('Manca un campo obbligatorio');
    });
  }

  it('un esercizio con palazzine non si elimina (115), e il messaggio lo dice', async () => {
    const ex = (await call('POST', '/api/condominio/1/esercizio', ordinario)).body.data;
    await call('POST', `/api/condominio/1/esercizio/${ex.id}/palazzina`, { descrizione: 'Scala A' });
    const res = await call('DELETE', `/api/condominio/1/esercizio/${ex.id}?objVersion=1`);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      "L'esercizio non può essere eliminato perché ne dipendono: palazzine.",
    );
  });
});

describe('registroAmministratori', () => {
  it('elenca gli eventi del registro', async () => {
    expect((await call('GET', '/api/eventoRegistroAmministratore')).body.data).toEqual([
      { id: 1, testo: 'Nomina' },
      { id: 2, testo: 'Revoca' },
    ]);
    expect((await call('GET', '/api/eventoRegistroAmministratore', undefined, other)).body.data).toEqual([]);
  });

  it('crea, legge, modifica, elimina una voce', async () => {
    await crud({
      base: (c) => `/api/condominio/${c}/registroAmministratori`,
      create: {
        eventoID: 1,
        dataEvento: '2024-05-10',
        amministratore: 'Studio Rossi',
        dataDelibera: '2024-05-01',
      },
      edit: { eventoID: 2, eventoDescr: 'Revoca' },
      readOne: true,
      notFound: 'La voce del registro richiesta non esiste.',
      list: asList,
    });
  });

  it("rifiuta un evento che l'archivio non ha e una data mancante", async () => {
    const event = await call('POST', '/api/condominio/1/registroAmministratori', {
      eventoID: 99,
      dataEvento: '2024-05-10',
      amministratore: 'Studio Rossi',
    });
    expect(event.status).toBe(400);
    expect(event.body.error).toMatchObject({ code: 113, message: 'Evento del registro non valido' });
    const date = await call('POST', '/api/condominio/1/registroAmministratori', {
      eventoID: 1,
      amministratore: 'Studio Rossi',
    });
    expect(date.body.error.message).toContain('Manca un campo obbligatorio');
  });
});

describe('risorsa e fondo', () => {
  it('tipoRisorsa elenca i tipi di risorsa', async () => {
    expect((await call('GET', '/api/tipoRisorsa')).body.data).toEqual([
      { id: 1, testo: 'Cassa' },
      { id: 2, testo: 'Conto corrente' },
    ]);
  });

  it('crea, legge, modifica, elimina una risorsa', async () => {
    await crud({
      base: (c) => `/api/condominio/${c}/risorsa`,
      create: { tipoRisorsaID: 2, descrizione: 'Conto BPM', saldoInizialeCents: 10000 },
      edit: { descrizione: 'Conto Intesa', saldoInizialeCents: 15000, saldoCents: 15000 },
      readOne: true,
      notFound: 'La risorsa richiesta non esiste.',
      list: asList,
    });
  });

  it('versione 1 elenca le risorse classiche, versione 2 anche i conti pagamenti', async () => {
    const classic = (
      await call('POST', '/api/condominio/1/risorsa', { tipoRisorsaID: 1, descrizione: 'Cassa' })
    ).body.data;
    const account = (
      await call('POST', '/api/condominio/1/risorsa', {
        tipoRisorsaID: 2,
        descrizione: 'Conto TS Pay',
        versione: 2,
      })
    ).body.data;
    const ids = async (q: string) =>
      (await call('GET', `/api/condominio/1/risorsa${q}`)).body.data.map((r: { id: number }) => r.id);
    expect(await ids('')).toContain(classic.id);
    expect(await ids('?versione=1')).not.toContain(account.id);
    expect(await ids('?versione=2')).toEqual(expect.arrayContaining([classic.id, account.id]));
    expect((await call('GET', '/api/condominio/1/risorsa?versione=3')).body.error.message).toContain(
      'Versione non valida',
    );
    const type = await call('POST', '/api/condominio/1/risorsa', { tipoRisorsaID: 42, descrizione: 'X' });
    expect(type.body.error).toMatchObject({ code: 113, message: 'Tipo di risorsa non valido' });
  });

  it('crea, legge, modifica, elimina un fondo; una risorsa con fondi non si elimina', async () => {
    const res = (
      await call('POST', '/api/condominio/1/risorsa', { tipoRisorsaID: 1, descrizione: 'Cassa fondi' })
    ).body.data;
    await crud({
      base: (c) => `/api/condominio/${c}/fondo`,
      create: { descrizione: 'Fondo cassa', importoCents: 50000 },
      edit: { descrizione: 'Fondo lavori', importoCents: 80000, saldoCents: 80000 },
      notFound: 'Il fondo richiesto non esiste.',
      list: asList,
    });
    const fund = await call('POST', '/api/condominio/1/fondo', {
      descrizione: 'Fondo riserva',
      risorsaID: res.id,
      importoCents: 1000,
    });
    expect(fund.body.data).toMatchObject({ risorsaID: res.id, risorsaDescr: 'Cassa fondi' });
    const refused = await call('DELETE', `/api/condominio/1/risorsa/${res.id}?objVersion=1`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'La risorsa non può essere eliminata perché ne dipendono: fondi.',
    );
    // A resource of another condominium cannot back this one's fund.
    const foreign = await call('POST', '/api/condominio/2/fondo', { descrizione: 'X', risorsaID: res.id });
    expect(foreign.body.error).toMatchObject({ code: 113, message: 'Risorsa non valida' });
  });
});

describe('saldoTsPay', () => {
  it('calcola il saldo del conto pagamenti dai movimenti, lo ricalcola quando forzato', async () => {
    const account = (
      await call('POST', '/api/condominio/2/risorsa', {
        tipoRisorsaID: 2,
        descrizione: 'Conto pagamenti',
        versione: 2,
        saldoInizialeCents: 10000,
      })
    ).body.data;
    const movement = (id: number, cents: number) =>
      t.database.db
        .insertInto('movements')
        .values({
          archive_id: session.archiveId,
          id,
          condominio_id: 2,
          esercizio_id: null,
          risorsa_id: account.id,
          tipo_riferimento: 0,
          riferimento_id: 1,
          data: '2026-02-01',
          descrizione: 'Versamento',
          importo_cents: cents,
          numero_documento: null,
          created_at: '2026-02-01T00:00:00.000Z',
        })
        .execute();
    await movement(7001, 2550);
    const first = await call('GET', '/api/condominio/2/saldoTsPay');
    expect(first.body.data).toMatchObject({ statoContoPagamenti: 2, saldoCents: 12550 });
    await movement(7002, -550);
    // Not forced: the stored balance.
    expect((await call('GET', '/api/condominio/2/saldoTsPay')).body.data.saldoCents).toBe(12550);
    const forced = await call('GET', '/api/condominio/2/saldoTsPay?forzaAggiornamento=true');
    expect(forced.body.data.saldoCents).toBe(12000);
    expect(forced.body.data.aggiornatoIl).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('senza conto attivo risponde lo stato senza saldo; 404 per un condominio altrui', async () => {
    expect((await call('GET', '/api/condominio/1/saldoTsPay')).body.data).toEqual({
      statoContoPagamenti: 1,
      saldoCents: null,
      aggiornatoIl: null,
    });
    expect((await call('GET', '/api/condominio/2/saldoTsPay', undefined, other)).status).toBe(404);
    expect((await call('GET', '/api/condominio/1/saldoTsPay?forzaAggiornamento=forse')).status).toBe(400);
  });
});
