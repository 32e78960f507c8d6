import { Area, AttachmentOrigin, AttachmentReferenceType } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { addCondominium } from './condominium-test-data.ts';

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
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

beforeAll(async () => {
  t = await buildTestApp();
  session = await createTestSession(t);
  other = await createTestSession(t);
  await addCondominium(t, session.archiveId, 1, 'Residenza dei Tigli', { citta: 'Monza', provincia: 'MB' });
  await addCondominium(t, session.archiveId, 2, 'Condominio Le Magnolie', { stato: 2, portale: 1 });
  await addCondominium(t, session.archiveId, 3, 'Ètoile Palace');
  await addCondominium(t, session.archiveId, 4, 'Condominio Aurora', { gestito: 0 });
  await addCondominium(t, other.archiveId, 1, 'Condominio di un altro archivio');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/condominio/lista', () => {
  it("elenca i condomini gestiti dell'archivio in ordine di intestazione, accenti ignorati", async () => {
    const res = await call('GET', '/api/condominio/lista');
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.data).toEqual([
      { id: 2, intestazione: 'Condominio Le Magnolie', indirizzo: 'Via Roma, 2', citta: 'Milano' },
      { id: 3, intestazione: 'Ètoile Palace', indirizzo: 'Via Roma, 3', citta: 'Milano' },
      { id: 1, intestazione: 'Residenza dei Tigli', indirizzo: 'Via Roma, 1', citta: 'Monza' },
    ]);
  });

  it('con gestiti=false include anche i condomini non più gestiti', async () => {
    const res = await call('GET', '/api/condominio/lista?gestiti=false');
    expect(res.body.data.map((c: { intestazione: string }) => c.intestazione)).toEqual([
      'Condominio Aurora',
      'Condominio Le Magnolie',
      'Ètoile Palace',
      'Residenza dei Tigli',
    ]);
  });

  it('un archivio vuoto risponde con un elenco vuoto, e non vede quelli degli altri archivi', async () => {
    const empty = await createTestSession(t);
    expect((await call('GET', '/api/condominio/lista', undefined, empty)).body).toEqual({
      data: [],
      error: null,
    });
    expect((await call('GET', '/api/condominio/lista', undefined, other)).body.data).toHaveLength(1);
  });

  it('senza autenticazione risponde 401 con il codice 111', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/condominio/lista' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe(111);
  });

  it('un archivio non sbloccato nella sessione è rifiutato con il codice 100', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/condominio/lista',
      headers: { ...session.headers, 'x-archive-id': String(other.archiveId) },
    });
    expect(res.json().error.code).toBe(100);
  });
});

describe('GET /api/condominio (anagrafica paginata)', () => {
  const names = (res: { body: { data: Array<{ intestazione: string }> } }) =>
    res.body.data.map((c: { intestazione: string }) => c.intestazione);

  it('pagina i condomini gestiti per intestazione, con x-pagination', async () => {
    const res = await call('GET', '/api/condominio?pageSize=2');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Condominio Le Magnolie', 'Ètoile Palace']);
    expect(JSON.parse(String(res.headers['x-pagination']))).toEqual({
      totalCount: 3,
      currentPage: 1,
      pageSize: 2,
      totalPages: 2,
    });
    const page2 = await call('GET', '/api/condominio?pageSize=2&pageNumber=2');
    expect(names(page2)).toEqual(['Residenza dei Tigli']);
    expect(res.body.data[0]).toEqual({
      id: 2,
      codice: '0002',
      intestazione: 'Condominio Le Magnolie',
      indirizzo: 'Via Roma, 2',
      cap: '20121',
      citta: 'Milano',
      provincia: 'MI',
      gestito: true,
      portaleAttivo: true,
      statoContoPagamenti: 2,
    });
  });

  it('cerca da 3 caratteri, per prefisso e senza accenti; sotto i 3 elenca tutto', async () => {
    expect(names(await call('GET', '/api/condominio?searchQuery=magno'))).toEqual(['Condominio Le Magnolie']);
    expect(names(await call('GET', '/api/condominio?searchQuery=etoi'))).toEqual(['Ètoile Palace']);
    expect(names(await call('GET', '/api/condominio?searchQuery=tig%20monz'))).toEqual([
      'Residenza dei Tigli',
    ]);
    expect(names(await call('GET', '/api/condominio?searchQuery=ma'))).toHaveLength(3);
    const none = await call('GET', '/api/condominio?searchQuery=inesistente');
    expect(none.body.data).toEqual([]);
    expect(JSON.parse(String(none.headers['x-pagination'])).totalCount).toBe(0);
  });

  it('applica i filtri avanzati: gestiti, città, provincia, stato del conto, portale', async () => {
    expect(names(await call('GET', '/api/condominio?gestiti=false'))).toHaveLength(4);
    expect(names(await call('GET', '/api/condominio?citta=monza'))).toEqual(['Residenza dei Tigli']);
    expect(names(await call('GET', '/api/condominio?provincia=mb'))).toEqual(['Residenza dei Tigli']);
    expect(names(await call('GET', '/api/condominio?statoContoPagamenti=2'))).toEqual([
      'Condominio Le Magnolie',
    ]);
    expect(names(await call('GET', '/api/condominio?portaleAttivo=true'))).toEqual([
      'Condominio Le Magnolie',
    ]);
    expect(names(await call('GET', '/api/condominio?gestiti=false&searchQuery=aurora'))).toEqual([
      'Condominio Aurora',
    ]);
  });

  it('rifiuta un filtro non valido con il messaggio italiano (113)', async () => {
    const res = await call('GET', '/api/condominio?statoContoPagamenti=9');
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe(113);
    expect(res.body.error?.message).toContain('Stato del conto pagamenti non valido');
    const prov = await call('GET', '/api/condominio?provincia=Milano');
    expect(prov.body.error?.message).toContain('Sigla di provincia non valida');
  });

  it('non mostra i condomini di un altro archivio', async () => {
    expect(names(await call('GET', '/api/condominio?gestiti=false', undefined, other))).toEqual([
      'Condominio di un altro archivio',
    ]);
  });

  it('un utente senza alcuna area vede comunque i condomini (non hanno area propria)', async () => {
    const restricted = await createTestSession(t, { deniedAreas: Object.values(Area) });
    const res = await call('GET', '/api/condominio', undefined, restricted);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });
});

describe('condominio: dettaglio, creazione, modifica, eliminazione', () => {
  const full = {
    intestazione: 'Condominio Via Verdi 12',
    indirizzo: 'Via Verdi, 12',
    cap: '20121',
    citta: 'Milano',
    provincia: 'mi',
    codiceFiscale: '97123450153',
    iban: 'IT60 X054 2811 1010 0000 0123 456',
    email: 'amministrazione@example.it',
    gestito: true,
    dataInizioGestione: '2020-01-01',
    pid: 'MC-1',
    portaleAttivo: true,
    statoContoPagamenti: 2,
  };

  it('crea un condominio con il record completo e un codice libero, poi lo legge', async () => {
    const res = await call('POST', '/api/condominio', full);
    expect(res.status).toBe(200);
    const c = res.body.data;
    expect(c).toMatchObject({
      intestazione: 'Condominio Via Verdi 12',
      provincia: 'MI',
      codiceFiscale: '97123450153',
      iban: 'IT60X0542811101000000123456',
      gestito: true,
      portaleAttivo: true,
      statoContoPagamenti: 2,
      numeroUnita: 0,
      objVersion: 1,
    });
    expect(c.codice).toBe(String(c.id).padStart(4, '0'));
    const read = await call('GET', `/api/condominio/${c.id}`);
    expect(read.body.data).toEqual(c);
    // The new one is found by the registry's search.
    const found = await call('GET', '/api/condominio?searchQuery=verdi');
    expect(found.body.data.map((x: { id: number }) => x.id)).toContain(c.id);
  });

  it('rifiuta dati non validi con il messaggio del campo (113)', async () => {
    const missing = await call('POST', '/api/condominio', { ...full, intestazione: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.code).toBe(113);
    expect(missing.body.error?.message).toContain('Manca un campo obbligatorio');
    const cap = await call('POST', '/api/condominio', { ...full, cap: '201' });
    expect(cap.body.error?.message).toContain('CAP non valido');
    const cf = await call('POST', '/api/condominio', { ...full, codiceFiscale: '123' });
    expect(cf.body.error?.message).toContain('Codice fiscale non valido');
    const state = await call('POST', '/api/condominio', { ...full, statoContoPagamenti: 7 });
    expect(state.body.error?.message).toContain('Stato del conto pagamenti non valido');
  });

  it('rifiuta un codice già usato da un altro condominio', async () => {
    const res = await call('POST', '/api/condominio', { ...full, codice: '0001' });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toContain('Il codice 0001 è già usato');
  });

  it('modifica con objVersion; una versione superata è rifiutata (409/115) senza sovrascrivere', async () => {
    const created = (await call('POST', '/api/condominio', { ...full, intestazione: 'Da modificare' })).body
      .data;
    const res = await call('PUT', `/api/condominio/${created.id}`, {
      ...full,
      intestazione: 'Modificato',
      objVersion: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ intestazione: 'Modificato', objVersion: 2 });
    const stale = await call('PUT', `/api/condominio/${created.id}`, {
      ...full,
      intestazione: 'Sovrascritto',
      objVersion: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error?.code).toBe(115);
    expect((await call('GET', `/api/condominio/${created.id}`)).body.data.intestazione).toBe('Modificato');
  });

  it('risponde 404/122 per un condominio inesistente o di un altro archivio', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', { ...full, objVersion: 1 }],
    ] as const) {
      const missing = await call(method, '/api/condominio/999', payload);
      expect(missing.status).toBe(404);
      expect(missing.body.error?.code).toBe(122);
      expect(missing.body.error?.message).toBe('Il condominio richiesto non esiste.');
    }
    const foreign = await call('GET', '/api/condominio/1', undefined, other);
    expect(foreign.body.data.intestazione).toBe('Condominio di un altro archivio');
    const created = (await call('POST', '/api/condominio', { ...full, intestazione: 'Solo mio' })).body.data;
    const refused = await call('GET', `/api/condominio/${created.id}`, undefined, other);
    expect(refused.status).toBe(404);
    const del = await call('DELETE', `/api/condominio/${created.id}?objVersion=1`, undefined, other);
    expect(del.status).toBe(404);
    expect((await call('GET', `/api/condominio/${created.id}`)).status).toBe(200);
  });

  it('elimina un condominio che nulla usa, con i suoi esercizi; rifiuta una versione superata', async () => {
    const c = (await call('POST', '/api/condominio', { ...full, intestazione: 'Da eliminare' })).body.data;
    await call('POST', `/api/condominio/${c.id}/esercizio`, {
      tipo: 0,
      descrizione: 'Ordinario',
      dataInizio: '2026-01-01',
      dataFine: '2026-12-31',
    });
    const stale = await call('DELETE', `/api/condominio/${c.id}?objVersion=5`);
    expect(stale.status).toBe(409);
    const res = await call('DELETE', `/api/condominio/${c.id}?objVersion=1`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: c.id });
    expect((await call('GET', `/api/condominio/${c.id}`)).status).toBe(404);
  });

  it('elimina con il condominio i suoi conti, non quelli di un altro condominio', async () => {
    const db = t.database.db;
    const a = session.archiveId;
    const account = async (condominioId: number, esercizioId: number, id: number) =>
      db
        .insertInto('ledger_accounts')
        .values({
          archive_id: a,
          id,
          condominio_id: condominioId,
          esercizio_id: esercizioId,
          tipo_conto: 0,
          codice: String(id),
          descrizione: 'Spese generali',
          obj_version: 1,
        })
        .execute();
    const exercise = async (condominioId: number) =>
      (
        await call('POST', `/api/condominio/${condominioId}/esercizio`, {
          tipo: 0,
          descrizione: 'Ordinario',
          dataInizio: '2026-01-01',
          dataFine: '2026-12-31',
        })
      ).body.data.id as number;
    const gone = (await call('POST', '/api/condominio', { ...full, intestazione: 'Con conti' })).body.data;
    const kept = (await call('POST', '/api/condominio', { ...full, intestazione: 'Conti da tenere' })).body
      .data;
    await account(gone.id, await exercise(gone.id), 9001);
    await account(kept.id, await exercise(kept.id), 9002);
    const res = await call('DELETE', `/api/condominio/${gone.id}?objVersion=1`);
    expect(res.status).toBe(200);
    const left = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('archive_id', '=', a)
      .where('id', 'in', [9001, 9002])
      .execute();
    expect(left.map((r) => Number(r.id))).toEqual([9002]);
  });

  it('rifiuta (115) di eliminare un condominio con documenti allegati o fascicoli; senza, lo elimina', async () => {
    const withFile = (await call('POST', '/api/condominio', { ...full, intestazione: 'Con allegato' })).body
      .data;
    const boundary = '----condominioallegato';
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/allegati',
      headers: { ...session.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="RiferimentoAllegato.ID"\r\n\r\n${withFile.id}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="RiferimentoAllegato.Tipo"\r\n\r\n${AttachmentReferenceType.Condominium}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="regolamento.pdf"\r\n\r\n` +
          '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n' +
          `\r\n--${boundary}--\r\n`,
      ),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const attachment = uploaded.json().data;
    const refused = await call('DELETE', `/api/condominio/${withFile.id}?objVersion=1`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 115,
      message: 'Il condominio non può essere eliminato perché ne dipendono: documenti allegati.',
    });
    expect((await call('GET', `/api/condominio/${withFile.id}`)).status).toBe(200);
    expect((await call('GET', `/api/allegati/${attachment.id}`)).status).toBe(200);

    const withDossier = (await call('POST', '/api/condominio', { ...full, intestazione: 'Con fascicolo' }))
      .body.data;
    const dossier = await call('POST', '/api/allegati/fascicoli', {
      riferimento: { id: withDossier.id, tipo: AttachmentReferenceType.Condominium },
      tipoOrigine: AttachmentOrigin.Meetings,
      descrizione: 'Assemblea ordinaria 2026',
    });
    expect(dossier.status, JSON.stringify(dossier.body)).toBe(200);
    const refusedDossier = await call('DELETE', `/api/condominio/${withDossier.id}?objVersion=1`);
    expect(refusedDossier.status).toBe(409);
    expect(refusedDossier.body.error?.code).toBe(115);

    // The files of another condominium do not count.
    const clean = (await call('POST', '/api/condominio', { ...full, intestazione: 'Senza allegati' })).body
      .data;
    expect((await call('DELETE', `/api/condominio/${clean.id}?objVersion=1`)).status).toBe(200);

    // Once its file is deleted, the condominium can be deleted.
    expect((await call('DELETE', `/api/allegati/${attachment.id}?objVersion=1`)).status).toBe(200);
    const done = await call('DELETE', `/api/condominio/${withFile.id}?objVersion=1`);
    expect(done.status).toBe(200);
    expect((await call('GET', `/api/condominio/${withFile.id}`)).status).toBe(404);
  });

  it('rifiuta (115) di eliminare un condominio da cui dipendono incarichi, con un messaggio chiaro', async () => {
    const c = (await call('POST', '/api/condominio', { ...full, intestazione: 'Con incarichi' })).body.data;
    const persona = (await call('POST', '/api/persona', { descr: 'Rossi Mario' })).body.data;
    const tipo = (await call('GET', '/api/tipoIncarico')).body.data[0];
    const inc = await call('POST', '/api/incarico', {
      condominioID: c.id,
      personaID: persona.id,
      tipoIncaricoID: tipo.id,
      dataInizio: '2024-01-01',
    });
    expect(inc.status).toBe(200);
    const res = await call('DELETE', `/api/condominio/${c.id}?objVersion=1`);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({
      code: 115,
      message: 'Il condominio non può essere eliminato perché ne dipendono: incarichi.',
    });
    expect((await call('GET', `/api/condominio/${c.id}`)).status).toBe(200);

    // GET /{id}/anagraficaIncarico: the people with an assignment, with their roles.
    const people = await call('GET', `/api/condominio/${c.id}/anagraficaIncarico`);
    expect(people.body.data).toEqual([
      {
        personaID: persona.id,
        descr: 'Rossi Mario',
        telefono1: null,
        email: null,
        ruoli: [
          {
            incaricoID: inc.body.data.id,
            tipoIncaricoID: tipo.id,
            tipoIncaricoDescr: tipo.testo,
            dataInizio: '2024-01-01',
            dataFine: null,
          },
        ],
      },
    ]);
    expect(
      (await call('GET', `/api/condominio/${c.id}/anagraficaIncarico?searchQuery=ross`)).body.data,
    ).toHaveLength(1);
    expect(
      (await call('GET', `/api/condominio/${c.id}/anagraficaIncarico?searchQuery=bianchi`)).body.data,
    ).toEqual([]);
    expect((await call('GET', `/api/condominio/${c.id}/anagraficaIncarico`, undefined, other)).status).toBe(
      404,
    );
  });
});
