import type { ApiError, Pagination } from '@stabile/contract';

/** What every endpoint receives as error: the catalogue error of the API (spec section 8). */
export type ApiErrorResult = ApiError;

/** Meta of every response: the HTTP status and the pagination of list calls (x-pagination header). */
export interface ApiMeta {
  status?: number;
  pagination?: Pagination;
}

/**
 * Per-endpoint options of the base query (`extraOptions` of an endpoint).
 * - `handledCodes`: error codes the caller shows itself (e.g. a wrong password inside a dialog): no
 *   toast, modal or navigation for them. `'all'` hands every error to the caller. An expired session
 *   (111 after the refresh) always logs out.
 */
export interface ApiExtraOptions {
  handledCodes?: readonly number[] | 'all';
}

/** A page of a list: what list endpoints return through `toPage` (see api.ts). */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}
