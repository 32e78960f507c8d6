import { createApi } from '@reduxjs/toolkit/query/react';
import type { ApiMeta, Page } from './api-types.ts';
import { baseQuery } from './base-query.ts';

/** Every cached entity; after an archive update all of them are fetched again. */
export const TAG_TYPES = [
  'Activity',
  'ActivityType',
  'ActivityEvents',
  'Intervention',
  'SupplierAssignment',
  'Contact',
  'Provider',
  'Assignment',
  'Lookup',
  'Archive',
  'Account',
  'Condominium',
  'Device',
  'Home',
  'CommonPart',
  'CommonPartService',
  'Instalment',
  'InstalmentDetail',
  'PrintSettings',
  'Attachment',
  'Dossier',
] as const;

/**
 * The ONE RTK Query api of the app. Features add their calls from their own folder:
 *
 *   export const contactsApi = api.injectEndpoints({
 *     endpoints: (build) => ({
 *       contacts: build.query<Page<EndpointItem<typeof PersonaApi.list>>, EndpointQuery<typeof PersonaApi.list>>({
 *         query: (query) => requestOf(PersonaApi.list, { query }),
 *         transformResponse: toPage<EndpointItem<typeof PersonaApi.list>>,   // list: { items, pagination }
 *         providesTags: [{ type: 'Contact', id: 'LIST' }],
 *       }),
 *       contact: build.query<EndpointData<typeof PersonaApi.get>, number>({
 *         query: (id) => requestOf(PersonaApi.get, { params: { id } }),
 *       }),
 *     }),
 *   });
 *
 * Path, method and input types come from the contract's declaration (decision 0011).
 *
 * Results are the envelope's `data` (already unwrapped). Errors are `{ code, message, status }` of the
 * catalogue; toasts, the 105 modal, archive reset and logout happen in the base query. An endpoint
 * that shows an error itself passes `extraOptions: { handledCodes: [103] }` (or 'all').
 */

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  // Back online, what is on screen is read again (it may be the copy kept on the device).
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/** transformResponse of list endpoints: the items and the pagination of the x-pagination header. */
export function toPage<T>(items: T[], meta: ApiMeta | undefined): Page<T> {
  const list = Array.isArray(items) ? items : [];
  return {
    items: list,
    pagination: meta?.pagination ?? {
      totalCount: list.length,
      currentPage: 1,
      pageSize: Math.max(list.length, 1),
      totalPages: list.length > 0 ? 1 : 0,
    },
  };
}
