import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALPHANUMERIC, codiceFiscaleArb, DIGITS, mutateOneChar, partitaIvaArb } from './arbitraries.ts';
import {
  checkCodiceFiscale,
  checkCodiceFiscaleFornitore,
  checkCodiceFiscalePersona,
  computeCodiceFiscale,
  isValidPersonalCodiceFiscale,
  omocodicVariant,
} from './codice-fiscale.ts';
import { randomCodiceFiscale, seededRandom } from './testing.ts';

const MESSAGE = 'Codice fiscale non valido';

describe('codice fiscale', () => {
  it('accepts real personal codes, in any case and with blanks around', () => {
    expect(checkCodiceFiscale('RSSMRA85T10A562S')).toBeNull();
    expect(checkCodiceFiscale('rssmra85t10a562s')).toBeNull();
    expect(checkCodiceFiscale(' RSSMRA85T10A562S ')).toBeNull();
    expect(checkCodiceFiscale('BNCLRA80A41F205G')).toBeNull();
  });

  it('computes the code of a person by the official algorithm', () => {
    expect(
      computeCodiceFiscale({
        nome: 'Mario',
        cognome: 'Rossi',
        dataNascita: '1985-12-10',
        sesso: 'M',
        codiceComune: 'A562',
      }),
    ).toBe('RSSMRA85T10A562S');
    // Women add 40 to the day; a name with 4+ consonants takes the 1st, 3rd and 4th.
    expect(
      computeCodiceFiscale({
        nome: 'Laura',
        cognome: 'Bianchi',
        dataNascita: '1980-01-01',
        sesso: 'F',
        codiceComune: 'F205',
      }),
    ).toBe('BNCLRA80A41F205G');
    expect(
      computeCodiceFiscale({
        nome: 'Gianfranco',
        cognome: "D'Alò",
        dataNascita: '1972-07-31',
        sesso: 'M',
        codiceComune: 'H501',
      }),
    ).toMatch(/^DLAGFR72L31H501[A-Z]$/);
    // Short names and surnames are padded with X.
    expect(
      computeCodiceFiscale({
        nome: 'Al',
        cognome: 'Fo',
        dataNascita: '2001-03-05',
        sesso: 'M',
        codiceComune: 'Z404',
      }).slice(0, 6),
    ).toBe('FOXLAX');
  });

  it('refuses an impossible date or municipality code when computing', () => {
    expect(() =>
      computeCodiceFiscale({
        nome: 'A',
        cognome: 'B',
        dataNascita: '1985-13-10',
        sesso: 'M',
        codiceComune: 'A562',
      }),
    ).toThrow(RangeError);
    expect(() =>
      computeCodiceFiscale({
        nome: 'A',
        cognome: 'B',
        dataNascita: '1985-12-10',
        sesso: 'M',
        codiceComune: 'A56',
      }),
    ).toThrow(RangeError);
  });

  it('accepts omocodic variants and refuses them with the old control letter', () => {
    const variants = [1, 2, 3, 4, 5, 6, 7].map((count) => omocodicVariant('RSSMRA85T10A562S', count));
    expect(variants[0]).toBe('RSSMRA85T10A56NH');
    expect(variants[6]).toMatch(/^RSSMRAURTMLARSN[A-Z]$/);
    for (const variant of variants) expect(checkCodiceFiscale(variant)).toBeNull();
    expect(checkCodiceFiscale('RSSMRA85T10A56NS')).toBe(MESSAGE);
  });

  it('refuses a wrong control letter, a wrong shape, month or day', () => {
    expect(checkCodiceFiscale('RSSMRA85T10A562T')).toBe(MESSAGE);
    expect(checkCodiceFiscale('RSSMRA85T10A562')).toBe(MESSAGE);
    expect(checkCodiceFiscale('RSSMRA85T10A562SX')).toBe(MESSAGE);
    expect(checkCodiceFiscale('RSSMRA85Z10A562S')).toBe(MESSAGE);
    // Day 32 and day 00 do not exist (control letters recomputed so only the day is wrong).
    expect(isValidPersonalCodiceFiscale(omocodicVariant('RSSMRA85T32A562S', 0))).toBe(false);
    expect(isValidPersonalCodiceFiscale(omocodicVariant('RSSMRA85T00A562S', 0))).toBe(false);
    expect(checkCodiceFiscale('RSSMRA85T1OA562S')).toBe(MESSAGE);
    expect(checkCodiceFiscale('')).toBe(MESSAGE);
  });

  it('accepts the 11-digit numeric code with the VAT check digit, for contacts and providers', () => {
    expect(checkCodiceFiscalePersona('01234567897')).toBeNull();
    expect(checkCodiceFiscaleFornitore('01234567897')).toBeNull();
    expect(checkCodiceFiscaleFornitore('RSSMRA85T10A562S')).toBeNull();
    expect(checkCodiceFiscalePersona('01234567890')).toBe(MESSAGE);
    expect(checkCodiceFiscaleFornitore('00000000000')).toBe(MESSAGE);
  });

  it('property: every generated personal code (with any omocodia) is valid', () => {
    fc.assert(fc.property(codiceFiscaleArb, (code) => checkCodiceFiscale(code) === null));
  });

  it('property: the seed generator gives valid codes', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 0, max: 7 }), (seed, omocodia) => {
        const code = randomCodiceFiscale(seededRandom(seed), omocodia);
        return code.length === 16 && checkCodiceFiscale(code) === null;
      }),
    );
  });

  it('property: one changed character makes a personal code invalid', () => {
    fc.assert(
      fc.property(mutateOneChar(codiceFiscaleArb, ALPHANUMERIC), ({ mutated }) => {
        expect(checkCodiceFiscalePersona(mutated)).toBe(MESSAGE);
        expect(checkCodiceFiscaleFornitore(mutated)).toBe(MESSAGE);
      }),
    );
  });

  it('property: numeric codes follow the VAT check digit', () => {
    fc.assert(fc.property(partitaIvaArb, (code) => checkCodiceFiscaleFornitore(code) === null));
    fc.assert(
      fc.property(
        mutateOneChar(partitaIvaArb, DIGITS),
        ({ mutated }) => checkCodiceFiscalePersona(mutated) === MESSAGE,
      ),
    );
  });
});
