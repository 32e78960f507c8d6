import type { Rng } from './random.ts';

/**
 * Valid Italian identifiers for the demo data: fiscal codes, partita IVA and IBAN. Small, exact
 * implementations of the official algorithms (the contract's validators check them).
 */

// biome-ignore format: the official table reads best as a table
const ODD_VALUES: Readonly<Record<string, number>> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const MONTH_LETTERS = 'ABCDEHLMPRST';

/** Control character of the fiscal code (and CIN of an Italian bank account). */
export function controlCharacter(text: string): string {
  let sum = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? '0';
    if (i % 2 === 0) sum += ODD_VALUES[ch] ?? 0;
    else sum += /\d/.test(ch) ? Number(ch) : LETTERS.indexOf(ch);
  }
  return LETTERS[sum % 26] ?? 'A';
}

function letters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}
const consonants = (t: string) => t.replace(/[AEIOU]/g, '');
const vowels = (t: string) => t.replace(/[^AEIOU]/g, '');

/** The 16-character fiscal code of a person. `dataNascita` is 'YYYY-MM-DD'. */
export function codiceFiscale(p: {
  nome: string;
  cognome: string;
  dataNascita: string;
  sesso: 'M' | 'F';
  codiceComune: string;
}): string {
  const surname = letters(p.cognome);
  const name = letters(p.nome);
  const surnameCode = `${consonants(surname)}${vowels(surname)}XXX`.slice(0, 3);
  const nc = consonants(name);
  const nameCode = nc.length >= 4 ? `${nc[0]}${nc[2]}${nc[3]}` : `${nc}${vowels(name)}XXX`.slice(0, 3);
  const [year = '', month = '', day = ''] = p.dataNascita.split('-');
  const dayNumber = Number(day) + (p.sesso === 'F' ? 40 : 0);
  const body = `${surnameCode}${nameCode}${year.slice(2)}${MONTH_LETTERS[Number(month) - 1]}${String(dayNumber).padStart(2, '0')}${p.codiceComune.toUpperCase()}`;
  return `${body}${controlCharacter(body)}`;
}

/** Check digit of an 11-digit partita IVA from its first ten digits. */
export function partitaIvaCheckDigit(first10: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const d = Number(first10[i]);
    if (i % 2 === 0) sum += d;
    else sum += d * 2 > 9 ? d * 2 - 9 : d * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A valid partita IVA (also the numeric fiscal code of companies and condominiums): 7 digits of
 * the company number, 3 of the province office, the check digit.
 */
export function partitaIva(rng: Rng, officeCode = rng.int(1, 100)): string {
  const first10 = `${rng.int(1, 9)}${rng.digits(6)}${String(officeCode).padStart(3, '0')}`;
  return `${first10}${partitaIvaCheckDigit(first10)}`;
}

/** A condominium's fiscal code: 11 digits starting with 9 (non-commercial bodies). */
export function codiceFiscaleCondominio(rng: Rng): string {
  const first10 = `9${rng.digits(6)}${String(rng.int(1, 100)).padStart(3, '0')}`;
  return `${first10}${partitaIvaCheckDigit(first10)}`;
}

function mod97(digits: string): number {
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return rest;
}

/** ISO 13616 check digits of an IBAN from its country and BBAN. */
export function ibanCheckDigits(country: string, bban: string): string {
  const rearranged = `${bban}${country}00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return String(98 - mod97(rearranged)).padStart(2, '0');
}

/** A valid Italian IBAN (27 characters) for a bank ABI code. */
export function italianIban(rng: Rng, abi: string): string {
  const cab = rng.digits(5);
  const conto = rng.digits(12);
  const cin = controlCharacter(`${abi}${cab}${conto}`);
  const bban = `${cin}${abi}${cab}${conto}`;
  return `IT${ibanCheckDigits('IT', bban)}${bban}`;
}
