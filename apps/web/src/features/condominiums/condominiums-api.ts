import { type CondominioListaItem, CondominiumPath } from '@stabile/contract';
import { api } from '../../shared/api/api.ts';

export const condominiumsApi = api.injectEndpoints({
  endpoints: (build) => ({
    condominiumsOverview: build.query<CondominioListaItem[], { gestiti: boolean }>({
      query: ({ gestiti }) => ({ url: CondominiumPath.lista, params: { gestiti: String(gestiti) } }),
      providesTags: ['Condominium'],
    }),
  }),
});

export const { useCondominiumsOverviewQuery } = condominiumsApi;
