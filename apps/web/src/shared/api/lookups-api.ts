import {
  LookupApi as Api,
  type EndpointData,
  type EndpointItem,
  type EndpointQuery,
  FornitoreApi,
} from '@stabile/contract';
import { api, toPage } from './api.ts';
import type { Page } from './api-types.ts';
import { requestOf } from './endpoint-request.ts';

/**
 * Lookup lists (spec section 7 "Lookups"): nations, titles, localities, operators, provider
 * activity types, providers by text, assignment types, accounts. Shared by the forms of every area, so they live in
 * shared/ and no feature imports another for them.
 */
export const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    localita: build.query<
      EndpointData<typeof Api.localita>,
      Pick<EndpointQuery<typeof Api.localita>, 'cap' | 'citta'>
    >({
      query: (query) => requestOf(Api.localita, { query: { ...query, limit: 50 } }),
      keepUnusedDataFor: 600,
    }),
    nazioni: build.query<EndpointData<typeof Api.nazioni>, void>({
      query: () => requestOf(Api.nazioni, {}),
      providesTags: ['Lookup'],
    }),
    titoli: build.query<EndpointData<typeof Api.titoli>, void>({
      query: () => requestOf(Api.titoli, {}),
      providesTags: ['Lookup'],
    }),
    operatori: build.query<EndpointData<typeof Api.operatori>, void>({
      query: () => requestOf(Api.operatori, {}),
      providesTags: ['Lookup'],
    }),
    tipiAttivitaFornitore: build.query<EndpointData<typeof Api.tipiAttivitaFornitore>, void>({
      query: () => requestOf(Api.tipiAttivitaFornitore, {}),
      providesTags: ['Lookup'],
    }),
    tipiIncarico: build.query<EndpointData<typeof Api.tipiIncarico>, void>({
      query: () => requestOf(Api.tipiIncarico, {}),
      providesTags: ['Lookup'],
    }),
    contiLookup: build.query<EndpointData<typeof Api.contiLookup>, EndpointQuery<typeof Api.contiLookup>>({
      query: (query) => requestOf(Api.contiLookup, { query }),
    }),
    /** Providers found by a text (a form's provider field): the list's first page, as the providers area asks it. */
    providersSearch: build.query<Page<EndpointItem<typeof FornitoreApi.list>>, string>({
      query: (searchQuery) =>
        requestOf(FornitoreApi.list, {
          query: { pageNumber: 1, pageSize: 15, OrderBy: 'descr', searchQuery },
        }),
      transformResponse: toPage<EndpointItem<typeof FornitoreApi.list>>,
      providesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
  }),
});

export const {
  useLazyLocalitaQuery,
  useNazioniQuery,
  useTitoliQuery,
  useOperatoriQuery,
  useTipiAttivitaFornitoreQuery,
  useTipiIncaricoQuery,
  useContiLookupQuery,
  useProvidersSearchQuery,
} = lookupsApi;
