import { InstalmentType } from '@stabile/contract';
import pg from 'pg';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { postgresSettingsOf } from '../../db/connections.ts';
import { nextId } from '../../db/ids.ts';
import { buildTestApp, type TestApp, testDialect } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { createInstalmentFixture, type InstalmentFixture } from './instalment.fixtures.ts';

let t: TestApp;
let s: TestSession;
let other: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  other = await createTestSession(t);
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
// biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields directly
type Envelope = { data: any; error: any; pagination?: any };

async function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: Json,
  options: { session?: TestSession; key?: string } = {},
) {
  const session = options.session ?? s;
  const res = await t.app.inject({
    method,
    url,
    headers: { ...session.headers, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    ...(payload ? { payload } : {}),
  });
  return {
    status: res.statusCode,
    body: (res.headers['content-type']?.toString().includes('json') ? res.json() : null) as Envelope,
    headers: res.headers,
    raw: res.rawPayload,
  };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const payment = (f: InstalmentFixture, registry: number, importo: number, extra: Json = {}) => ({
  condGenID: f.condominioId,
  esercizioID: f.esercizioId,
  anagrID: registry,
  data: '2026-03-05',
  importo,
  contoID: f.contoVersamenti,
  modalita: 'Bonifico',
  ...extra,
});

async function groups(f: InstalmentFixture, body: Json = {}, query = '') {
  const res = await call('POST', `/api/rata${query}`, { esercizioID: f.esercizioId, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

describe('instalment groups (POST /api/rata)', () => {
  let f: InstalmentFixture;
  beforeAll(async () => {
    f = await createInstalmentFixture(t, s);
  });

  it('lists the groups by registry with their totals in cents, overdue amounts and roles', async () => {
    const res = await groups(f, { tipo: 1 });
    expect(res.body.data.map((g: Json) => g.description)).toEqual([
      'Bianchi Laura',
      'Rossi Mario',
      'Verdi Giuseppe',
    ]);
    const rossi = res.body.data[1];
    expect(rossi).toMatchObject({
      id: f.registries[0],
      type: 1,
      dovuto: 120000,
      versato: 0,
      saldo: 120000,
      importoScaduto: 90000,
      scaduta: true,
      tipoRata: 0,
      subList: [{ id: f.units[0], name: 'Appartamento int. 1', roles: ['Proprietario'] }],
    });
    expect(JSON.parse(String(res.headers['x-pagination']))).toMatchObject({ totalCount: 3, currentPage: 1 });
  });

  it('lists the groups by unit, with the people and roles of each unit', async () => {
    const res = await groups(f, { tipo: 2 });
    expect(res.body.data.map((g: Json) => g.description)).toEqual([
      'Appartamento int. 1',
      'Appartamento int. 2',
      'Appartamento int. 3',
    ]);
    expect(res.body.data[1].subList).toEqual([
      { id: f.registries[1], name: 'Bianchi Laura', roles: ['Proprietario'] },
    ]);
  });

  it('searches from 3 characters (a word of the name), by registry and by unit', async () => {
    expect((await groups(f, { searchText: 'ros' })).body.data.map((g: Json) => g.description)).toEqual([
      'Rossi Mario',
    ]);
    expect((await groups(f, { searchText: 'lau' })).body.data.map((g: Json) => g.description)).toEqual([
      'Bianchi Laura',
    ]);
    expect((await groups(f, { searchText: 'ro' })).body.data).toHaveLength(3);
    expect(
      (await groups(f, { tipo: 2, searchText: 'verdi' })).body.data.map((g: Json) => g.description),
    ).toEqual(['Appartamento int. 3']);
  });

  it('pages the groups and filters by instalment type and by overdue amount', async () => {
    const page = await groups(f, {}, '?pageNumber=2&pageSize=2');
    expect(page.body.data.map((g: Json) => g.description)).toEqual(['Verdi Giuseppe']);
    expect(page.body.pagination).toMatchObject({ totalCount: 3, totalPages: 2, currentPage: 2 });
    expect((await groups(f, { gruppedTypeFilter: 1 })).body.data).toEqual([]);
    // Verdi pays everything overdue: he leaves the only-expired list.
    const paid = await call('POST', '/api/registerVersamento', payment(f, f.registries[2] as number, 90000));
    expect(paid.status).toBe(200);
    const expired = await groups(f, { expiredImportFilter: true });
    expect(expired.body.data.map((g: Json) => g.description)).toEqual(['Bianchi Laura', 'Rossi Mario']);
    const owing = await groups(f, { advanced: { soloDaVersare: true } });
    expect(owing.body.data).toHaveLength(3);
  });

  it('sums each group by type: credits count negative, only debts are overdue, the commonest type', async () => {
    const mixed = await createInstalmentFixture(t, s, {
      people: ['Neri Anna'],
      instalments: [
        ['2026-01-31', 30000, InstalmentType.Preventive],
        ['2026-02-28', 20000, InstalmentType.Extraordinary],
        ['2026-03-31', 20000, InstalmentType.Extraordinary],
        ['2026-04-30', 5000, InstalmentType.Refund],
        ['2099-10-31', 30000, InstalmentType.Preventive],
      ],
    });
    const [group] = (await groups(mixed)).body.data;
    expect(group).toMatchObject({
      dovuto: 30000 + 20000 + 20000 - 5000 + 30000,
      versato: 0,
      saldo: 95000,
      importoScaduto: 70000,
      scaduta: true,
      tipoRata: InstalmentType.Preventive,
    });
    // Two of each debt type: the one due first; filtered by a type, that type.
    const tie = await createInstalmentFixture(t, s, {
      people: ['Gialli Ugo'],
      instalments: [
        ['2026-02-28', 20000, InstalmentType.Extraordinary],
        ['2026-03-31', 30000, InstalmentType.Preventive],
        ['2026-04-30', 20000, InstalmentType.Extraordinary],
        ['2026-05-31', 30000, InstalmentType.Preventive],
      ],
    });
    expect((await groups(tie)).body.data[0].tipoRata).toBe(InstalmentType.Extraordinary);
    const preventive = (await groups(tie, { gruppedTypeFilter: InstalmentType.Preventive })).body.data[0];
    expect(preventive).toMatchObject({ dovuto: 60000, tipoRata: InstalmentType.Preventive });
  });

  it('refuses bad input with Italian messages, another archive and an unknown exercise with 404', async () => {
    const bad = await call('POST', '/api/rata', { esercizioID: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe(113);
    expect(bad.body.error.message).toBe('Esercizio non valido (esercizioID)');
    const badType = await call('POST', '/api/rata', { esercizioID: f.esercizioId, tipo: 7 });
    expect(badType.body.error.message).toBe('Raggruppamento non valido (tipo)');
    const elsewhere = await call('POST', '/api/rata', { esercizioID: f.esercizioId }, { session: other });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error.code).toBe(122);
  });
});

describe('exercises of a condominium (GET /api/rata/esercizi)', () => {
  it('lists open exercises first, and 404 for another archive', async () => {
    const f = await createInstalmentFixture(t, s, { people: ['Rossi Mario'] });
    const res = await call('GET', `/api/rata/esercizi?CondominioID=${f.condominioId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: Json) => [e.descrizione, e.chiuso])).toEqual([
      ['Ordinario 2026', false],
      ['Ordinario 2025', true],
    ]);
    const elsewhere = await call('GET', `/api/rata/esercizi?CondominioID=${f.condominioId}`, undefined, {
      session: other,
    });
    expect(elsewhere.status).toBe(404);
    expect((await call('GET', '/api/rata/esercizi?CondominioID=0')).body.error.message).toBe(
      'Condominio non valido (CondominioID)',
    );
  });
});

describe('detail, units and amounts per unit', () => {
  let f: InstalmentFixture;
  beforeAll(async () => {
    f = await createInstalmentFixture(t, s);
  });

  it('gives the instalments of a registry with due dates, amounts and who paid them', async () => {
    await call('POST', '/api/registerVersamento', payment(f, f.registries[0] as number, 45000));
    const res = await call('POST', '/api/rata/dettaglio', {
      condGenID: f.condominioId,
      esercizioID: f.esercizioId,
      anagrID: f.registries[0],
    });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.condominio.id).toBe(f.condominioId);
    expect(d.esercizio).toMatchObject({ id: f.esercizioId, descrizione: 'Ordinario 2026', chiuso: false });
    expect(d.description).toBe('Rossi Mario');
    expect(d).toMatchObject({
      dovuto: 120000,
      versato: 45000,
      saldo: 75000,
      importoScaduto: 45000,
      eccedenza: 0,
    });
    expect(d.rate.map((r: Json) => [r.dataScadenza, r.importo, r.versato, r.saldo])).toEqual([
      ['2026-01-31', 30000, 30000, 0],
      ['2026-04-30', 30000, 15000, 15000],
      ['2026-07-31', 30000, 0, 30000],
      ['2099-10-31', 30000, 0, 30000],
    ]);
    expect(d.rate[1].versamenti).toEqual([
      { versamentoID: d.versamenti[0].id, data: '2026-03-05', numeroRicevuta: 1, importo: 15000 },
    ]);
  });

  it("lists an instalment's payments by payment date, the same seen by registry or by unit", async () => {
    const g = await createInstalmentFixture(t, s);
    const r = g.registries[2] as number;
    // The second payment is dated before the first: it comes first under the instalment both paid.
    const first = await call('POST', '/api/registerVersamento', payment(g, r, 35000, { data: '2026-03-10' }));
    const second = await call(
      'POST',
      '/api/registerVersamento',
      payment(g, r, 10000, { data: '2026-02-01' }),
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    const byRegistry = await call('POST', '/api/rata/dettaglio', {
      condGenID: g.condominioId,
      esercizioID: g.esercizioId,
      anagrID: r,
    });
    expect(byRegistry.status).toBe(200);
    const rate = byRegistry.body.data.rate;
    expect(rate[0].versamenti).toEqual([
      { versamentoID: first.body.data.versamentoID, data: '2026-03-10', numeroRicevuta: 1, importo: 30000 },
    ]);
    expect(rate[1].versamenti).toEqual([
      { versamentoID: second.body.data.versamentoID, data: '2026-02-01', numeroRicevuta: 2, importo: 10000 },
      { versamentoID: first.body.data.versamentoID, data: '2026-03-10', numeroRicevuta: 1, importo: 5000 },
    ]);
    expect(second.body.data.dettaglio.rate).toEqual(rate);
    // By unit: the payments, made for the registry, are not the unit's, their allocations still are.
    const byUnit = await call('POST', '/api/rata/dettaglio', {
      condGenID: g.condominioId,
      esercizioID: g.esercizioId,
      listaUnitaID: [g.units[2]],
    });
    expect(byUnit.status).toBe(200);
    expect(byUnit.body.data.versamenti).toEqual([]);
    expect(byUnit.body.data.rate.map((x: Json) => x.versamenti)).toEqual(rate.map((x: Json) => x.versamenti));
  });

  it('gives the detail of a unit, and 404 for another archive or a missing registry', async () => {
    const byUnit = await call('POST', '/api/rata/dettaglio', {
      condGenID: f.condominioId,
      esercizioID: f.esercizioId,
      listaUnitaID: [f.units[1]],
    });
    expect(byUnit.status).toBe(200);
    expect(byUnit.body.data.subList).toEqual([
      { id: f.registries[1], name: 'Bianchi Laura', roles: ['Proprietario'] },
    ]);
    const missing = await call('POST', '/api/rata/dettaglio', {
      condGenID: f.condominioId,
      esercizioID: f.esercizioId,
      anagrID: 999999,
    });
    expect(missing.status).toBe(404);
    const elsewhere = await call(
      'POST',
      '/api/rata/dettaglio',
      { condGenID: f.condominioId, esercizioID: f.esercizioId, anagrID: f.registries[0] },
      { session: other },
    );
    expect(elsewhere.status).toBe(404);
    const neither = await call('POST', '/api/rata/dettaglio', {
      condGenID: f.condominioId,
      esercizioID: f.esercizioId,
    });
    expect(neither.status).toBe(400);
    expect(neither.body.error.message).toBe("Indicare un'anagrafica o un'unità (anagrID)");
  });

  it('lists units and registries with roles (search from 3 characters) and the amounts per unit', async () => {
    const all = await call('GET', `/api/unitaAnagrafica?EsercizioID=${f.esercizioId}`);
    expect(all.status).toBe(200);
    expect(all.body.data.anagrafiche.map((x: Json) => x.descr)).toEqual([
      'Bianchi Laura',
      'Rossi Mario',
      'Verdi Giuseppe',
    ]);
    expect(all.body.data.ruoli).toHaveLength(3);
    const found = await call('GET', `/api/unitaAnagrafica?EsercizioID=${f.esercizioId}&searchQuery=bia`);
    expect(found.body.data.unita).toEqual([{ id: f.units[1], descrizione: 'Appartamento int. 2' }]);
    expect((await call('GET', '/api/unitaAnagrafica?EsercizioID=x')).body.error.message).toBe(
      'Esercizio non valido (EsercizioID)',
    );
    expect(
      (await call('GET', `/api/unitaAnagrafica?EsercizioID=${f.esercizioId}`, undefined, { session: other }))
        .status,
    ).toBe(404);

    const amounts = await call('POST', '/api/importiUnita', { esercizioID: f.esercizioId });
    expect(amounts.status).toBe(200);
    expect(amounts.body.data[0]).toEqual({
      unitaID: f.units[0],
      descrizione: 'Appartamento int. 1',
      dovuto: 120000,
      versato: 45000,
      saldo: 75000,
      importoScaduto: 45000,
    });
    expect(
      (await call('POST', '/api/importiUnita', { esercizioID: f.esercizioId }, { session: other })).status,
    ).toBe(404);
  });
});

describe('payments, refunds and surplus', () => {
  let f: InstalmentFixture;
  beforeAll(async () => {
    f = await createInstalmentFixture(t, s);
  });

  it('records a payment once per Idempotency-Key, and refuses the key with another request', async () => {
    const body = payment(f, f.registries[0] as number, 10000);
    const first = await call('POST', '/api/registerVersamento', body, { key: 'pagamento-0001' });
    expect(first.status).toBe(200);
    const again = await call('POST', '/api/registerVersamento', body, { key: 'pagamento-0001' });
    expect(again.status).toBe(200);
    expect(again.body.data.versamentoID).toBe(first.body.data.versamentoID);
    expect(again.body.data.dettaglio.versato).toBe(10000);
    const detail = await call('POST', '/api/rata/dettaglio', {
      condGenID: f.condominioId,
      esercizioID: f.esercizioId,
      anagrID: f.registries[0],
    });
    expect(detail.body.data.versamenti).toHaveLength(1);
    expect(detail.body.data.versato).toBe(10000);
    const otherBody = await call(
      'POST',
      '/api/registerVersamento',
      { ...body, importo: 20000 },
      { key: 'pagamento-0001' },
    );
    expect(otherBody.status).toBe(409);
    expect(otherBody.body.error.code).toBe(115);
    const badKey = await call('POST', '/api/registerVersamento', body, { key: 'x' });
    expect(badKey.status).toBe(400);
  });

  it('numbers receipts after those of payments written without the counter (a generated archive)', async () => {
    const g = await createInstalmentFixture(t, s, { people: ['Ocra Dario'] });
    const r = g.registries[0] as number;
    const db = t.database.db;
    for (const numero of [1, 2, 3]) {
      await db
        .insertInto('payments')
        .values({
          archive_id: s.archiveId,
          id: await nextId(db, s.archiveId, 'payments'),
          condominio_id: g.condominioId,
          esercizio_id: g.esercizioId,
          anagrafica_id: r,
          unita_id: null,
          risorsa_id: null,
          conto_id: g.contoVersamenti,
          data: '2026-02-01',
          importo_cents: 100,
          descrizione: null,
          modalita: null,
          numero_ricevuta: numero,
          distribuzione: 0,
          created_at: new Date().toISOString(),
          obj_version: 1,
        })
        .execute();
    }
    const receipts = [];
    for (const importo of [1000, 2000]) {
      const paid = await call('POST', '/api/registerVersamento', payment(g, r, importo));
      receipts.push(
        paid.body.data.dettaglio.versamenti.find((v: Json) => v.id === paid.body.data.versamentoID)
          .numeroRicevuta,
      );
    }
    expect(receipts).toEqual([4, 5]);
  });

  it('keeps what no instalment needs as surplus, refunds part of it and never more', async () => {
    const r = f.registries[1] as number;
    const paid = await call('POST', '/api/registerVersamento', payment(f, r, 130000));
    expect(paid.status).toBe(200);
    expect(paid.body.data.eccedenza).toBe(10000);
    expect(paid.body.data.dettaglio).toMatchObject({
      dovuto: 120000,
      versato: 120000,
      saldo: 0,
      eccedenza: 10000,
    });
    // Four instalments filled at once: each one its part, its payment, and its change in its history.
    const versamentoID = paid.body.data.versamentoID;
    const rate = paid.body.data.dettaglio.rate as Json[];
    expect(paid.body.data.allocazioni).toEqual(rate.map((x) => ({ rataID: x.id, importo: 30000 })));
    for (const rata of rate) {
      expect(rata).toMatchObject({ versato: 30000, saldo: 0, scaduta: false });
      expect(rata.versamenti).toEqual([expect.objectContaining({ versamentoID, importo: 30000 })]);
    }
    const history = await t.database.db
      .selectFrom('record_history')
      .select(['record_id', 'changes'])
      .where('archive_id', '=', s.archiveId)
      .where('kind', '=', 'rata')
      .where(
        'record_id',
        'in',
        rate.map((x) => x.id as number),
      )
      .execute();
    expect(history.map((h) => [Number(h.record_id), JSON.parse(h.changes)]).sort()).toEqual(
      rate.map((x) => [x.id, [{ field: 'versato_cents', before: 0, after: 30000 }]]).sort(),
    );
    const tooMuch = await call('POST', '/api/registerRimborso', payment(f, r, 10001));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.code).toBe(115);
    expect(tooMuch.body.error.message).toBe(
      "Il rimborso (100,01 €) supera l'eccedenza disponibile (100,00 €).",
    );
    const refund = await call('POST', '/api/registerRimborso', payment(f, r, 4000), { key: 'rimborso-0001' });
    expect(refund.status).toBe(200);
    expect(refund.body.data.eccedenza).toBe(6000);
    expect(refund.body.data.dettaglio.rimborsi).toHaveLength(1);
    const movements = await call('GET', `/api/movimenti?ID=${r}&TipoRiferimento=0`);
    expect(movements.body.data.map((m: Json) => m.importo).sort()).toEqual([-4000, 130000].sort());
  });

  it('uses a surplus to pay open instalments, within the surplus and what is owed', async () => {
    const r = f.registries[2] as number;
    await call('POST', '/api/registerVersamento', payment(f, r, 30000, { listaUnitaID: [f.units[2]] }));
    // Cover everything, then a later debt appears: simulate with a 20,000 surplus from an overpayment.
    const over = await call('POST', '/api/registerVersamento', payment(f, r, 110000));
    expect(over.body.data.eccedenza).toBe(20000);
    const tooMuch = await call('POST', '/api/surplusVersamento', payment(f, r, 20001));
    expect(tooMuch.status).toBe(409);
    // Nothing is owed any more: the surplus cannot pay anything.
    const nothingOwed = await call('POST', '/api/surplusVersamento', payment(f, r, 100));
    expect(nothingOwed.status).toBe(409);
    expect(nothingOwed.body.error.message).toBe(
      "L'importo (1,00 €) supera quanto resta da versare (0,00 €).",
    );
  });

  it('pays with a surplus and records two movements of opposite sign', async () => {
    const g = await createInstalmentFixture(t, s, { people: ['Neri Anna'] });
    const r = g.registries[0] as number;
    // Pay the first two instalments and 50 € more; then the surplus pays part of the third.
    const paid = await call('POST', '/api/registerVersamento', payment(g, r, 65000, { distribuzione: 1 }));
    expect(paid.body.data.allocazioni).toEqual([
      { rataID: expect.any(Number), importo: 30000 },
      { rataID: expect.any(Number), importo: 30000 },
      { rataID: expect.any(Number), importo: 5000 },
    ]);
    expect(paid.body.data.eccedenza).toBe(0);
    const refundNone = await call('POST', '/api/registerRimborso', payment(g, r, 1));
    expect(refundNone.status).toBe(409);
    const over = await call('POST', '/api/registerVersamento', payment(g, r, 60000));
    expect(over.body.data.eccedenza).toBe(5000);
    expect(over.body.data.dettaglio.saldo).toBe(0);
    const gone = await call('POST', '/api/surplusVersamento', payment(g, r, 1000));
    expect(gone.status).toBe(409);
    const movements = await call('GET', `/api/movimenti?ID=${r}&TipoRiferimento=0`);
    expect(movements.body.data.reduce((sum: number, m: Json) => sum + (m.importo as number), 0)).toBe(125000);
  });

  it('refuses a closed exercise, a personal account, unknown ids and bad amounts', async () => {
    const r = f.registries[0] as number;
    const closedRegistry = await t.database.db
      .selectFrom('registries')
      .select('id')
      .where('archive_id', '=', s.archiveId)
      .where('esercizio_id', '=', f.closedEsercizioId)
      .executeTakeFirstOrThrow();
    const closed = await call(
      'POST',
      '/api/registerVersamento',
      payment(f, Number(closedRegistry.id), 1000, { esercizioID: f.closedEsercizioId }),
    );
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe(
      'L\'esercizio "Ordinario 2025" è chiuso: non si possono registrare versamenti.',
    );
    const personal = await call(
      'POST',
      '/api/registerVersamento',
      payment(f, r, 1000, { contoID: f.contoPersonale }),
    );
    expect(personal.status).toBe(409);
    expect(personal.body.error.message).toBe('Il conto "Spese generali" non è un conto versamenti.');
    expect((await call('POST', '/api/registerVersamento', payment(f, 999999, 1000))).status).toBe(404);
    expect(
      (await call('POST', '/api/registerVersamento', payment(f, r, 1000, { contoID: 999999 }))).status,
    ).toBe(404);
    expect(
      (await call('POST', '/api/registerVersamento', payment(f, r, 1000), { session: other })).status,
    ).toBe(404);
    const negative = await call('POST', '/api/registerVersamento', payment(f, r, -5));
    expect(negative.status).toBe(400);
    expect(negative.body.error.message).toBe("L'importo deve essere maggiore di zero (importo)");
    const fraction = await call('POST', '/api/registerVersamento', payment(f, r, 12.5));
    expect(fraction.body.error.message).toBe("L'importo deve essere espresso in centesimi interi (importo)");
    const noDate = await call('POST', '/api/registerVersamento', payment(f, r, 100, { data: undefined }));
    expect(noDate.body.error.message).toBe('Manca un campo obbligatorio (data)');
    const wrongUnit = await call(
      'POST',
      '/api/registerVersamento',
      payment(f, r, 100, { listaUnitaID: [f.units[1]] }),
    );
    expect(wrongUnit.status).toBe(404);
  });

  it('gives the movements of an instalment, a unit and a person, and 404 for unknown ones', async () => {
    const g = await createInstalmentFixture(t, s, { people: ['Gialli Paolo'] });
    const r = g.registries[0] as number;
    const paid = await call(
      'POST',
      '/api/registerVersamento',
      payment(g, r, 40000, { listaUnitaID: [g.units[0]] }),
    );
    const [firstRata, secondRata] = paid.body.data.dettaglio.rate;
    const ofInstalment = await call('GET', `/api/movimenti?ID=${secondRata.id}&TipoRiferimento=3`);
    expect(ofInstalment.body.data).toEqual([
      expect.objectContaining({
        importo: 40000,
        data: '2026-03-05',
        versamentoID: paid.body.data.versamentoID,
      }),
    ]);
    expect((await call('GET', `/api/movimenti?ID=${firstRata.id}&TipoRiferimento=3`)).body.data).toHaveLength(
      1,
    );
    expect((await call('GET', `/api/movimenti?ID=${g.units[0]}&TipoRiferimento=4`)).body.data).toHaveLength(
      1,
    );
    expect((await call('GET', `/api/movimenti?ID=${g.persons[0]}&TipoRiferimento=1`)).body.data).toHaveLength(
      1,
    );
    expect((await call('GET', '/api/movimenti?ID=999999&TipoRiferimento=3')).status).toBe(404);
    expect(
      (await call('GET', `/api/movimenti?ID=${r}&TipoRiferimento=0`, undefined, { session: other })).status,
    ).toBe(404);
    const bad = await call('GET', `/api/movimenti?ID=${r}&TipoRiferimento=9`);
    expect(bad.body.error.message).toBe('Tipo di riferimento non valido (TipoRiferimento)');
  });

  it('two payments at once on one group leave the same totals as in sequence', async () => {
    const g = await createInstalmentFixture(t, s, { people: ['Blu Carla'] });
    const r = g.registries[0] as number;
    const results = await Promise.all([
      call('POST', '/api/registerVersamento', payment(g, r, 25000)),
      call('POST', '/api/registerVersamento', payment(g, r, 50000)),
      call('POST', '/api/registerVersamento', payment(g, r, 60000)),
    ]);
    expect(results.map((x) => x.status)).toEqual([200, 200, 200]);
    const d = (
      await call('POST', '/api/rata/dettaglio', {
        condGenID: g.condominioId,
        esercizioID: g.esercizioId,
        anagrID: r,
      })
    ).body.data;
    expect(d).toMatchObject({ dovuto: 120000, versato: 120000, saldo: 0, eccedenza: 15000 });
    expect(d.rate.every((x: Json) => x.versato === x.importo)).toBe(true);
    const receipts = d.versamenti.map((v: Json) => v.numeroRicevuta).sort();
    expect(new Set(receipts).size).toBe(3);
  });
});

describe.runIf(testDialect === 'postgres')('payments of two condominiums at once (PostgreSQL)', () => {
  it("a payment still in its transaction does not hold back another condominium's", async () => {
    const a = await createInstalmentFixture(t, s, { people: ['Grigi Anna'] });
    const b = await createInstalmentFixture(t, s, { people: ['Neri Bruno'] });
    const registryA = a.registries[0] as number;
    // Another connection holds A's instalments: A's payment stops at their update, inside its
    // transaction, after taking its ids (a slow payment, as under load).
    const holder = new pg.Client(postgresSettingsOf(t.database.db));
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(
        'select id from instalments where archive_id = $1 and anagrafica_id = $2 for update',
        [s.archiveId, registryA],
      );
      const first = call('POST', '/api/registerVersamento', payment(a, registryA, 100));
      const waits = async () =>
        Number(
          (
            await holder.query(
              "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          ).rows[0].n,
        );
      await vi.waitFor(async () => expect(await waits()).toBeGreaterThan(0), { timeout: 10_000 });

      // B's payment goes through meanwhile (it waited for A's commit when both took the archive's
      // counters inside their transactions).
      const second = await Promise.race([
        call('POST', '/api/registerVersamento', payment(b, b.registries[0] as number, 100)),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5_000)),
      ]);
      expect(second === 'still waiting' ? second : second.status).toBe(200);
      await holder.query('commit');
      const done = await first;
      expect(done.status).toBe(200);
      expect(done.body.data.versamentoID).not.toBe(
        second === 'still waiting' ? null : second.body.data.versamentoID,
      );
      expect(done.body.data.dettaglio.versato).toBe(100);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
  });
});

describe('overdue instalments for the home (GET /api/rata/scadute)', () => {
  it('lists the oldest unpaid instalments past due, not the paid ones nor another archive', async () => {
    const lonely = await createTestSession(t);
    const f = await createInstalmentFixture(t, lonely, { people: ['Russo Anna'] });
    const before = await call('GET', '/api/rata/scadute', undefined, { session: lonely });
    expect(before.status).toBe(200);
    // The closed exercise's unpaid instalments are still owed, and older.
    expect(before.body.data.map((r: Json) => [r.dataScadenza, r.saldo])).toEqual([
      ['2025-01-31', 30000],
      ['2025-04-30', 30000],
      ['2025-07-31', 30000],
      ['2025-10-31', 30000],
      ['2026-01-31', 30000],
      ['2026-04-30', 30000],
      ['2026-07-31', 30000],
    ]);
    expect(before.body.data[0]).toMatchObject({
      anagraficaDescr: 'Russo Anna',
      condominioID: f.condominioId,
    });
    await call('POST', '/api/registerVersamento', payment(f, f.registries[0] as number, 40000), {
      session: lonely,
    });
    const after = await call('GET', '/api/rata/scadute', undefined, { session: lonely });
    expect(after.body.data.map((r: Json) => [r.dataScadenza, r.saldo]).slice(4)).toEqual([
      ['2026-04-30', 20000],
      ['2026-07-31', 30000],
    ]);
    const empty = await createTestSession(t);
    expect((await call('GET', '/api/rata/scadute', undefined, { session: empty })).body.data).toEqual([]);
  });
});

describe('PDFs and print settings', () => {
  let f: InstalmentFixture;
  beforeAll(async () => {
    f = await createInstalmentFixture(t, s);
  });

  it('saves the print settings, refusing a logo that is not an image', async () => {
    const empty = await call('GET', '/api/stampa/impostazioni');
    expect(empty.body.data.intestazione).toBeNull();
    const saved = await call('POST', '/api/stampa/impostazioni', {
      intestazione: 'Studio Amministrazioni Rossi',
      indirizzo: 'Corso Venezia 2, 20122 Milano',
      codiceFiscale: 'rssmra70e12f205x',
      rigaFirma: "Rag. Mario Rossi, l'amministratore",
      piePagina: 'Iscritto ANACI n. 1234',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.codiceFiscale).toBe('RSSMRA70E12F205X');
    expect((await call('GET', '/api/stampa/impostazioni')).body.data.intestazione).toBe(
      'Studio Amministrazioni Rossi',
    );
    const bad = await call('POST', '/api/stampa/impostazioni', { logo: 'data:text/html;base64,AAAA' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Il logo deve essere un\u2019immagine PNG o JPEG (logo)');
    expect(
      (await call('GET', '/api/stampa/impostazioni', undefined, { session: other })).body.data.intestazione,
    ).toBeNull();
  });

  it('prints a receipt with payer, amount, date, instalments paid and the studio header', async () => {
    const paid = await call('POST', '/api/registerVersamento', payment(f, f.registries[0] as number, 123456));
    const res = await call('POST', '/api/printReceipt', { versamentoID: paid.body.data.versamentoID });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.raw);
    expect(text).toContain('Studio Amministrazioni Rossi');
    expect(text).toContain('Ricevuta di versamento n. 1 del 05/03/2026');
    expect(text).toContain('Ricevuto da: Rossi Mario');
    expect(text).toContain('Importo: 1.234,56 €');
    expect(text).toContain('31/01/2026');
    expect(text).toContain('Eccedenza a credito: 34,56 €');
    expect(text).toContain("Rag. Mario Rossi, l'amministratore");
    expect(text).toContain('Iscritto ANACI n. 1234');
    expect((await call('POST', '/api/printReceipt', { versamentoID: 999999 })).status).toBe(404);
    const elsewhere = await call(
      'POST',
      '/api/printReceipt',
      { versamentoID: paid.body.data.versamentoID },
      { session: other },
    );
    expect(elsewhere.status).toBe(404);
  });

  it('prints the statement of a registry over two exercises', async () => {
    await call('POST', '/api/registerVersamento', payment(f, f.registries[1] as number, 45000));
    const res = await call('POST', '/api/printSituazioneRate', {
      condGenID: f.condominioId,
      eserciziID: [f.closedEsercizioId, f.esercizioId],
      anagrID: f.registries[1],
    });
    expect(res.status).toBe(200);
    const text = await pdfText(res.raw);
    expect(text).toContain('Situazione rate');
    expect(text).toContain('Intestatario: Bianchi Laura');
    expect(text).toContain('Esercizio Ordinario 2025');
    expect(text).toContain('Esercizio Ordinario 2026');
    expect(text).toContain('30/04/2026');
    expect(text).toContain('450,00 €');
    expect(text).toContain('Totale: dovuto 2.400,00 €, versato 450,00 €, saldo 1.950,00 €');
    const none = await call('POST', '/api/printSituazioneRate', {
      condGenID: f.condominioId,
      eserciziID: [],
    });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('Indicare almeno un esercizio (eserciziID)');
    const elsewhere = await call(
      'POST',
      '/api/printSituazioneRate',
      { condGenID: f.condominioId, eserciziID: [f.esercizioId], anagrID: f.registries[1] },
      { session: other },
    );
    expect(elsewhere.status).toBe(404);
  });
});
