import { describe, expect, it } from 'vitest';
import { italianCount, italianDate } from './format.ts';

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
});
