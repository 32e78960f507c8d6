import {
  CondominioApi as Api,
  type EndpointBody,
  type EndpointData,
  type EndpointItem,
  type EndpointQuery,
} from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { Page } from '../../shared/api/api-types.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

type Id = { id: number };
type Item = { id: number; itemId: number };
type Exercise = { id: number; esercizioId: number };
type ExerciseItem = Exercise & { itemId: number };
type Versioned = { objVersion: number };

/** Tag of everything under one condominium (its records are refetched after each write). */
const condo = (id: number) => [{ type: 'Condominium' as const, id }];

/** The condominium calls (spec section 7, "Condominium"), all taken from the contract. */
export const condominiumsApi = api.injectEndpoints({
  endpoints: (build) => ({
    condominiumsOverview: build.query<EndpointData<typeof Api.lista>, { gestiti: boolean }>({
      query: ({ gestiti }) => requestOf(Api.lista, { query: { gestiti: gestiti ? 'true' : 'false' } }),
      providesTags: ['Condominium'],
    }),
    condominiums: build.query<Page<EndpointItem<typeof Api.list>>, EndpointQuery<typeof Api.list>>({
      query: (query) => requestOf(Api.list, { query }),
      transformResponse: toPage<EndpointItem<typeof Api.list>>,
      providesTags: [{ type: 'Condominium', id: 'LIST' }],
    }),
    condominium: build.query<EndpointData<typeof Api.get>, number>({
      query: (id) => requestOf(Api.get, { params: { id } }),
      providesTags: (_r, _e, id) => condo(id),
    }),
    createCondominium: build.mutation<EndpointData<typeof Api.create>, EndpointBody<typeof Api.create>>({
      query: (body) => requestOf(Api.create, { body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(condominiumsApi.util.upsertQueryData('condominium', data.id, data));
      },
      invalidatesTags: [{ type: 'Condominium', id: 'LIST' }, 'Condominium'],
    }),
    updateCondominium: build.mutation<
      EndpointData<typeof Api.update>,
      Id & { body: EndpointBody<typeof Api.update> }
    >({
      query: ({ id, body }) => requestOf(Api.update, { params: { id }, body }),
      // The saved record (with its new objVersion) goes into the cache at once.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(condominiumsApi.util.upsertQueryData('condominium', id, data));
      },
      invalidatesTags: [{ type: 'Condominium', id: 'LIST' }],
    }),
    deleteCondominium: build.mutation<EndpointData<typeof Api.remove>, Id & Versioned>({
      query: ({ id, objVersion }) => requestOf(Api.remove, { params: { id }, query: { objVersion } }),
      invalidatesTags: [{ type: 'Condominium', id: 'LIST' }, 'Condominium'],
    }),
    exercises: build.query<EndpointData<typeof Api.esercizi>, Id & { EserciziAperti?: number }>({
      query: ({ id, EserciziAperti }) =>
        requestOf(Api.esercizi, { params: { id }, query: { EserciziAperti } }),
      providesTags: (_r, _e, { id }) => condo(id),
    }),
    buildings: build.query<EndpointData<typeof Api.palazzine>, Exercise>({
      query: (params) => requestOf(Api.palazzine, { params }),
      providesTags: (_r, _e, { id }) => condo(id),
    }),
    groups: build.query<EndpointData<typeof Api.gruppi>, Exercise>({
      query: (params) => requestOf(Api.gruppi, { params }),
      providesTags: (_r, _e, { id }) => condo(id),
    }),
    insurances: build.query<EndpointData<typeof Api.assicurazioni>, number>({
      query: (id) => requestOf(Api.assicurazioni, { params: { id } }),
      providesTags: (_r, _e, id) => condo(id),
    }),
    cadastral: build.query<EndpointData<typeof Api.datiCatastali>, number>({
      query: (id) => requestOf(Api.datiCatastali, { params: { id } }),
      providesTags: (_r, _e, id) => condo(id),
    }),
    register: build.query<EndpointData<typeof Api.registroAmministratori>, number>({
      query: (id) => requestOf(Api.registroAmministratori, { params: { id } }),
      providesTags: (_r, _e, id) => condo(id),
    }),
    registerEvents: build.query<EndpointData<typeof Api.eventiRegistroAmministratore>, void>({
      query: () => requestOf(Api.eventiRegistroAmministratore, {}),
      providesTags: ['Lookup'],
    }),
    resources: build.query<EndpointData<typeof Api.risorse>, number>({
      query: (id) => requestOf(Api.risorse, { params: { id }, query: { versione: 2 } }),
      providesTags: (_r, _e, id) => condo(id),
    }),
    funds: build.query<EndpointData<typeof Api.fondi>, number>({
      query: (id) => requestOf(Api.fondi, { params: { id } }),
      providesTags: (_r, _e, id) => condo(id),
    }),
    resourceTypes: build.query<EndpointData<typeof Api.tipiRisorsa>, void>({
      query: () => requestOf(Api.tipiRisorsa, {}),
      providesTags: ['Lookup'],
    }),
    assignees: build.query<EndpointData<typeof Api.anagraficaIncarico>, Id & { searchQuery?: string }>({
      query: ({ id, searchQuery }) =>
        requestOf(Api.anagraficaIncarico, { params: { id }, query: { searchQuery } }),
      providesTags: (_r, _e, { id }) => [...condo(id), 'Assignment'],
    }),
    balance: build.query<EndpointData<typeof Api.saldoTsPay>, Id & { force?: boolean }>({
      query: ({ id, force }) =>
        requestOf(Api.saldoTsPay, {
          params: { id },
          query: { forzaAggiornamento: force ? 'true' : undefined },
        }),
      providesTags: (_r, _e, { id }) => condo(id),
    }),
    /**
     * Every write of a condominium's records: the declaration names the call, and the records of the
     * condominium are refetched after it.
     */
    writeRecord: build.mutation<unknown, RecordWrite>({
      query: ({ declaration, params, body, objVersion }) =>
        requestOf(declaration, {
          params,
          body,
          query: objVersion === undefined ? undefined : { objVersion },
        } as never),
      invalidatesTags: (_r, error, { params }) => (error ? [] : condo(params.id)),
    }),
  }),
});

/** The write calls of a condominium's records (create, edit, delete). */
export type RecordWriteCall =
  | typeof Api.creaEsercizio
  | typeof Api.modificaEsercizio
  | typeof Api.eliminaEsercizio
  | typeof Api.creaPalazzina
  | typeof Api.modificaPalazzina
  | typeof Api.eliminaPalazzina
  | typeof Api.creaGruppo
  | typeof Api.modificaGruppo
  | typeof Api.eliminaGruppo
  | typeof Api.creaAssicurazione
  | typeof Api.modificaAssicurazione
  | typeof Api.eliminaAssicurazione
  | typeof Api.creaImmobileAccatastato
  | typeof Api.modificaImmobileAccatastato
  | typeof Api.creaDomandaAccatastamento
  | typeof Api.modificaDomandaAccatastamento
  | typeof Api.eliminaDatoCatastale
  | typeof Api.creaRegistroAmministratori
  | typeof Api.modificaRegistroAmministratori
  | typeof Api.eliminaRegistroAmministratori
  | typeof Api.creaRisorsa
  | typeof Api.modificaRisorsa
  | typeof Api.eliminaRisorsa
  | typeof Api.creaFondo
  | typeof Api.modificaFondo
  | typeof Api.eliminaFondo;

export interface RecordWrite {
  declaration: RecordWriteCall;
  params: Id | Item | Exercise | ExerciseItem;
  body?: unknown;
  /** For a delete. */
  objVersion?: number;
}

export const {
  useCondominiumsOverviewQuery,
  useCondominiumsQuery,
  useCondominiumQuery,
  useCreateCondominiumMutation,
  useUpdateCondominiumMutation,
  useDeleteCondominiumMutation,
  useExercisesQuery,
  useBuildingsQuery,
  useGroupsQuery,
  useInsurancesQuery,
  useCadastralQuery,
  useRegisterQuery,
  useRegisterEventsQuery,
  useResourcesQuery,
  useFundsQuery,
  useResourceTypesQuery,
  useAssigneesQuery,
  useBalanceQuery,
  useWriteRecordMutation,
} = condominiumsApi;
