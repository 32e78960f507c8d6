import type { z } from 'zod';

export interface FieldError {
  field: string;
  message: string;
}

/**
 * Validates form values with a contract schema (the same rules as the server) and returns the first
 * error only (spec section 5), or null when the values are valid.
 */
export function firstError<S extends z.ZodType>(schema: S, values: unknown): FieldError | null {
  const result = schema.safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0];
  if (!issue) return null;
  return { field: issue.path.map(String).join('.'), message: issue.message };
}
