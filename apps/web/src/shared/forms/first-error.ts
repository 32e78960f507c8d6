import { maxLengthMessage, ValidationMessage } from '@stabile/contract';
import type { z } from 'zod';

export interface FieldError {
  field: string;
  message: string;
}

type Issue = Parameters<Extract<NonNullable<z.core.$ZodErrorMap>, (...args: never[]) => unknown>>[0];

const isEmpty = (input: unknown) => input === undefined || input === null || input === '';

/**
 * The message a person reads when a rule of the contract has no message of its own (the contract's
 * validators carry theirs): Italian, worded for an office user, never naming a field or a type.
 * Applied per parse, so it wins over zod's locale (which the browser bundle may not even load) and
 * loses to every message written in the contract.
 */
export function personError(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return isEmpty(issue.input) ? ValidationMessage.Required : 'Valore non valido';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? ValidationMessage.Required
          : `Scrivi almeno ${String(issue.minimum)} caratteri`;
      }
      if (issue.origin === 'number') {
        // Ids are positive: 0 is what an empty choice sends.
        return isEmpty(issue.input) || issue.input === 0
          ? ValidationMessage.Required
          : `Il valore deve essere almeno ${String(issue.minimum)}`;
      }
      return ValidationMessage.Required;
    case 'too_big':
      if (issue.origin === 'string') return maxLengthMessage(Number(issue.maximum));
      if (issue.origin === 'number') return `Il valore non può superare ${String(issue.maximum)}`;
      return 'Troppi elementi';
    case 'invalid_format':
      return issue.format === 'email' ? ValidationMessage.Email : 'Formato non valido';
    case 'invalid_value':
      return isEmpty(issue.input) ? ValidationMessage.Required : "Scegli un valore dell'elenco";
    default:
      return 'Valore non valido';
  }
}

/**
 * Validates form values with a contract schema (the same rules as the server) and returns the first
 * error only (spec section 5), or null when the values are valid.
 */
export function firstError<S extends z.ZodType>(schema: S, values: unknown): FieldError | null {
  const result = schema.safeParse(values, { error: personError });
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  return { field: issue.path.map(String).join('.'), message: issue.message };
}

/** `firstError` as the errors object of `@mantine/form` (`validate` option): at most one entry. */
export function firstErrorOf<S extends z.ZodType>(schema: S, values: unknown): Record<string, string> {
  const problem = firstError(schema, values);
  return problem ? { [problem.field]: problem.message } : {};
}

/**
 * Brings the first invalid field of a form into view and focuses it, after React has rendered the
 * error (and opened the section that holds it): in a long, scrolled modal the message would otherwise
 * appear out of sight and the click seem to do nothing.
 */
export function revealFirstInvalid(root: HTMLElement | null): void {
  if (!root) return;
  const attempt = (left: number) => {
    const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) {
      if (left > 0) window.setTimeout(() => attempt(left - 1), 50);
      return;
    }
    field.scrollIntoView?.({ block: 'center', behavior: 'auto' });
    field.focus({ preventScroll: true });
  };
  window.requestAnimationFrame(() => attempt(6));
}
