import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  businessDayStart,
  checkDate,
  checkDateNotInFuture,
  checkDateNotInPast,
  isoDateToday,
  isValidIsoDate,
} from './dates.ts';

const today = '2026-03-15';
const FORMAT = 'Data non valida, usa il formato AAAA-MM-GG';
const BOUND = 'La data deve essere entro 120 anni da oggi';

function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

describe('dates', () => {
  it('accepts real calendar dates in ISO format', () => {
    expect(checkDate('2024-02-29', { today })).toBeNull();
    expect(checkDate('1950-12-31', { today })).toBeNull();
  });

  it('refuses other formats and impossible dates', () => {
    for (const value of [
      '15/03/2026',
      '2026-3-15',
      '2026-03-15T10:00:00Z',
      '2023-02-29',
      '2026-13-01',
      '2026-04-31',
      '2026-00-10',
      '',
    ]) {
      expect(checkDate(value, { today }), value).toBe(FORMAT);
    }
  });

  it('accepts dates up to 120 years from today in either direction, not beyond', () => {
    expect(checkDate('1906-03-15', { today })).toBeNull();
    expect(checkDate('1906-03-14', { today })).toBe(BOUND);
    expect(checkDate('2146-03-15', { today })).toBeNull();
    expect(checkDate('2146-03-16', { today })).toBe(BOUND);
  });

  it('tells past and future dates apart from today', () => {
    expect(checkDateNotInPast(today, { today })).toBeNull();
    expect(checkDateNotInPast('2026-03-14', { today })).toBe('La data non può essere nel passato');
    expect(checkDateNotInFuture(today, { today })).toBeNull();
    expect(checkDateNotInFuture('2026-03-16', { today })).toBe('La data non può essere nel futuro');
    expect(checkDateNotInPast('16/03/2026', { today })).toBe(FORMAT);
    expect(checkDateNotInFuture('1800-01-01', { today })).toBe(BOUND);
  });

  it('takes today in Italy, whatever the time zone of the machine', () => {
    expect(isoDateToday(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(isoDateToday(new Date('2026-01-15T22:59:00Z'))).toBe('2026-01-15');
    expect(isoDateToday(new Date('2026-01-15T23:00:00Z'))).toBe('2026-01-16');
  });

  it('property: every calendar day within the bound is valid, past or future as it should be', () => {
    const day = fc.date({
      min: new Date('1906-03-15T00:00:00Z'),
      max: new Date('2146-03-15T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(day, (date) => {
        const iso = isoOf(date);
        expect(checkDate(iso, { today })).toBeNull();
        expect(checkDateNotInPast(iso, { today }) === null).toBe(iso >= today);
        expect(checkDateNotInFuture(iso, { today }) === null).toBe(iso <= today);
      }),
    );
  });

  it('property: days beyond the bound are refused; day numbers past the month end are not dates', () => {
    const farPast = fc.date({
      min: new Date('0100-01-01T00:00:00Z'),
      max: new Date('1906-03-14T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(fc.property(farPast, (date) => checkDate(isoOf(date), { today }) === BOUND));
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
        const iso = (day: number) =>
          `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
        return isValidIsoDate(iso(daysInMonth)) && !isValidIsoDate(iso(daysInMonth + 1));
      }),
    );
  });

  it('a day begins at midnight in Italy: 23:00 UTC in winter, 22:00 UTC in summer and on the days the clocks change', () => {
    expect(new Date(businessDayStart('2026-11-28')).toISOString()).toBe('2026-11-27T23:00:00.000Z');
    expect(new Date(businessDayStart('2026-07-01')).toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // The clocks go forward at 02:00 on 29 March 2026 and back at 03:00 on 25 October 2026.
    expect(new Date(businessDayStart('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(businessDayStart('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(new Date(businessDayStart('2026-10-25')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(new Date(businessDayStart('2026-10-26')).toISOString()).toBe('2026-10-25T23:00:00.000Z');
    // Italy's today starts before UTC's: at 23:30 UTC it is already the next day there.
    const lateEvening = new Date('2026-11-27T23:30:00Z');
    expect(isoDateToday(lateEvening)).toBe('2026-11-28');
    expect(businessDayStart(isoDateToday(lateEvening))).toBeLessThanOrEqual(lateEvening.getTime());
  });
});
