import {
  CondominioApi,
  type EndpointBody,
  type EndpointData,
  type EndpointItem,
  type EndpointQuery,
  ParteComuneApi,
  ServizioApi,
} from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { Page } from '../../shared/api/api-types.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

/** A plant ('impianto') or an environment ('ambiente'): the two kinds share their calls' shapes. */
export type CommonPartKind = 'impianto' | 'ambiente';

export type CommonPartItem = EndpointItem<typeof ParteComuneApi.lista>;
export type CommonPartDetail = EndpointData<typeof ParteComuneApi.impianto.get>;
export type CommonPartListArgs = NonNullable<EndpointQuery<typeof ParteComuneApi.lista>>;
export type CommonPartBody =
  | EndpointBody<typeof ParteComuneApi.impianto.create>
  | EndpointBody<typeof ParteComuneApi.ambiente.create>;
export type ServiceItem = EndpointData<typeof ServizioApi.get>;
export type ServiceBody = EndpointBody<typeof ServizioApi.create>;

export interface CommonPartKey {
  kind: CommonPartKind;
  condominioId: number;
  id: number;
}

const partTag = (key: { id: number }) => ({ type: 'CommonPart' as const, id: key.id });

/** Common parts (spec section 7 "Condominium": parteComune, impianto, ambiente, servizio). */
export const commonPartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    commonParts: build.query<Page<CommonPartItem>, CommonPartListArgs>({
      query: (query) => requestOf(ParteComuneApi.lista, { query }),
      transformResponse: toPage<CommonPartItem>,
      providesTags: [{ type: 'CommonPart', id: 'LIST' }],
    }),
    commonPart: build.query<CommonPartDetail, CommonPartKey>({
      query: ({ kind, condominioId, id }) =>
        requestOf(ParteComuneApi[kind].get, { params: { condominioId, id } }),
      providesTags: (_r, _e, key) => [partTag(key)],
    }),
    createCommonPart: build.mutation<
      CommonPartDetail,
      { kind: CommonPartKind; condominioId: number; body: CommonPartBody }
    >({
      query: ({ kind, condominioId, body }) =>
        requestOf(ParteComuneApi[kind].create as typeof ParteComuneApi.impianto.create, {
          params: { condominioId },
          body: body as EndpointBody<typeof ParteComuneApi.impianto.create>,
        }),
      async onQueryStarted({ kind }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) {
          const key = { kind, condominioId: data.condominioID, id: data.id };
          dispatch(commonPartsApi.util.upsertQueryData('commonPart', key, data));
        }
      },
      invalidatesTags: [{ type: 'CommonPart', id: 'LIST' }],
    }),
    updateCommonPart: build.mutation<
      CommonPartDetail,
      CommonPartKey & { body: CommonPartBody & { objVersion: number } }
    >({
      query: ({ kind, condominioId, id, body }) =>
        requestOf(ParteComuneApi[kind].update as typeof ParteComuneApi.impianto.update, {
          params: { condominioId, id },
          body: body as EndpointBody<typeof ParteComuneApi.impianto.update>,
        }),
      // The saved part (with its new objVersion) goes into the cache at once, so a following delete
      // or save never sends a stale version.
      async onQueryStarted({ kind, condominioId, id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data)
          dispatch(commonPartsApi.util.upsertQueryData('commonPart', { kind, condominioId, id }, data));
      },
      invalidatesTags: [{ type: 'CommonPart', id: 'LIST' }],
    }),
    deleteCommonPart: build.mutation<{ id: number }, CommonPartKey & { objVersion: number }>({
      query: ({ kind, condominioId, id, objVersion }) =>
        requestOf(ParteComuneApi[kind].remove, { params: { condominioId, id }, query: { objVersion } }),
      invalidatesTags: [{ type: 'CommonPart', id: 'LIST' }, 'CommonPartService'],
    }),

    condominiumOptions: build.query<EndpointData<typeof CondominioApi.lista>, void>({
      query: () => requestOf(CondominioApi.lista, { query: { gestiti: 'false' } }),
      providesTags: ['Condominium'],
    }),
    serviceTypes: build.query<EndpointData<typeof ServizioApi.tipi>, void>({
      query: () => requestOf(ServizioApi.tipi, {}),
      keepUnusedDataFor: 3600,
    }),
    partServices: build.query<ServiceItem[], { condominioId: number; parteComuneId: number }>({
      query: (params) => requestOf(ServizioApi.parteComune, { params }),
      providesTags: ['CommonPartService'],
    }),
    condominiumServices: build.query<ServiceItem[], { condominioId: number; tipoServizio?: number }>({
      query: ({ condominioId, tipoServizio }) =>
        requestOf(ServizioApi.condominio, { params: { id: condominioId }, query: { tipoServizio } }),
      providesTags: ['CommonPartService'],
    }),
    createService: build.mutation<
      ServiceItem,
      { condominioId: number; parteComuneId: number; body: ServiceBody }
    >({
      query: ({ condominioId, parteComuneId, body }) =>
        requestOf(ServizioApi.create, { params: { condominioId, parteComuneId }, body }),
      invalidatesTags: (_r, _e, arg) => ['CommonPartService', { type: 'CommonPart', id: arg.parteComuneId }],
    }),
    updateService: build.mutation<
      ServiceItem,
      { condominioId: number; id: number; body: ServiceBody & { objVersion: number } }
    >({
      query: ({ condominioId, id, body }) =>
        requestOf(ServizioApi.update, { params: { condominioId, id }, body }),
      invalidatesTags: ['CommonPartService'],
    }),
    deleteService: build.mutation<
      { id: number },
      { condominioId: number; id: number; parteComuneId: number; objVersion: number }
    >({
      query: ({ condominioId, id, objVersion }) =>
        requestOf(ServizioApi.remove, { params: { condominioId, id }, query: { objVersion } }),
      invalidatesTags: (_r, _e, arg) => ['CommonPartService', { type: 'CommonPart', id: arg.parteComuneId }],
    }),
  }),
});

export const {
  useCommonPartsQuery,
  useCommonPartQuery,
  useCreateCommonPartMutation,
  useUpdateCommonPartMutation,
  useDeleteCommonPartMutation,
  useCondominiumOptionsQuery,
  useServiceTypesQuery,
  usePartServicesQuery,
  useCondominiumServicesQuery,
  useCreateServiceMutation,
  useUpdateServiceMutation,
  useDeleteServiceMutation,
} = commonPartsApi;
