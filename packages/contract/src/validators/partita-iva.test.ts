import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIGITS, digits, mutateOneChar, partitaIvaArb } from './arbitraries.ts';
import { checkPartitaIva, FOREIGN_VAT_FORMATS, isValidItalianPartitaIva } from './partita-iva.ts';
import { partitaIvaFromBody, randomPartitaIva, seededRandom } from './testing.ts';

const MESSAGE = 'Numero di partita iva non valido';

describe('partita IVA', () => {
  it('accepts Italian numbers with the right check digit, with or without IT and separators', () => {
    expect(checkPartitaIva('01234567897')).toBeNull();
    expect(checkPartitaIva('IT01234567897')).toBeNull();
    expect(checkPartitaIva('it 012 345 678 97')).toBeNull();
    expect(partitaIvaFromBody('0074311015')).toBe('00743110157');
    expect(checkPartitaIva('00743110157')).toBeNull();
  });

  it('refuses a wrong check digit, a wrong length, letters and all zeros', () => {
    expect(checkPartitaIva('01234567890')).toBe(MESSAGE);
    expect(checkPartitaIva('IT01234567890')).toBe(MESSAGE);
    expect(checkPartitaIva('0123456789')).toBe(MESSAGE);
    expect(checkPartitaIva('012345678977')).toBe(MESSAGE);
    expect(checkPartitaIva('0123456789A')).toBe(MESSAGE);
    expect(checkPartitaIva('00000000000')).toBe(MESSAGE);
    expect(checkPartitaIva('')).toBe(MESSAGE);
  });

  it('accepts VAT numbers of other EU countries by their format', () => {
    for (const vat of [
      'ATU12345678',
      'BE0123456789',
      'DE123456789',
      'FR12345678901',
      'FRXX123456789',
      'ESA1234567B',
      'ES12345678Z',
      'NL123456789B01',
      'PT123456789',
      'DK12345678',
      'PL1234567890',
      'SE123456789001',
      'CHE-123.456.789 MWST',
    ]) {
      expect(checkPartitaIva(vat), vat).toBeNull();
    }
  });

  it('refuses foreign numbers of the wrong format or of an unknown country', () => {
    for (const vat of [
      'AT12345678',
      'BE2123456789',
      'DE12345678',
      'NL123456789A01',
      'PT12345678',
      'US123456789',
      'QQ1',
    ]) {
      expect(checkPartitaIva(vat), vat).toBe(MESSAGE);
    }
  });

  it('has a format for every EU member state', () => {
    const eu = 'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE LT LU LV MT NL PL PT RO SE SI SK'.split(' ');
    for (const country of eu) expect(FOREIGN_VAT_FORMATS[country], country).toBeDefined();
  });

  it('property: generated numbers are valid, also with the IT prefix', () => {
    fc.assert(
      fc.property(
        partitaIvaArb,
        (vat) => checkPartitaIva(vat) === null && checkPartitaIva(`IT${vat}`) === null,
      ),
    );
    fc.assert(
      fc.property(fc.integer(), (seed) => isValidItalianPartitaIva(randomPartitaIva(seededRandom(seed)))),
    );
  });

  it('property: one changed digit makes the number invalid', () => {
    fc.assert(
      fc.property(
        mutateOneChar(partitaIvaArb, DIGITS),
        ({ mutated }) => checkPartitaIva(mutated) === MESSAGE,
      ),
    );
  });

  it('property: a number of any other length is invalid', () => {
    const otherLength = fc.integer({ min: 1, max: 20 }).filter((length) => length !== 11);
    fc.assert(fc.property(otherLength.chain(digits), (value) => checkPartitaIva(value) === MESSAGE));
  });
});
