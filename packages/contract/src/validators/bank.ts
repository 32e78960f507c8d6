import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { ValidationMessage } from './messages.ts';

/** The IBAN without spaces, in capitals, as it is stored. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? '';
}

/** An IBAN of any country of the IBAN registry: length, BBAN format and MOD 97 check digits. */
export function isValidIban(value: string): boolean {
  return isValidIBAN(normalizeIban(value));
}

export function checkIban(value: string): string | null {
  return isValidIban(value) ? null : ValidationMessage.Iban;
}

/** A BIC (SWIFT code): 8 or 11 characters with a known country. */
export function isValidBic(value: string): boolean {
  return isValidBIC(value.replace(/\s/g, '').toUpperCase());
}

export function checkBic(value: string): string | null {
  return isValidBic(value) ? null : ValidationMessage.Bic;
}
