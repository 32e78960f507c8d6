import fc from 'fast-check';
import { buildCid } from './cid.ts';
import { MONTH_LETTERS, omocodicVariant } from './codice-fiscale.ts';
import { codiceFiscaleFromBody, italianIbanFromParts, partitaIvaFromBody } from './testing.ts';

/* fast-check arbitraries of valid values and of one-character mutations, for the property tests. */

export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const DIGITS = '0123456789';
export const ALPHANUMERIC = `${LETTERS}${DIGITS}`;

export const charOf = (alphabet: string) => fc.constantFrom(...alphabet.split(''));
export const stringOf = (alphabet: string, length: number) =>
  fc.array(charOf(alphabet), { minLength: length, maxLength: length }).map((chars) => chars.join(''));
export const digits = (length: number) => stringOf(DIGITS, length);

export const partitaIvaArb = digits(10)
  .filter((body) => body !== '0000000000')
  .map(partitaIvaFromBody);

export const codiceFiscaleArb = fc
  .record({
    name: stringOf(LETTERS, 6),
    year: fc.integer({ min: 0, max: 99 }),
    month: fc.integer({ min: 0, max: 11 }),
    day: fc.integer({ min: 1, max: 31 }),
    female: fc.boolean(),
    comune: fc.tuple(charOf(LETTERS), digits(3)),
    omocodia: fc.integer({ min: 0, max: 7 }),
  })
  .map(({ name, year, month, day, female, comune, omocodia }) => {
    const body = `${name}${String(year).padStart(2, '0')}${MONTH_LETTERS[month]}${String(day + (female ? 40 : 0)).padStart(2, '0')}${comune[0]}${comune[1]}`;
    const code = codiceFiscaleFromBody(body);
    return omocodia > 0 ? omocodicVariant(code, omocodia) : code;
  });

export const ibanArb = fc
  .tuple(digits(5), digits(5), stringOf(ALPHANUMERIC, 12))
  .map(([abi, cab, conto]) => italianIbanFromParts(abi, cab, conto));

export const cidArb = fc
  .tuple(fc.oneof(partitaIvaArb, codiceFiscaleArb), stringOf(ALPHANUMERIC, 3))
  .map(([nationalId, businessCode]) => buildCid(nationalId, businessCode));

/**
 * The value with the character at one of `positions` (default: any) replaced by a different
 * character of `alphabet`.
 */
export function mutateOneChar(value: fc.Arbitrary<string>, alphabet: string, positions?: readonly number[]) {
  return value.chain((original) =>
    fc
      .record({
        position: positions ? fc.constantFrom(...positions) : fc.nat({ max: original.length - 1 }),
        replacement: charOf(alphabet),
      })
      .filter(({ position, replacement }) => original[position] !== replacement)
      .map(({ position, replacement }) => ({
        original,
        mutated: `${original.slice(0, position)}${replacement}${original.slice(position + 1)}`,
      })),
  );
}

/**
 * The value with one character replaced by a different one of the same kind (a digit by a digit,
 * a letter by a letter): the substitutions MOD 97 check digits always detect. A digit replaced by
 * a letter becomes two digits in the computation, which MOD 97 misses about once in 97.
 */
export function mutateOneCharSameKind(value: fc.Arbitrary<string>) {
  return value.chain((original) =>
    fc.nat({ max: original.length - 1 }).chain((position) => {
      const alphabet = /\d/.test(original[position] ?? '') ? DIGITS : LETTERS;
      return charOf(alphabet)
        .filter((replacement) => replacement !== original[position])
        .map((replacement) => ({
          original,
          mutated: `${original.slice(0, position)}${replacement}${original.slice(position + 1)}`,
        }));
    }),
  );
}
