import { type EndpointData, SearchApi } from '@stabile/contract';
import { api } from '../../shared/api/api.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

export type SearchResult = EndpointData<typeof SearchApi.search>;

/** Search everything (GET /api/cerca): a few hits of each kind the user may read, best first. */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchEverything: build.query<SearchResult, string>({
      query: (q) => requestOf(SearchApi.search, { query: { q } }),
      // Typed again a moment later as the user corrects a word; no need to keep older answers long.
      keepUnusedDataFor: 30,
    }),
  }),
});

export const { useSearchEverythingQuery } = searchApi;
