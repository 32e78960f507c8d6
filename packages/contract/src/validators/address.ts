import { PROVINCE_CODES } from '../lookups/data/provinces.ts';
import { ValidationMessage } from './messages.ts';

/** Italian postal code: exactly 5 digits. */
export function isValidCap(value: string): boolean {
  return /^\d{5}$/.test(value.trim());
}

export function checkCap(value: string): string | null {
  return isValidCap(value) ? null : ValidationMessage.Cap;
}

/** One of the 107 current province acronyms, or EE for an address abroad (case is not significant). */
export function isValidProvincia(value: string): boolean {
  return PROVINCE_CODES.has(value.trim().toUpperCase());
}

export function checkProvincia(value: string): string | null {
  return isValidProvincia(value) ? null : ValidationMessage.Provincia;
}

/** Cadastral (Belfiore) code of a municipality, or Z + 3 digits for a foreign country: e.g. F205. */
export function isValidCodiceComune(value: string): boolean {
  return /^[A-Z]\d{3}$/i.test(value.trim());
}

export function checkCodiceComune(value: string): string | null {
  return isValidCodiceComune(value) ? null : ValidationMessage.CodiceComune;
}
