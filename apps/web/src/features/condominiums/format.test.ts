import { describe, expect, it } from 'vitest';
import { centsToText, formatDate, formatMoney, textToCents } from './format.ts';

describe('formati italiani dei condomini', () => {
  it('scrive gli importi in euro con il separatore delle migliaia anche a 4 cifre', () => {
    expect(formatMoney(123456)).toBe('1.234,56\u00a0€');
    expect(formatMoney(50)).toBe('0,50\u00a0€');
    expect(formatMoney(null)).toBe('');
  });

  it('legge un importo scritto all’italiana e lo restituisce in centesimi', () => {
    expect(textToCents('1.234,56')).toBe(123456);
    expect(textToCents('1234,5')).toBe(123450);
    expect(textToCents('12')).toBe(1200);
    expect(textToCents('')).toBeNull();
    expect(textToCents('dodici')).toBe('dodici');
    expect(centsToText(123450)).toBe('1234,50');
  });

  it('scrive le date come gg/mm/aaaa', () => {
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
    expect(formatDate(null)).toBe('');
  });
});
