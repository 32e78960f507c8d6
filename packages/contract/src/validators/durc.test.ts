import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DurcState } from '../common/enums.ts';
import { checkDurc, formatDurc } from './durc.ts';

const today = '2026-03-15';
const MESSAGE = 'Dati DURC non validi';

describe('DURC', () => {
  it('kind 1 (present) needs no date', () => {
    expect(checkDurc('1', { today })).toBeNull();
    expect(checkDurc('1||', { today })).toBeNull();
    expect(checkDurc('1|2026-01-10|', { today })).toBeNull();
  });

  it('kind 2 needs a valid second field, kind 3 a valid third field', () => {
    expect(checkDurc('2|2026-06-30|', { today })).toBeNull();
    expect(checkDurc('2||2026-06-30', { today })).toBe(MESSAGE);
    expect(checkDurc('2|30/06/2026|', { today })).toBe(MESSAGE);
    expect(checkDurc('3||2025-12-31', { today })).toBeNull();
    expect(checkDurc('3|2025-12-31|', { today })).toBe(MESSAGE);
    expect(checkDurc('3||2025-02-30', { today })).toBe(MESSAGE);
  });

  it('absent and required need no date; other kinds and shapes are refused', () => {
    expect(checkDurc('4||', { today })).toBeNull();
    expect(checkDurc('5', { today })).toBeNull();
    for (const value of ['', '0||', '6||', 'x||', '1|||', '1|nodate|', '12||'])
      expect(checkDurc(value, { today }), value).toBe(MESSAGE);
  });

  it('property: every kind with the date it needs is valid, without it is not', () => {
    const isoDate = fc
      .date({
        min: new Date('1950-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString().slice(0, 10));
    const kind = fc.constantFrom(...(Object.values(DurcState) as DurcState[]));
    fc.assert(
      fc.property(kind, isoDate, (durcKind, date) => {
        const second = durcKind === DurcState.Expiring ? date : '';
        const third = durcKind === DurcState.Expired ? date : '';
        expect(checkDurc(formatDurc(durcKind, second, third), { today })).toBeNull();
        const needsDate = durcKind === DurcState.Expiring || durcKind === DurcState.Expired;
        expect(checkDurc(formatDurc(durcKind), { today })).toBe(needsDate ? MESSAGE : null);
      }),
    );
  });
});
