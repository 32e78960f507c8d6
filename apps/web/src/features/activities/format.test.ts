import { isoDateToday } from '@stabile/contract';
import { describe, expect, it } from 'vitest';
import { italianCount, italianDate, todayInItaly } from './format.ts';

describe('activity formats', () => {
  it('writes a count as toLocaleString("it-IT") does, 4-digit counts ungrouped', () => {
    for (const count of [
      0, 7, 999, 1000, 1234, 9999, 10_000, 12_345, 999_999, 1_000_000, 1_234_567, 25_000_000,
    ]) {
      expect(italianCount(count)).toBe(count.toLocaleString('it-IT'));
    }
    expect(italianCount(12_345)).toBe('12.345');
    expect(italianCount(1234)).toBe('1234');
  });

  it('writes an ISO date as dd/MM/yyyy and nothing for no date', () => {
    expect(italianDate('2026-03-09')).toBe('09/03/2026');
    expect(italianDate('2026-03-09T10:00:00Z')).toBe('09/03/2026');
    expect(italianDate(null)).toBe('');
  });

  it("gives today's date in Italy as the contract's Intl-based isoDateToday does, across summer time", () => {
    // Every 20 minutes around both changes of 2025 and 2026, and every 7 hours over three years.
    const instants: number[] = [];
    for (const change of [
      '2025-03-30T01:00:00Z',
      '2025-10-26T01:00:00Z',
      '2026-03-29T01:00:00Z',
      '2026-10-25T01:00:00Z',
    ]) {
      const at = Date.parse(change);
      for (let m = -26 * 60; m <= 26 * 60; m += 20) instants.push(at + m * 60_000);
    }
    for (
      let t = Date.parse('2024-01-01T00:00:00Z');
      t < Date.parse('2027-01-01T00:00:00Z');
      t += 7 * 3_600_000
    ) {
      instants.push(t);
    }
    for (const t of instants)
      expect(todayInItaly(new Date(t)), new Date(t).toISOString()).toBe(isoDateToday(new Date(t)));
    // 23:30 UTC on a summer day is already the next day in Italy; in winter too.
    expect(todayInItaly(new Date('2026-07-14T23:30:00Z'))).toBe('2026-07-15');
    expect(todayInItaly(new Date('2026-01-14T22:59:00Z'))).toBe('2026-01-14');
    expect(todayInItaly(new Date('2026-01-14T23:00:00Z'))).toBe('2026-01-15');
  });
});
