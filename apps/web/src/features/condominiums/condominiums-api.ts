import { CondominioApi, type EndpointData } from '@stabile/contract';
import { api } from '../../shared/api/api.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

export const condominiumsApi = api.injectEndpoints({
  endpoints: (build) => ({
    condominiumsOverview: build.query<EndpointData<typeof CondominioApi.lista>, { gestiti: boolean }>({
      query: ({ gestiti }) =>
        requestOf(CondominioApi.lista, { query: { gestiti: gestiti ? 'true' : 'false' } }),
      providesTags: ['Condominium'],
    }),
  }),
});

export const { useCondominiumsOverviewQuery } = condominiumsApi;
