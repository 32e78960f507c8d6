import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALPHANUMERIC, cidArb, mutateOneChar } from './arbitraries.ts';
import { buildCid, checkCid, cidCheckDigits, mod97 } from './cid.ts';
import { randomCid, seededRandom } from './testing.ts';

const MESSAGE = 'CID non valido';

describe('CID (SEPA creditor identifier)', () => {
  it('computes the check digits as ISO 7064 MOD 97-10 over the national id and IT00', () => {
    // An IBAN check: the remainder of a valid IBAN, rearranged, is 1.
    expect(mod97('X0542811101000000123456IT60')).toBe(1);
    // The example of the EPC guidance on the creditor identifier: IT66ZZZA1B2C3D4E5F6G7H8.
    expect(cidCheckDigits('A1B2C3D4E5F6G7H8')).toBe('66');
    expect(cidCheckDigits('RSSMRA85T10A562S')).toBe('04');
    expect(buildCid('RSSMRA85T10A562S')).toBe('IT04ZZZRSSMRA85T10A562S');
    expect(buildCid('01234567897', 'abc')).toMatch(/^IT\d{2}ABC01234567897$/);
  });

  it('accepts a CID with a fiscal code or a VAT number, any business code, in any case and spacing', () => {
    expect(checkCid('IT04ZZZRSSMRA85T10A562S')).toBeNull();
    expect(checkCid('IT04A1BRSSMRA85T10A562S')).toBeNull();
    expect(checkCid('it04 zzz rssmra85t10a562s')).toBeNull();
    expect(checkCid(buildCid('01234567897'))).toBeNull();
  });

  it('refuses wrong check digits, another country, a bad national id or shape', () => {
    expect(checkCid('IT05ZZZRSSMRA85T10A562S')).toBe(MESSAGE);
    expect(checkCid('DE04ZZZRSSMRA85T10A562S')).toBe(MESSAGE);
    expect(checkCid(buildCid('RSSMRA85T10A562T'))).toBe(MESSAGE);
    expect(checkCid(buildCid('01234567890'))).toBe(MESSAGE);
    expect(checkCid('IT04ZZRSSMRA85T10A562S')).toBe(MESSAGE);
    expect(checkCid('IT04ZZZ')).toBe(MESSAGE);
    expect(checkCid('')).toBe(MESSAGE);
  });

  it('property: generated identifiers are valid', () => {
    fc.assert(fc.property(cidArb, (cid) => checkCid(cid) === null));
    fc.assert(fc.property(fc.integer(), (seed) => checkCid(randomCid(seededRandom(seed))) === null));
  });

  it('property: one changed character outside the business code makes it invalid', () => {
    // Positions 4-6 hold the business code, which the standard leaves out of the check digits.
    const checkedPositions = (cid: string) =>
      [...cid].map((_, index) => index).filter((index) => index < 4 || index > 6);
    fc.assert(
      fc.property(
        cidArb.chain((cid) => mutateOneChar(fc.constant(cid), ALPHANUMERIC, checkedPositions(cid))),
        ({ mutated }) => checkCid(mutated) === MESSAGE,
      ),
    );
  });

  it('property: the business code can be any 3 letters or digits', () => {
    fc.assert(
      fc.property(
        cidArb.chain((cid) => mutateOneChar(fc.constant(cid), ALPHANUMERIC, [4, 5, 6])),
        ({ mutated }) => checkCid(mutated) === null,
      ),
    );
  });
});
