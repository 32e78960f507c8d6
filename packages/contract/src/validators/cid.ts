import { isValidCodiceFiscale } from './codice-fiscale.ts';
import { ValidationMessage } from './messages.ts';
import { normalizeCode } from './partita-iva.ts';

/** The business code used when the creditor has a single collection activity. */
export const DEFAULT_CID_BUSINESS_CODE = 'ZZZ';

/** ISO 7064 MOD 97-10 remainder of an alphanumeric string (letters A=10 ... Z=35). */
export function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/**
 * The two check digits of an Italian SEPA creditor identifier, computed as for an IBAN over the
 * national id followed by "IT00"; the business code is not part of the computation.
 */
export function cidCheckDigits(nationalId: string): string {
  return String(98 - mod97(`${normalizeCode(nationalId)}IT00`)).padStart(2, '0');
}

/**
 * An Italian SEPA creditor identifier (CID): "IT", two check digits, a 3-character business code
 * (letters or digits, "ZZZ" by default) and the creditor's fiscal code or VAT number, e.g.
 * IT04ZZZRSSMRA85T10A562S. Since the business code is outside the check digits, a change there
 * is not detected by them (by design of the standard).
 */
export function isValidCid(value: string): boolean {
  const code = normalizeCode(value);
  const match = /^IT(\d{2})([A-Z0-9]{3})([A-Z0-9]{11}|[A-Z0-9]{16})$/.exec(code);
  if (!match) return false;
  const [, checkDigits = '', , nationalId = ''] = match;
  return isValidCodiceFiscale(nationalId) && cidCheckDigits(nationalId) === checkDigits;
}

export function checkCid(value: string): string | null {
  return isValidCid(value) ? null : ValidationMessage.Cid;
}

/** Builds the CID of a creditor from its fiscal code or VAT number. */
export function buildCid(nationalId: string, businessCode: string = DEFAULT_CID_BUSINESS_CODE): string {
  const id = normalizeCode(nationalId);
  return `IT${cidCheckDigits(id)}${businessCode.toUpperCase()}${id}`;
}
