import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { createInstalmentFixture } from './instalment.fixtures.ts';

/*
 * Random exercises and random sequences of payments, refunds and uses of a surplus, through the
 * API on the real database: the rules of issue 25 hold after every sequence. Two registries with the
 * same instalments get the same operations, one distributed oldest-first and one by competence.
 */

let t: TestApp;
let s: TestSession;
beforeAll(async () => {
  t = await buildTestApp();
  s = await createTestSession(t);
});
afterAll(async () => {
  await t.close();
});

const plan = fc.array(
  fc.tuple(
    fc.integer({ min: 0, max: 360 }),
    fc.integer({ min: 1, max: 200_000 }),
    fc.constantFrom(0, 0, 0, 1),
  ),
  { minLength: 1, maxLength: 6 },
);
const operation = fc.record({
  kind: fc.constantFrom('versamento', 'versamento', 'rimborso', 'eccedenza'),
  importo: fc.integer({ min: 1, max: 300_000 }),
});

describe('instalments, payments and movements (property, through the API)', () => {
  it('saldo = dovuto - versato, instalments and surplus add up to the movements, refunds within the surplus, same totals for both distributions', async () => {
    await fc.assert(
      fc.asyncProperty(plan, fc.array(operation, { minLength: 1, maxLength: 6 }), async (rates, ops) => {
        const f = await createInstalmentFixture(t, s, {
          people: ['Rossi Mario', 'Bianchi Laura'],
          instalments: rates.map(([day, cents, tipo]) => [
            new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10),
            cents,
            tipo,
          ]),
        });
        for (const op of ops) {
          const statuses: number[] = [];
          for (const [i, registry] of f.registries.entries()) {
            const path =
              op.kind === 'versamento'
                ? '/api/registerVersamento'
                : op.kind === 'rimborso'
                  ? '/api/registerRimborso'
                  : '/api/surplusVersamento';
            const before = await detail(f.condominioId, f.esercizioId, registry);
            const res = await t.app.inject({
              method: 'POST',
              url: path,
              headers: s.headers,
              payload: {
                condGenID: f.condominioId,
                esercizioID: f.esercizioId,
                anagrID: registry,
                data: '2026-06-15',
                importo: op.importo,
                contoID: f.contoVersamenti,
                distribuzione: i,
              },
            });
            statuses.push(res.statusCode);
            if (op.kind === 'rimborso') {
              // A refund is accepted exactly when it stays within the surplus.
              expect(res.statusCode).toBe(op.importo <= before.eccedenza ? 200 : 409);
            }
            if (res.statusCode !== 200) expect(res.json().error.code).toBe(115);
          }
          // Both distributions accept or refuse the same operations.
          expect(statuses[0]).toBe(statuses[1]);
        }
        const totals = [];
        const details = new Map<number, { dovuto: number; versato: number; importoScaduto: number }>();
        for (const registry of f.registries) {
          const d = await detail(f.condominioId, f.esercizioId, registry);
          details.set(registry, d);
          expect(d.saldo).toBe(d.dovuto - d.versato);
          expect(d.eccedenza).toBeGreaterThanOrEqual(0);
          for (const r of d.rate) {
            expect(r.versato).toBeLessThanOrEqual(r.importo);
            expect(r.versato).toBe(
              r.versamenti.reduce((sum: number, v: { importo: number }) => sum + v.importo, 0),
            );
          }
          const movements = await t.app.inject({
            method: 'GET',
            url: `/api/movimenti?ID=${registry}&TipoRiferimento=0`,
            headers: s.headers,
          });
          const moved = movements
            .json()
            .data.reduce((sum: number, m: { importo: number }) => sum + m.importo, 0);
          expect(d.versato + d.eccedenza).toBe(moved);
          totals.push({ dovuto: d.dovuto, versato: d.versato, eccedenza: d.eccedenza });
        }
        expect(totals[0]).toEqual(totals[1]);
        const list = await t.app.inject({
          method: 'POST',
          url: '/api/rata',
          headers: s.headers,
          payload: { esercizioID: f.esercizioId },
        });
        // The list sums each group in the database; the detail adds up its instalments: the same totals.
        let compared = 0;
        for (const g of list.json().data) {
          expect(g.saldo).toBe(g.dovuto - g.versato);
          const d = details.get(g.id);
          if (!d) continue;
          expect([g.dovuto, g.versato, g.importoScaduto]).toEqual([d.dovuto, d.versato, d.importoScaduto]);
          compared++;
        }
        expect(compared).toBe(f.registries.length);
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});

async function detail(condGenID: number, esercizioID: number, anagrID: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/rata/dettaglio',
    headers: s.headers,
    payload: { condGenID, esercizioID, anagrID },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
