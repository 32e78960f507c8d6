import { ValidationMessage } from './messages.ts';

export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 20;

/**
 * An Italian or international phone number as people write it: an optional leading +, then
 * digits with spaces, dots, dashes or parentheses between them; 6 to 20 digits in all
 * (e.g. "02 1234567", "+39 (02) 123-4567", "333.123.4567").
 */
export function isValidPhone(value: string): boolean {
  const phone = value.trim();
  if (!/^\+?[\d\s.()-]+$/.test(phone) || !/\d/.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

export function checkPhone(value: string): string | null {
  return isValidPhone(value) ? null : ValidationMessage.Phone;
}
