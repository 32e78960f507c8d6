import { SEARCH_MIN_LENGTH } from '../common/constants.ts';
import { maxLengthMessage, type ValidationCheck, ValidationMessage } from './messages.ts';

/** True for null, undefined and strings made only of blanks. */
export function isBlank(value: string | null | undefined): boolean {
  return value === null || value === undefined || value.trim() === '';
}

export function checkRequired(value: string | null | undefined): string | null {
  return isBlank(value) ? ValidationMessage.Required : null;
}

/** Length in characters as a person counts them (an emoji is one), not UTF-16 units. */
export function characterCount(value: string): number {
  return [...value].length;
}

export function checkMaxLength(value: string, max: number): string | null {
  return characterCount(value) > max ? maxLengthMessage(max) : null;
}

export function checkNumeric(value: string): string | null {
  return /^\d+$/.test(value.trim()) ? null : ValidationMessage.Numeric;
}

/**
 * The first error of a list of checks, evaluated in order and lazily (a thunk runs only when all
 * before it passed): forms show one message per field.
 */
export function firstError(
  checks: ReadonlyArray<string | null | undefined | (() => string | null)>,
): string | null {
  for (const check of checks) {
    const message = typeof check === 'function' ? check() : check;
    if (message) return message;
  }
  return null;
}

/** Chains rules into one that returns the first failing message (for a form field's `validate`). */
export function composeChecks(...checks: ValidationCheck[]): ValidationCheck {
  return (value) => firstError(checks.map((check) => () => check(value)));
}

/** A rule for an optional field: blank is valid, anything else must pass `check`. */
export function optionalCheck(check: ValidationCheck): (value: string | null | undefined) => string | null {
  return (value) => (value === null || value === undefined || isBlank(value) ? null : check(value));
}

/** A rule for a required field: blank gives the "required" message, anything else must pass `check`. */
export function requiredCheck(check: ValidationCheck): (value: string | null | undefined) => string | null {
  return (value) =>
    value === null || value === undefined || isBlank(value) ? ValidationMessage.Required : check(value);
}

/** Lists search only once the query has at least SEARCH_MIN_LENGTH characters (blanks excluded). */
export function searchQueryReady(query: string | null | undefined): boolean {
  return characterCount((query ?? '').trim()) >= SEARCH_MIN_LENGTH;
}

/** The `searchQuery` parameter to send: the trimmed query when ready, otherwise nothing. */
export function searchQueryParam(query: string | null | undefined): string | undefined {
  return searchQueryReady(query) ? (query ?? '').trim() : undefined;
}
