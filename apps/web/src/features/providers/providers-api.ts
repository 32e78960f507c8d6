import type { FornitoreCreate, Registry, RegistryListItem } from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { Page } from '../../shared/api/api-types.ts';

export interface ProvidersListArgs {
  pageNumber: number;
  searchQuery?: string;
  /** Only providers of this activity type. */
  tipoAttivitaID?: number;
  /** Only providers in this DURC state (DurcState). */
  durcStato?: number;
}

/** Providers (spec section 7 "Suppliers", `/api/fornitore`). */
export const providersApi = api.injectEndpoints({
  endpoints: (build) => ({
    providers: build.query<Page<RegistryListItem>, ProvidersListArgs>({
      query: ({ pageNumber, searchQuery, tipoAttivitaID, durcStato }) => ({
        url: '/api/fornitore',
        // The search is sent only when it has text (spec section 5), a filter only when one is chosen.
        params: {
          pageNumber,
          pageSize: 15,
          OrderBy: 'descr',
          ...(searchQuery ? { searchQuery } : {}),
          ...(tipoAttivitaID ? { tipoAttivitaID } : {}),
          ...(durcStato ? { durcStato } : {}),
        },
      }),
      transformResponse: toPage<RegistryListItem>,
      providesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
    provider: build.query<Registry, number>({
      query: (id) => `/api/fornitore/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Provider', id }],
    }),
    createProvider: build.mutation<Registry, FornitoreCreate>({
      query: (body) => ({ url: '/api/fornitore', method: 'POST', body }),
      invalidatesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
    updateProvider: build.mutation<Registry, { id: number; body: FornitoreCreate & { objVersion: number } }>({
      query: ({ id, body }) => ({ url: `/api/fornitore/${id}`, method: 'PUT', body }),
      // The answer is the saved record (with its new objVersion): put it in the cache at once, so a
      // following delete or save never sends a stale version.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(providersApi.util.upsertQueryData('provider', id, data));
      },
      invalidatesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
    deleteProvider: build.mutation<{ id: number }, { id: number; objVersion: number }>({
      query: ({ id, objVersion }) => ({
        url: `/api/fornitore/${id}`,
        method: 'DELETE',
        params: { objVersion },
      }),
      invalidatesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
  }),
});

export const {
  useProvidersQuery,
  useProviderQuery,
  useCreateProviderMutation,
  useUpdateProviderMutation,
  useDeleteProviderMutation,
} = providersApi;
