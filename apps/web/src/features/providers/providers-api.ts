import {
  FornitoreApi as Api,
  type EndpointBody,
  type EndpointData,
  type EndpointItem,
  type EndpointQuery,
} from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { Page } from '../../shared/api/api-types.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

/**
 * What the list asks: its page, search and filters (activity type, DURC state); size and order are
 * the list's own (15, by description).
 */
export type ProvidersListArgs = Pick<
  EndpointQuery<typeof Api.list>,
  'pageNumber' | 'searchQuery' | 'tipoAttivitaID' | 'durcStato'
>;

/** Providers (spec section 7 "Suppliers"), all taken from the contract. */
export const providersApi = api.injectEndpoints({
  endpoints: (build) => ({
    providers: build.query<Page<EndpointItem<typeof Api.list>>, ProvidersListArgs>({
      // The search is sent only when it has text (spec section 5), a filter only when one is chosen.
      query: ({ pageNumber, searchQuery, tipoAttivitaID, durcStato }) =>
        requestOf(Api.list, {
          query: {
            pageNumber,
            pageSize: 15,
            OrderBy: 'descr',
            searchQuery,
            tipoAttivitaID: tipoAttivitaID || undefined,
            durcStato: durcStato || undefined,
          },
        }),
      transformResponse: toPage<EndpointItem<typeof Api.list>>,
      providesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
    provider: build.query<EndpointData<typeof Api.get>, number>({
      query: (id) => requestOf(Api.get, { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Provider', id }],
    }),
    createProvider: build.mutation<EndpointData<typeof Api.create>, EndpointBody<typeof Api.create>>({
      query: (body) => requestOf(Api.create, { body }),
      invalidatesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
    updateProvider: build.mutation<
      EndpointData<typeof Api.update>,
      { id: number; body: EndpointBody<typeof Api.update> }
    >({
      query: ({ id, body }) => requestOf(Api.update, { params: { id }, body }),
      // The answer is the saved record (with its new objVersion): put it in the cache at once, so a
      // following delete or save never sends a stale version.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(providersApi.util.upsertQueryData('provider', id, data));
      },
      invalidatesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
    deleteProvider: build.mutation<EndpointData<typeof Api.remove>, { id: number; objVersion: number }>({
      query: ({ id, objVersion }) => requestOf(Api.remove, { params: { id }, query: { objVersion } }),
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
