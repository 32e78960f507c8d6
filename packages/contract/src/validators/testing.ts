import { composeIBAN } from 'ibantools';
import { buildCid } from './cid.ts';
import { controlCharacter, MONTH_LETTERS, omocodicVariant } from './codice-fiscale.ts';
import { partitaIvaCheckDigit } from './partita-iva.ts';

/*
 * Builders and random generators of valid values, for the demo data (seed) and the tests.
 * Every generator takes the random source, so a seeded one gives the same data on every run.
 */

/** A source of numbers in [0, 1), like Math.random. */
export type RandomSource = () => number;

/** A small deterministic generator (mulberry32) for repeatable demo data. */
export function seededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomInt(random: RandomSource, maxExclusive: number): number {
  return Math.floor(random() * maxExclusive);
}

function randomDigits(random: RandomSource, length: number): string {
  return Array.from({ length }, () => String(randomInt(random, 10))).join('');
}

function randomChars(random: RandomSource, alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[randomInt(random, alphabet.length)]).join('');
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A partita IVA from its first 10 digits, with the check digit appended. */
export function partitaIvaFromBody(firstTenDigits: string): string {
  return `${firstTenDigits}${partitaIvaCheckDigit(firstTenDigits)}`;
}

/**
 * A random valid partita IVA: a 7-digit serial, a provincial office code 001-100, the check digit.
 */
export function randomPartitaIva(random: RandomSource = Math.random): string {
  const serial = randomDigits(random, 7).replace(/^0000000$/, '0000001');
  const office = String(1 + randomInt(random, 100)).padStart(3, '0');
  return partitaIvaFromBody(`${serial}${office}`);
}

/** A 16-character fiscal code from its first 15 characters, with the control letter appended. */
export function codiceFiscaleFromBody(firstFifteen: string): string {
  return `${firstFifteen}${controlCharacter(firstFifteen)}`;
}

/**
 * A random valid personal fiscal code: random name letters, a real date of birth (1930-2005), a
 * random sex and municipality code; `omocodia` (0-7) numeric positions replaced by letters.
 */
export function randomCodiceFiscale(random: RandomSource = Math.random, omocodia = 0): string {
  const year = 1930 + randomInt(random, 76);
  const month = randomInt(random, 12);
  const day = 1 + randomInt(random, 28) + (random() < 0.5 ? 40 : 0);
  const body = [
    randomChars(random, LETTERS, 6),
    String(year % 100).padStart(2, '0'),
    MONTH_LETTERS[month],
    String(day).padStart(2, '0'),
    randomChars(random, LETTERS, 1),
    randomDigits(random, 3),
  ].join('');
  const code = codiceFiscaleFromBody(body);
  return omocodia > 0 ? omocodicVariant(code, omocodia) : code;
}

/** The CIN (control letter) of an Italian bank account, from ABI (5), CAB (5) and account (12). */
export function italianCin(abi: string, cab: string, conto: string): string {
  return controlCharacter(`${abi}${cab}${conto}`.toUpperCase());
}

/** An Italian IBAN from ABI, CAB and account number, with CIN and check digits computed. */
export function italianIbanFromParts(abi: string, cab: string, conto: string): string {
  const account = conto.toUpperCase().padStart(12, '0');
  const iban = composeIBAN({
    countryCode: 'IT',
    bban: `${italianCin(abi, cab, account)}${abi}${cab}${account}`,
  });
  if (!iban) throw new RangeError('italianIbanFromParts: ABI, CAB o conto non validi');
  return iban;
}

/** A random valid Italian IBAN (27 characters, correct CIN and check digits). */
export function randomIban(random: RandomSource = Math.random): string {
  return italianIbanFromParts(randomDigits(random, 5), randomDigits(random, 5), randomDigits(random, 12));
}

/** A random valid SEPA creditor identifier of an Italian company (business code ZZZ or random). */
export function randomCid(random: RandomSource = Math.random): string {
  const businessCode = random() < 0.5 ? 'ZZZ' : randomChars(random, `${LETTERS}0123456789`, 3);
  const nationalId = random() < 0.5 ? randomPartitaIva(random) : randomCodiceFiscale(random);
  return buildCid(nationalId, businessCode);
}
