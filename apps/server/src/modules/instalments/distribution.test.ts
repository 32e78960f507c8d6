import { PaymentDistribution } from '@stabile/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distribute, type OpenInstalment } from './distribution.ts';

const instalments = fc
  .array(
    fc.record({
      numero: fc.integer({ min: 1, max: 12 }),
      day: fc.integer({ min: 0, max: 700 }),
      created: fc.integer({ min: 0, max: 3 }),
      importo: fc.integer({ min: 1, max: 500_000 }),
      paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
    }),
    { maxLength: 24 },
  )
  .map((list) =>
    list.map(
      (x, i): OpenInstalment => ({
        id: i + 1,
        numero: x.numero,
        dataScadenza: new Date(Date.UTC(2025, 0, 1 + x.day)).toISOString().slice(0, 10),
        createdAt: `2025-0${x.created + 1}-01T08:00:00.000Z`,
        importo: x.importo,
        versato: Math.floor(x.importo * x.paidShare),
      }),
    ),
  );

const distributions = fc.constantFrom(
  PaymentDistribution.ByOldestInstalment,
  PaymentDistribution.ByCompetenceDate,
);

describe('distribution of a payment over instalments (property)', () => {
  it('never assigns more than the payment nor more than an instalment owes; the rest is surplus', () => {
    fc.assert(
      fc.property(instalments, fc.integer({ min: 1, max: 5_000_000 }), distributions, (list, amount, how) => {
        const { allocations, surplus } = distribute(amount, how, list);
        const assigned = allocations.reduce((s, a) => s + a.importo, 0);
        expect(assigned + surplus).toBe(amount);
        expect(surplus).toBeGreaterThanOrEqual(0);
        for (const a of allocations) {
          const rata = list.find((r) => r.id === a.rataID) as OpenInstalment;
          expect(a.importo).toBeGreaterThan(0);
          expect(a.importo).toBeLessThanOrEqual(rata.importo - rata.versato);
          expect(Number.isInteger(a.importo)).toBe(true);
        }
        const owed = list.reduce((s, r) => s + r.importo - r.versato, 0);
        expect(assigned).toBe(Math.min(amount, owed));
      }),
    );
  });

  it('gives the same totals with either distribution', () => {
    fc.assert(
      fc.property(instalments, fc.integer({ min: 1, max: 5_000_000 }), (list, amount) => {
        const oldest = distribute(amount, PaymentDistribution.ByOldestInstalment, list);
        const competence = distribute(amount, PaymentDistribution.ByCompetenceDate, list);
        expect(oldest.surplus).toBe(competence.surplus);
        const sum = (x: typeof oldest) => x.allocations.reduce((s, a) => s + a.importo, 0);
        expect(sum(oldest)).toBe(sum(competence));
      }),
    );
  });

  it('fills the oldest due date first by competence, the first issued first by oldest instalment', () => {
    const list: OpenInstalment[] = [
      { id: 1, numero: 2, dataScadenza: '2025-06-30', createdAt: '2025-01-01', importo: 100, versato: 0 },
      { id: 2, numero: 1, dataScadenza: '2025-09-30', createdAt: '2025-01-01', importo: 100, versato: 0 },
      { id: 3, numero: 1, dataScadenza: '2025-03-31', createdAt: '2025-02-01', importo: 100, versato: 0 },
    ];
    expect(distribute(150, PaymentDistribution.ByCompetenceDate, list).allocations).toEqual([
      { rataID: 3, importo: 100 },
      { rataID: 1, importo: 50 },
    ]);
    expect(distribute(150, PaymentDistribution.ByOldestInstalment, list).allocations).toEqual([
      { rataID: 2, importo: 100 },
      { rataID: 1, importo: 50 },
    ]);
  });
});
