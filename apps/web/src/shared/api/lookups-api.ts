import type { ContoLookupItem, Localita, LookupItem, Operatore } from '@stabile/contract';
import { api } from './api.ts';

/**
 * Lookup lists (spec section 7 "Lookups"): nations, titles, localities, operators, provider
 * activity types, assignment types, accounts. Shared by the forms of every area, so they live in
 * shared/ and no feature imports another for them.
 */
export const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    localita: build.query<Localita[], { cap?: string; citta?: string }>({
      query: (params) => ({ url: '/api/localita', params: { ...params, limit: 50 } }),
      keepUnusedDataFor: 600,
    }),
    nazioni: build.query<LookupItem[], void>({ query: () => '/api/nazione', providesTags: ['Lookup'] }),
    titoli: build.query<LookupItem[], void>({
      query: () => '/api/titoloAnagrafica',
      providesTags: ['Lookup'],
    }),
    operatori: build.query<Operatore[], void>({ query: () => '/api/operatore', providesTags: ['Lookup'] }),
    tipiAttivitaFornitore: build.query<LookupItem[], void>({
      query: () => '/api/fornitore/tipoAttivita',
      providesTags: ['Lookup'],
    }),
    tipiIncarico: build.query<LookupItem[], void>({
      query: () => '/api/tipoIncarico',
      providesTags: ['Lookup'],
    }),
    contiLookup: build.query<ContoLookupItem[], { TipoConto: number; EserciziID: number }>({
      query: (params) => ({ url: '/api/conto/lookup', params }),
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
} = lookupsApi;
