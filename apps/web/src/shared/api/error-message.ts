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
