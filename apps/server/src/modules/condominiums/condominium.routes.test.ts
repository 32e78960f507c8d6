import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchDocument } from '../../db/dialect.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';

async function addCondominium(
  t: TestApp,
  archiveId: number,
  id: number,
  intestazione: string,
  extra: { gestito?: number; citta?: string } = {},
) {
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
      citta: extra.citta ?? 'Milano',
      provincia: 'MI',
      codice_fiscale: null,
      iban: null,
      bic: null,
      banca: null,
      email: null,
      pec: null,
      note: null,
      gestito: extra.gestito ?? 1,
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

describe('GET /api/condominio/lista', () => {
  let t: TestApp;
  let session: TestSession;
  let other: TestSession;

  beforeAll(async () => {
    t = await buildTestApp();
    session = await createTestSession(t);
    other = await createTestSession(t);
    await addCondominium(t, session.archiveId, 1, 'Residenza dei Tigli', { citta: 'Monza' });
    await addCondominium(t, session.archiveId, 2, 'Condominio Le Magnolie');
    await addCondominium(t, session.archiveId, 3, 'Ètoile Palace');
    await addCondominium(t, session.archiveId, 4, 'Condominio Aurora', { gestito: 0 });
    await addCondominium(t, other.archiveId, 1, 'Condominio di un altro archivio');
  });
  afterAll(async () => {
    await t.close();
  });

  it("elenca i condomini gestiti dell'archivio in ordine di intestazione, accenti ignorati", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/condominio/lista', headers: session.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.error).toBeNull();
    expect(body.data).toEqual([
      { id: 2, intestazione: 'Condominio Le Magnolie', indirizzo: 'Via Roma, 2', citta: 'Milano' },
      { id: 3, intestazione: 'Ètoile Palace', indirizzo: 'Via Roma, 3', citta: 'Milano' },
      { id: 1, intestazione: 'Residenza dei Tigli', indirizzo: 'Via Roma, 1', citta: 'Monza' },
    ]);
  });

  it('con gestiti=false include anche i condomini non più gestiti', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/condominio/lista?gestiti=false',
      headers: session.headers,
    });
    expect(res.json().data.map((c: { intestazione: string }) => c.intestazione)).toEqual([
      'Condominio Aurora',
      'Condominio Le Magnolie',
      'Ètoile Palace',
      'Residenza dei Tigli',
    ]);
  });

  it('un archivio vuoto risponde con un elenco vuoto, e non vede quelli degli altri archivi', async () => {
    const empty = await createTestSession(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/condominio/lista', headers: empty.headers });
    expect(res.json()).toEqual({ data: [], error: null });
    const res2 = await t.app.inject({ method: 'GET', url: '/api/condominio/lista', headers: other.headers });
    expect(res2.json().data).toHaveLength(1);
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
