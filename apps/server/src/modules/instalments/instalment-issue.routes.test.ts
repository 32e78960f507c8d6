import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { createInstalmentFixture, type InstalmentFixture } from './instalment.fixtures.ts';

let t: TestApp;
let s: TestSession;
let other: TestSession;
let f: InstalmentFixture;

beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
  other = await createTestSession(t);
  f = await createInstalmentFixture(t, s);
});
afterAll(async () => {
  await t.close();
});

type Json = Record<string, unknown>;

async function issue(payload: Json, options: { session?: TestSession; key?: string } = {}) {
  const session = options.session ?? s;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/rata/nuova',
    headers: { ...session.headers, ...(options.key ? { 'idempotency-key': options.key } : {}) },
    payload,
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields directly
  return { status: res.statusCode, body: res.json() as { data: any; error: any } };
}

const base = (extra: Json = {}): Json => ({
  condGenID: f.condominioId,
  esercizioID: f.esercizioId,
  tipoRata: 1,
  descrizione: 'Rifacimento facciata - 1ª rata',
  dataScadenza: '2026-09-30',
  importo: 100_000,
  ripartizione: 1,
  ...extra,
});

function issued(descrizione: string) {
  return t.database.db
    .selectFrom('instalments')
    .select(['anagrafica_id', 'unita_id', 'importo_cents', 'tipo', 'data_scadenza', 'numero'])
    .where('archive_id', '=', s.archiveId)
    .where('descrizione', '=', descrizione)
    .orderBy('unita_id')
    .execute();
}

describe('a new instalment (POST /api/rata/nuova)', () => {
  it('shares the amount over every unit by thousandths, to the cent, and shows in the groups', async () => {
    const res = await issue(base({ importo: 100_001 }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ rate: 3, importo: 100_001, unitaEscluse: 0 });
    const rows = await issued('Rifacimento facciata - 1ª rata');
    expect(rows.map((r) => Number(r.importo_cents))).toEqual([33_334, 33_334, 33_333]);
    expect(rows.map((r) => Number(r.unita_id))).toEqual(f.units);
    expect(new Set(rows.map((r) => Number(r.numero))).size).toBe(1);
    expect(rows.every((r) => Number(r.tipo) === 1 && r.data_scadenza === '2026-09-30')).toBe(true);

    const detail = await t.app.inject({
      method: 'POST',
      url: '/api/rata/dettaglio',
      headers: s.headers,
      payload: { condGenID: f.condominioId, esercizioID: f.esercizioId, anagrID: f.registries[0] },
    });
    expect(detail.body).toContain('Rifacimento facciata - 1ª rata');
  });

  it('puts the whole amount on one registry, on one of its units', async () => {
    const res = await issue(
      base({
        descrizione: 'Rimborso spese legali',
        tipoRata: 0,
        ripartizione: 2,
        anagrID: f.registries[1],
        unitaID: f.units[1],
        importo: 12_345,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ rate: 1, importo: 12_345, unitaEscluse: 0 });
    const rows = await issued('Rimborso spese legali');
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.anagrafica_id)).toBe(f.registries[1]);
    expect(Number(rows[0]?.unita_id)).toBe(f.units[1]);
  });

  it('writes once per Idempotency-Key and repeats the first answer', async () => {
    const body = base({ descrizione: 'Acconto riscaldamento', importo: 3000 });
    const first = await issue(body, { key: 'nuova-rata-0001' });
    const second = await issue(body, { key: 'nuova-rata-0001' });
    expect(first.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(await issued('Acconto riscaldamento')).toHaveLength(3);
  });

  it('refuses bad input in Italian, a closed exercise, a unit of someone else and another archive', async () => {
    const noText = await issue(base({ descrizione: '' }));
    expect(noText.status).toBe(400);
    expect(noText.body.error.code).toBe(113);
    expect(noText.body.error.message).toContain('descrizione');
    const zero = await issue(base({ importo: 0 }));
    expect(zero.body.error.message).toBe("L'importo deve essere maggiore di zero (importo)");
    const refund = await issue(base({ tipoRata: 2 }));
    expect(refund.body.error.message).toBe('Tipo di rata non valido (tipoRata)');
    const noRegistry = await issue(base({ ripartizione: 2 }));
    expect(noRegistry.status).toBe(400);
    expect(noRegistry.body.error.message).toBe("Scegliere l'anagrafica che deve la rata (anagrID)");
    const badDate = await issue(base({ dataScadenza: '31/02/2026' }));
    expect(badDate.status).toBe(400);

    const closed = await issue(base({ esercizioID: f.closedEsercizioId }));
    expect(closed.status).toBe(409);
    expect(closed.body.error.message).toBe(
      'L\'esercizio "Ordinario 2025" è chiuso: non si possono emettere nuove rate.',
    );
    const wrongUnit = await issue(base({ ripartizione: 2, anagrID: f.registries[0], unitaID: f.units[2] }));
    expect(wrongUnit.status).toBe(404);
    expect((await issue(base({ condGenID: f.condominioId + 1000 }))).status).toBe(404);
    expect((await issue(base(), { session: other })).status).toBe(404);
    expect(await issued('Rifacimento facciata - 1ª rata')).toHaveLength(3);
  });
});
