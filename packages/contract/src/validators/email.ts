import { EMAIL_MAX_LENGTH } from '../common/constants.ts';
import { characterCount } from './common.ts';
import { ValidationMessage } from './messages.ts';

const LOCAL_PART = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
/** A domain label: letters (also accented, for internationalised domains), digits, inner hyphens. */
const LABEL = '[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?';
const TOP_LEVEL = '(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})';
export const DOMAIN_NAME_PATTERN = `(?:${LABEL}\\.)+${TOP_LEVEL}`;
const EMAIL_PATTERN = new RegExp(`^${LOCAL_PART}@${DOMAIN_NAME_PATTERN}$`, 'iu');

/** The address pattern: dot-atom local part, a domain with at least two labels. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function checkEmail(value: string): string | null {
  if (characterCount(value.trim()) > EMAIL_MAX_LENGTH) return ValidationMessage.EmailTooLong;
  return isValidEmail(value) ? null : ValidationMessage.Email;
}

/**
 * A PEC (posta elettronica certificata) is an ordinary address on a certified provider's domain.
 * Providers and their domains change, and companies use their own certified domains, so any valid
 * address is accepted: only the message differs.
 */
export function checkPec(value: string): string | null {
  if (characterCount(value.trim()) > EMAIL_MAX_LENGTH) return ValidationMessage.EmailTooLong;
  return isValidEmail(value) ? null : ValidationMessage.Pec;
}
