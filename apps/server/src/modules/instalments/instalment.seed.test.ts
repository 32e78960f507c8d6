import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedArchiveContent } from '../../seed/archive-content.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';

/** The demo archive shows every state of an instalment group through the API. */
describe('demo instalments', () => {
  let t: TestApp;
  let s: TestSession;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await createTestSession(t);
    await seedArchiveContent(t.database.db, s.archiveId, { scale: 0.3, seed: 7, today: new Date() });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('has paid, partly paid and overdue instalments, a surplus and a refund', async () => {
    const db = t.database.db;
    const rows = await db
      .selectFrom('instalments')
      .select(['importo_cents', 'versato_cents', 'tipo'])
      .where('archive_id', '=', s.archiveId)
      .execute();
    const debts = rows.filter((r) => Number(r.tipo) <= 1);
    expect(debts.some((r) => Number(r.versato_cents) === Number(r.importo_cents))).toBe(true);
    expect(
      debts.some((r) => Number(r.versato_cents) > 0 && Number(r.versato_cents) < Number(r.importo_cents)),
    ).toBe(true);
    const overdue = await t.app.inject({ method: 'GET', url: '/api/rata/scadute', headers: s.headers });
    expect(overdue.json().data.length).toBeGreaterThan(0);

    const refund = await db
      .selectFrom('refunds')
      .select(['condominio_id', 'esercizio_id', 'anagrafica_id'])
      .where('archive_id', '=', s.archiveId)
      .where('conto_id', 'is not', null)
      .executeTakeFirstOrThrow();
    const detail = await t.app.inject({
      method: 'POST',
      url: '/api/rata/dettaglio',
      headers: s.headers,
      payload: {
        condGenID: refund.condominio_id,
        esercizioID: refund.esercizio_id,
        anagrID: refund.anagrafica_id,
      },
    });
    const d = detail.json().data;
    expect(d.eccedenza).toBe(7000);
    expect(d.rimborsi.map((r: { importo: number }) => r.importo)).toContain(5000);
    expect(d.saldo).toBe(0);
  });
});
