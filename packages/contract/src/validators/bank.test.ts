import fc from 'fast-check';
import { isValidIBAN } from 'ibantools';
import { describe, expect, it } from 'vitest';
import { ALPHANUMERIC, ibanArb, mutateOneCharSameKind } from './arbitraries.ts';
import { checkBic, checkIban, normalizeIban } from './bank.ts';
import { italianCin, italianIbanFromParts, randomIban, seededRandom } from './testing.ts';

describe('IBAN', () => {
  it('accepts real IBANs of Italy and other countries, with spaces and in lower case', () => {
    expect(checkIban('IT60X0542811101000000123456')).toBeNull();
    expect(checkIban('it60 x054 2811 1010 0000 0123 456')).toBeNull();
    expect(checkIban('DE89370400440532013000')).toBeNull();
    expect(checkIban('GB29NWBK60161331926819')).toBeNull();
    expect(normalizeIban('it60 x054 2811 1010 0000 0123 456')).toBe('IT60X0542811101000000123456');
  });

  it('refuses wrong check digits, lengths and formats', () => {
    expect(checkIban('IT61X0542811101000000123456')).toBe('IBAN non valido');
    expect(checkIban('IT60X054281110100000012345')).toBe('IBAN non valido');
    expect(checkIban('IT6010542811101000000123456')).toBe('IBAN non valido');
    expect(checkIban('XX60X0542811101000000123456')).toBe('IBAN non valido');
    expect(checkIban('')).toBe('IBAN non valido');
  });

  it('builds Italian IBANs with the right CIN', () => {
    expect(italianCin('05428', '11101', '000000123456')).toBe('X');
    expect(italianIbanFromParts('05428', '11101', '123456')).toBe('IT60X0542811101000000123456');
  });

  it('property: generated IBANs are valid for ibantools and for the rule', () => {
    fc.assert(fc.property(ibanArb, (iban) => isValidIBAN(iban) && checkIban(iban) === null));
    fc.assert(fc.property(fc.integer(), (seed) => checkIban(randomIban(seededRandom(seed))) === null));
  });

  it('property: one changed digit or letter makes an IBAN invalid', () => {
    fc.assert(
      fc.property(mutateOneCharSameKind(ibanArb), ({ mutated }) => checkIban(mutated) === 'IBAN non valido'),
    );
  });
});

describe('BIC', () => {
  it('accepts 8 and 11 character codes of a known country', () => {
    expect(checkBic('BCITITMM')).toBeNull();
    expect(checkBic('UNCRITMMXXX')).toBeNull();
    expect(checkBic('bcititmm')).toBeNull();
  });

  it('refuses other lengths, digits in the bank code and unknown countries', () => {
    for (const bic of ['BCITIT', 'BCITITMMX', 'BC1TITMM', 'BCITQQMM', ''])
      expect(checkBic(bic), bic).toBe('BIC non valido');
  });

  it('property: bank code letters, an Italian country code and any location are valid; 9-10 chars are not', () => {
    const letters = fc.string({
      unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'),
      minLength: 4,
      maxLength: 4,
    });
    const alnum = (length: number) =>
      fc.string({ unit: fc.constantFrom(...ALPHANUMERIC), minLength: length, maxLength: length });
    fc.assert(
      fc.property(letters, alnum(2), fc.option(alnum(3), { nil: '' }), (bank, location, branch) => {
        return checkBic(`${bank}IT${location}${branch}`) === null;
      }),
    );
    fc.assert(
      fc.property(letters, alnum(2), fc.integer({ min: 1, max: 2 }), (bank, location, extra) => {
        return checkBic(`${bank}IT${location}${'X'.repeat(extra)}`) === 'BIC non valido';
      }),
    );
  });
});
