import { describe, expect, it } from 'vitest';
import { euro, groupDrawerId, italianDate, parseEuroInput, parseGroupDrawerId } from './format.ts';

describe('instalment formats', () => {
  it('shows cents as Italian euros and dates day first', () => {
    expect(euro(123456)).toBe('1.234,56 €');
    expect(euro(-5)).toBe('-0,05 €');
    expect(italianDate('2026-03-05')).toBe('05/03/2026');
  });

  it('reads typed euros as cents, refusing more than two decimals', () => {
    expect(parseEuroInput('1.234,56')).toBe(123456);
    expect(parseEuroInput('450')).toBe(45000);
    expect(parseEuroInput('12.5')).toBe(1250);
    expect(parseEuroInput('0,1')).toBe(10);
    expect(parseEuroInput('1,234')).toBeNull();
    expect(parseEuroInput('abc')).toBeNull();
  });

  it('round-trips the drawer id of a group', () => {
    const id = groupDrawerId({ condominioID: 3, esercizioID: 7, type: 2, id: 42 });
    expect(id).toBe('3-7-u42');
    expect(parseGroupDrawerId(id)).toEqual({ condGenID: 3, esercizioID: 7, listaUnitaID: [42] });
    expect(parseGroupDrawerId('3-7-a9')).toEqual({ condGenID: 3, esercizioID: 7, anagrID: 9 });
    expect(parseGroupDrawerId('x')).toBeNull();
  });
});
