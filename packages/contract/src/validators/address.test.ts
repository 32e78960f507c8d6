import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FOREIGN_PROVINCE_CODE, ITALIAN_PROVINCES, PROVINCE_CODES } from '../lookups/data/provinces.ts';
import { checkCap, checkCodiceComune, checkProvincia } from './address.ts';
import { DIGITS, digits, LETTERS, mutateOneChar, stringOf } from './arbitraries.ts';

describe('CAP', () => {
  it('accepts 5 digits only', () => {
    expect(checkCap('20121')).toBeNull();
    expect(checkCap('00118')).toBeNull();
    for (const cap of ['2012', '201211', '2012A', '20 121', ''])
      expect(checkCap(cap), cap).toBe('CAP non valido');
  });

  it('property: any 5 digits are valid; other lengths or a letter are not', () => {
    fc.assert(fc.property(digits(5), (cap) => checkCap(cap) === null));
    const otherLength = fc.integer({ min: 1, max: 10 }).filter((length) => length !== 5);
    fc.assert(fc.property(otherLength.chain(digits), (cap) => checkCap(cap) === 'CAP non valido'));
    fc.assert(
      fc.property(mutateOneChar(digits(5), LETTERS), ({ mutated }) => checkCap(mutated) === 'CAP non valido'),
    );
  });
});

describe('province', () => {
  it('lists the 107 current provinces, each once, plus EE for abroad', () => {
    expect(ITALIAN_PROVINCES).toHaveLength(107);
    expect(new Set(ITALIAN_PROVINCES.map((province) => province.sigla)).size).toBe(107);
    expect(PROVINCE_CODES.size).toBe(108);
    expect(FOREIGN_PROVINCE_CODE).toBe('EE');
    for (const sigla of ['MI', 'RM', 'BT', 'MB', 'SU', 'FM', 'AO', 'BZ', 'TN'])
      expect(PROVINCE_CODES.has(sigla), sigla).toBe(true);
  });

  it('accepts current acronyms in any case and refuses abolished or unknown ones', () => {
    expect(checkProvincia('MI')).toBeNull();
    expect(checkProvincia('mi')).toBeNull();
    expect(checkProvincia('EE')).toBeNull();
    // Sardinian provinces abolished in 2016 and Forlì's old acronym.
    for (const sigla of ['CI', 'VS', 'OG', 'OT', 'FO', 'XX', 'M', 'MIL', '']) {
      expect(checkProvincia(sigla), sigla).toBe('Sigla di provincia non valida');
    }
  });

  it('property: a two-letter code is valid exactly when it is in the list', () => {
    fc.assert(
      fc.property(
        stringOf(LETTERS, 2),
        (sigla) => (checkProvincia(sigla) === null) === PROVINCE_CODES.has(sigla),
      ),
    );
  });
});

describe('codice comune', () => {
  it('accepts a letter and 3 digits', () => {
    expect(checkCodiceComune('F205')).toBeNull();
    expect(checkCodiceComune('z404')).toBeNull();
    for (const code of ['F20', 'F2055', '1205', 'FF05', 'F20A', '']) {
      expect(checkCodiceComune(code), code).toBe(
        'Codice comune non valido, deve iniziare con una lettera, seguito da 3 cifre',
      );
    }
  });

  it('property: a letter and 3 digits are valid; a digit for the letter or a letter for a digit is not', () => {
    const codeArb = fc
      .tuple(stringOf(LETTERS, 1), digits(3))
      .map(([letter, numbers]) => `${letter}${numbers}`);
    fc.assert(fc.property(codeArb, (code) => checkCodiceComune(code) === null));
    fc.assert(
      fc.property(mutateOneChar(codeArb, DIGITS, [0]), ({ mutated }) => checkCodiceComune(mutated) !== null),
    );
    fc.assert(
      fc.property(
        mutateOneChar(codeArb, LETTERS, [1, 2, 3]),
        ({ mutated }) => checkCodiceComune(mutated) !== null,
      ),
    );
  });
});
