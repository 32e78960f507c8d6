import { ValidationMessage } from './messages.ts';

/** Spaces, dots and dashes people type inside codes; case is not significant. */
export function normalizeCode(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * The check digit of an Italian partita IVA from its first 10 digits (Luhn-like): digits in odd
 * positions are added, digits in even positions are doubled (minus 9 above 9) and added; the
 * check digit brings the sum to a multiple of 10.
 */
export function partitaIvaCheckDigit(firstTenDigits: string): number {
  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const digit = Number(firstTenDigits[index]);
    if (index % 2 === 0) sum += digit;
    else sum += digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** An Italian partita IVA: 11 digits, a correct check digit, not all zeros. No country prefix. */
export function isValidItalianPartitaIva(value: string): boolean {
  const code = normalizeCode(value);
  if (!/^\d{11}$/.test(code) || code === '00000000000') return false;
  return partitaIvaCheckDigit(code) === Number(code[10]);
}

/**
 * VAT-number formats of the other EU member states (VIES), plus Northern Ireland (XI), the United
 * Kingdom, Switzerland and San Marino, which Italian suppliers meet often. Only the shape is checked:
 * each country has its own check-digit rule, and the authority is VIES.
 */
export const FOREIGN_VAT_FORMATS: Readonly<Record<string, RegExp>> = {
  AT: /^U\d{8}$/,
  BE: /^[01]\d{9}$/,
  BG: /^\d{9,10}$/,
  CY: /^\d{8}[A-Z]$/,
  CZ: /^\d{8,10}$/,
  DE: /^\d{9}$/,
  DK: /^\d{8}$/,
  EE: /^\d{9}$/,
  EL: /^\d{9}$/,
  GR: /^\d{9}$/,
  ES: /^(?:[A-Z]\d{7}[A-Z0-9]|\d{8}[A-Z])$/,
  FI: /^\d{8}$/,
  FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/,
  HR: /^\d{11}$/,
  HU: /^\d{8}$/,
  IE: /^(?:\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  LT: /^(?:\d{9}|\d{12})$/,
  LU: /^\d{8}$/,
  LV: /^\d{11}$/,
  MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/,
  PL: /^\d{10}$/,
  PT: /^\d{9}$/,
  RO: /^\d{2,10}$/,
  SE: /^\d{10}01$/,
  SI: /^\d{8}$/,
  SK: /^\d{10}$/,
  XI: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  GB: /^(?:\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
  CH: /^E\d{9}(?:MWST|TVA|IVA|TPV)?$/,
  SM: /^\d{5}$/,
};

/**
 * A VAT number as saved on a contact or provider: an Italian partita IVA (11 digits, optionally
 * prefixed with IT) or a foreign one with its country prefix (e.g. DE123456789, ATU12345678).
 */
export function isValidPartitaIva(value: string): boolean {
  const code = normalizeCode(value);
  if (/^\d{11}$/.test(code)) return isValidItalianPartitaIva(code);
  const country = code.slice(0, 2);
  if (country === 'IT') return isValidItalianPartitaIva(code.slice(2));
  const format = FOREIGN_VAT_FORMATS[country];
  return format?.test(code.slice(2)) ?? false;
}

export function checkPartitaIva(value: string): string | null {
  return isValidPartitaIva(value) ? null : ValidationMessage.PartitaIva;
}
