import { ValidationMessage } from './messages.ts';
import { isValidItalianPartitaIva, normalizeCode } from './partita-iva.ts';

// biome-ignore format: the official table reads best as a table
const ODD_VALUES: Readonly<Record<string, number>> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18,
  N: 20, O: 11, P: 3, Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
};

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

function evenValue(char: string): number {
  return /\d/.test(char) ? Number(char) : LETTERS.indexOf(char);
}

/**
 * The control letter of the Agenzia delle Entrate algorithm: characters in odd positions (1-based)
 * take the "dispari" table value, in even positions their "pari" value; the sum modulo 26 is the
 * letter. The same algorithm gives the CIN of an Italian bank account (over ABI + CAB + conto).
 */
export function controlCharacter(text: string): string {
  let sum = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? '';
    sum += index % 2 === 0 ? (ODD_VALUES[char] ?? 0) : evenValue(char);
  }
  return LETTERS[sum % 26] ?? 'A';
}

/** Month letters of the fiscal code, January to December. */
export const MONTH_LETTERS = 'ABCDEHLMPRST';
/** Letters that replace the digits 0-9 in a code made distinct after a clash ("omocodia"). */
export const OMOCODIA_LETTERS = 'LMNPQRSTUV';
/** 0-based positions of the 7 digits that omocodia may replace, from the last one used. */
export const OMOCODIA_POSITIONS = [14, 13, 12, 10, 9, 7, 6] as const;

const PERSON_CODE_PATTERN =
  /^[A-Z]{6}[\dLMNPQRSTUV]{2}[ABCDEHLMPRST][\dLMNPQRSTUV]{2}[A-Z][\dLMNPQRSTUV]{3}[A-Z]$/;

function decodeDigits(text: string): string {
  return text.replace(/[LMNPQRSTUV]/g, (letter) => String(OMOCODIA_LETTERS.indexOf(letter)));
}

/**
 * A 16-character personal fiscal code: the pattern (omocodic letters allowed in the 7 numeric
 * positions), a day of birth 1-31 (41-71 for women) and the control letter.
 */
export function isValidPersonalCodiceFiscale(value: string): boolean {
  const code = normalizeCode(value);
  if (!PERSON_CODE_PATTERN.test(code)) return false;
  const day = Number(decodeDigits(code.slice(9, 11)));
  if (!((day >= 1 && day <= 31) || (day >= 41 && day <= 71))) return false;
  return controlCharacter(code.slice(0, 15)) === code[15];
}

/**
 * A fiscal code as Italian registries hold it: 16 characters for a person, or 11 digits (the
 * numeric code of companies, condominiums and associations, and the temporary code of a person),
 * checked with the partita IVA check digit.
 */
export function isValidCodiceFiscale(value: string): boolean {
  const code = normalizeCode(value);
  return code.length === 11 ? isValidItalianPartitaIva(code) : isValidPersonalCodiceFiscale(code);
}

/**
 * Fiscal code of a contact (persona). It accepts the 11-digit form too: a contact may be a company,
 * a condominium or a sole trader, whose fiscal code is numeric.
 */
export function checkCodiceFiscalePersona(value: string): string | null {
  return isValidCodiceFiscale(value) ? null : ValidationMessage.CodiceFiscale;
}

/**
 * Fiscal code of a provider (fornitore): usually the 11-digit code of a company, but a provider may
 * be a self-employed person with a 16-character code. Same rule as the contact's today; the two
 * stay separate names so each form says which it means and either can change alone.
 */
export function checkCodiceFiscaleFornitore(value: string): string | null {
  return isValidCodiceFiscale(value) ? null : ValidationMessage.CodiceFiscale;
}

/** Alias of the contact rule, for fields that are not tied to a contact or a provider. */
export const checkCodiceFiscale = checkCodiceFiscalePersona;

function lettersOnly(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
}

function consonants(text: string): string {
  return text.replace(/[AEIOU]/g, '');
}

function vowels(text: string): string {
  return text.replace(/[^AEIOU]/g, '');
}

function surnameCode(surname: string): string {
  const letters = lettersOnly(surname);
  return `${consonants(letters)}${vowels(letters)}XXX`.slice(0, 3);
}

function nameCode(name: string): string {
  const letters = lettersOnly(name);
  const nameConsonants = consonants(letters);
  if (nameConsonants.length >= 4) {
    return `${nameConsonants[0]}${nameConsonants[2]}${nameConsonants[3]}`;
  }
  return `${nameConsonants}${vowels(letters)}XXX`.slice(0, 3);
}

export interface CodiceFiscaleInput {
  nome: string;
  cognome: string;
  /** ISO date `YYYY-MM-DD`. */
  dataNascita: string;
  sesso: 'M' | 'F';
  /** Cadastral code of the municipality of birth (Z + 3 digits for a foreign country). */
  codiceComune: string;
}

/**
 * The fiscal code of a person by the official algorithm (no omocodia: that is assigned by the
 * Agenzia delle Entrate only when two people would get the same code).
 */
export function computeCodiceFiscale(input: CodiceFiscaleInput): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input.dataNascita);
  const comune = input.codiceComune.toUpperCase();
  if (!match || !/^[A-Z]\d{3}$/.test(comune)) {
    throw new RangeError('computeCodiceFiscale: data di nascita o codice comune non validi');
  }
  const [, year = '', month = '', day = ''] = match;
  const monthLetter = MONTH_LETTERS[Number(month) - 1];
  const dayNumber = Number(day) + (input.sesso === 'F' ? 40 : 0);
  if (monthLetter === undefined || Number(day) < 1 || Number(day) > 31) {
    throw new RangeError('computeCodiceFiscale: data di nascita non valida');
  }
  const body = `${surnameCode(input.cognome)}${nameCode(input.nome)}${year.slice(2)}${monthLetter}${String(dayNumber).padStart(2, '0')}${comune}`;
  return `${body}${controlCharacter(body)}`;
}

/**
 * The omocodic variant of a valid personal fiscal code with the last `count` numeric positions
 * (1-7) replaced by letters, and the control letter recomputed.
 */
export function omocodicVariant(code: string, count: number): string {
  const chars = normalizeCode(code).slice(0, 15).split('');
  for (const position of OMOCODIA_POSITIONS.slice(0, count)) {
    const char = chars[position] ?? '0';
    if (/\d/.test(char)) chars[position] = OMOCODIA_LETTERS[Number(char)] ?? char;
  }
  const body = chars.join('');
  return `${body}${controlCharacter(body)}`;
}
