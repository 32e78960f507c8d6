import { FornitoreApi as Api, type EndpointQuery } from '@stabile/contract';
import { api } from '../../shared/api/api.ts';
import { registryEndpoints } from '../../shared/api/registry-endpoints.ts';

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
  endpoints: (build) => {
    const calls = registryEndpoints(build, Api, {
      tag: 'Provider',
      // The search is sent only when it has text (spec section 5), a filter only when one is chosen.
      listQuery: ({ pageNumber, searchQuery, tipoAttivitaID, durcStato }: ProvidersListArgs) => ({
        pageNumber,
        pageSize: 15,
        OrderBy: 'descr' as const,
        searchQuery,
        tipoAttivitaID: tipoAttivitaID || undefined,
        durcStato: durcStato || undefined,
      }),
      saved: (id, record): unknown => providersApi.util.upsertQueryData('provider', id, record),
    });
    return {
      providers: calls.list,
      provider: calls.get,
      createProvider: calls.create,
      updateProvider: calls.update,
      deleteProvider: calls.remove,
    };
  },
});

export const {
  useProvidersQuery,
  useProviderQuery,
  useCreateProviderMutation,
  useUpdateProviderMutation,
  useDeleteProviderMutation,
} = providersApi;
