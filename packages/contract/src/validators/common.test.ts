import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkMaxLength,
  checkNumeric,
  checkRequired,
  composeChecks,
  firstError,
  optionalCheck,
  requiredCheck,
  searchQueryParam,
  searchQueryReady,
} from './common.ts';
import { checkEmail } from './email.ts';

describe('required, max length, numeric', () => {
  it('requires something other than blanks', () => {
    for (const value of [undefined, null, '', '   ', '\t\n'])
      expect(checkRequired(value)).toBe('Manca un campo obbligatorio');
    expect(checkRequired(' a ')).toBeNull();
  });

  it('counts characters as people do and names the limit', () => {
    expect(checkMaxLength('ciao', 4)).toBeNull();
    expect(checkMaxLength('ciao!', 4)).toBe('Il messaggio non può superare i 4 caratteri');
    expect(checkMaxLength('😀😀', 2)).toBeNull();
  });

  it('allows only digits in numeric fields', () => {
    expect(checkNumeric('0123')).toBeNull();
    for (const value of ['12a', '1.5', '-1', ''])
      expect(checkNumeric(value), value).toBe('Sono ammessi solo numeri');
  });

  it('property: a text is too long exactly above the limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 0, max: 60 }), (text, max) => {
        return (checkMaxLength(text, max) === null) === [...text].length <= max;
      }),
    );
  });

  it('property: digit strings are numeric, anything with another character is not', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,20}$/), (value) => checkNumeric(value) === null));
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((value) => /[^\d\s]/.test(value)),
        (value) => checkNumeric(value) !== null,
      ),
    );
  });
});

describe('first error', () => {
  it('returns the first message and does not run the checks after it', () => {
    let ran = false;
    const later = () => {
      ran = true;
      return 'dopo';
    };
    expect(firstError([null, () => null, 'primo', later])).toBe('primo');
    expect(ran).toBe(false);
    expect(firstError([null, undefined, () => null])).toBeNull();
  });

  it('composes rules for a form field: required first, then the pattern', () => {
    const email = requiredCheck(checkEmail);
    expect(email('')).toBe('Manca un campo obbligatorio');
    expect(email('x')).toBe('Indirizzo email non valido');
    expect(email('a@b.it')).toBeNull();
    expect(optionalCheck(checkEmail)('')).toBeNull();
    expect(optionalCheck(checkEmail)(null)).toBeNull();
    expect(optionalCheck(checkEmail)('x')).toBe('Indirizzo email non valido');
    const short = composeChecks(checkEmail, (value) => checkMaxLength(value, 8));
    expect(short('abc')).toBe('Indirizzo email non valido');
    expect(short('aa@bbb.it')).toBe('Il messaggio non può superare i 8 caratteri');
  });

  it('property: the first error is the first non-null message', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.string({ minLength: 1 }))), (messages) => {
        return firstError(messages) === (messages.find((message) => message !== null) ?? null);
      }),
    );
  });
});

describe('search query', () => {
  it('is ready from 3 characters, blanks excluded, and is sent trimmed', () => {
    expect(searchQueryReady('ro')).toBe(false);
    expect(searchQueryReady('  ro  ')).toBe(false);
    expect(searchQueryReady('ros')).toBe(true);
    expect(searchQueryReady(undefined)).toBe(false);
    expect(searchQueryParam('')).toBeUndefined();
    expect(searchQueryParam(' ro ')).toBeUndefined();
    expect(searchQueryParam(' rossi ')).toBe('rossi');
  });

  it('property: ready exactly when the trimmed query has 3 or more characters', () => {
    fc.assert(fc.property(fc.string(), (query) => searchQueryReady(query) === [...query.trim()].length >= 3));
  });
});
