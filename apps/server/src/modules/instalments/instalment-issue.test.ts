import { InstalmentType } from '@stabile/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, payersOf, splitByMillesimi, type UnitHolding } from './instalment-issue.ts';

const role = (anagraficaId: number, ruolo: string, quota = 10000) => ({ anagraficaId, ruolo, quota });

describe('issuing an instalment: the shares', () => {
  it('splits an amount in whole cents that always add up to it, in proportion to the weights', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(1000, [500_000, 300_000, 200_000])).toEqual([500, 300, 200]);
    expect(allocate(5, [0, 0])).toEqual([0, 0]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 1_000_000 }), { minLength: 1, maxLength: 60 }),
        (total, weights) => {
          const parts = allocate(total, weights);
          expect(parts.reduce((a, p) => a + p, 0)).toBe(total);
          const sum = weights.reduce((a, w) => a + w, 0);
          parts.forEach((p, i) => {
            expect(Number.isInteger(p)).toBe(true);
            expect(Math.abs(p - (total * (weights[i] as number)) / sum)).toBeLessThan(1);
          });
        },
      ),
    );
  });

  it('puts ordinary instalments on who uses the unit, 30% on a tenant; extraordinary ones on the owners', () => {
    const let_: UnitHolding = {
      unitaId: 1,
      millesimi: 100,
      roles: [role(1, 'Proprietario'), role(2, 'Inquilino')],
    };
    expect(payersOf(let_, InstalmentType.Preventive)).toEqual([
      { anagraficaId: 1, weight: 0.7 },
      { anagraficaId: 2, weight: 0.3 },
    ]);
    expect(payersOf(let_, InstalmentType.Extraordinary)).toEqual([{ anagraficaId: 1, weight: 1 }]);
    const usufruct: UnitHolding = {
      unitaId: 2,
      millesimi: 100,
      roles: [role(3, 'Nudo proprietario'), role(4, 'Usufruttuario')],
    };
    expect(payersOf(usufruct, InstalmentType.Preventive)).toEqual([{ anagraficaId: 4, weight: 1 }]);
    expect(payersOf(usufruct, InstalmentType.Extraordinary)).toEqual([{ anagraficaId: 3, weight: 1 }]);
    const shared: UnitHolding = {
      unitaId: 3,
      millesimi: 100,
      roles: [role(5, 'Comproprietario', 7500), role(6, 'Comproprietario', 2500)],
    };
    expect(payersOf(shared, InstalmentType.Preventive)).toEqual([
      { anagraficaId: 5, weight: 0.75 },
      { anagraficaId: 6, weight: 0.25 },
    ]);
  });

  it('shares over units by thousandths, leaves out units nobody pays on, and loses no cent', () => {
    const units: UnitHolding[] = [
      { unitaId: 1, millesimi: 600_000, roles: [role(1, 'Proprietario'), role(2, 'Inquilino')] },
      { unitaId: 2, millesimi: 400_000, roles: [role(3, 'Proprietario')] },
      { unitaId: 3, millesimi: 100_000, roles: [] },
    ];
    const { shares, excluded } = splitByMillesimi(100_001, units, InstalmentType.Preventive);
    expect(excluded).toBe(1);
    expect(shares).toEqual([
      { anagraficaId: 1, unitaId: 1, importo: 42_001 },
      { anagraficaId: 2, unitaId: 1, importo: 18_000 },
      { anagraficaId: 3, unitaId: 2, importo: 40_000 },
    ]);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(
          fc.record({
            millesimi: fc.integer({ min: 1, max: 1_000_000 }),
            roles: fc.array(
              fc.record({
                anagraficaId: fc.integer({ min: 1, max: 50 }),
                ruolo: fc.constantFrom('Proprietario', 'Inquilino', 'Nudo proprietario', 'Usufruttuario'),
                quota: fc.integer({ min: 1, max: 10000 }),
              }),
              { maxLength: 4 },
            ),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        fc.constantFrom(InstalmentType.Preventive, InstalmentType.Extraordinary),
        (total, list, tipo) => {
          const holdings = list.map((u, i) => ({ ...u, unitaId: i + 1 }));
          const { shares } = splitByMillesimi(total, holdings, tipo);
          if (shares.length) expect(shares.reduce((a, x) => a + x.importo, 0)).toBe(total);
          for (const x of shares) expect(x.importo).toBeGreaterThan(0);
        },
      ),
    );
  });
});
