import type { SerializedError } from '@reduxjs/toolkit';
import { i18n } from '../../i18n/i18n.ts';
import type { ApiErrorResult } from './api-types.ts';

/** The Italian message of an RTK Query error (an API error, or a rare client-side failure). */
export function errorMessageOf(error: ApiErrorResult | SerializedError | undefined): string {
  return error?.message || i18n.t('errors:error_999');
}

/** The catalogue code of an RTK Query error, if it came from the API. */
export function errorCodeOf(error: ApiErrorResult | SerializedError | undefined): number | undefined {
  return error && 'status' in error && typeof error.code === 'number' ? error.code : undefined;
}

/** The HTTP status of a failed request (0: no answer), undefined for an error that is not a request's. */
export function statusOf(error: ApiErrorResult | SerializedError | undefined): number | undefined {
  return error && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
}

/** A server message without the field path some validations append, e.g. "… (dataConcludereEntro)". */
export function withoutFieldName(message: string): string {
  return message.replace(/\s*\([A-Za-z][A-Za-z0-9_.[\]]*\)\s*$/, '');
}

/**
 * The messages of a refused request by field (`details` of a 113), for a form to show each once under
 * its field; what names no field comes as `form`.
 */
export function serverFieldErrors(error: ApiErrorResult | undefined): Record<string, string> {
  if (!error) return {};
  const result: Record<string, string> = {};
  for (const detail of error.details ?? []) {
    const field = detail.path.split('.')[0];
    if (field && !result[field]) result[field] = withoutFieldName(detail.message);
  }
  if (Object.keys(result).length === 0 && error.message) result.form = withoutFieldName(error.message);
  return result;
}
