import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPhone, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './phone.ts';

const MESSAGE = 'Numero di telefono non valido';

describe('phone', () => {
  it('accepts Italian and international numbers as people write them', () => {
    for (const phone of [
      '021234567',
      '02 1234567',
      '+39 02 1234567',
      '+39 (02) 123-4567',
      '333.123.4567',
      '0039 333 1234567',
      '+44 20 7946 0958',
      '112233',
    ]) {
      expect(checkPhone(phone), phone).toBeNull();
    }
  });

  it('refuses letters, misplaced +, too few or too many digits', () => {
    for (const phone of [
      '12345',
      '02 CHIAMAMI',
      '39+021234567',
      '++39021234567',
      '123456789012345678901',
      '---',
      '',
    ]) {
      expect(checkPhone(phone), phone).toBe(MESSAGE);
    }
  });

  it('property: 6-20 digits with separators and an optional + are valid; other counts are not', () => {
    const separator = fc.constantFrom('', ' ', '.', '-', '(', ')');
    const phoneWith = (min: number, max: number) =>
      fc
        .tuple(
          fc.boolean(),
          fc.array(fc.tuple(fc.integer({ min: 0, max: 9 }), separator), { minLength: min, maxLength: max }),
        )
        .map(
          ([plus, parts]) => `${plus ? '+' : ''}${parts.map(([digit, sep]) => `${digit}${sep}`).join('')}`,
        );
    fc.assert(
      fc.property(phoneWith(PHONE_MIN_DIGITS, PHONE_MAX_DIGITS), (phone) => checkPhone(phone) === null),
    );
    fc.assert(fc.property(phoneWith(1, PHONE_MIN_DIGITS - 1), (phone) => checkPhone(phone) === MESSAGE));
    fc.assert(fc.property(phoneWith(PHONE_MAX_DIGITS + 1, 30), (phone) => checkPhone(phone) === MESSAGE));
  });
});
