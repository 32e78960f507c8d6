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
import { type RecordKind, recordWriteEffects } from './record-cache.ts';

type Id = { id: number };
type Item = { id: number; itemId: number };
type Exercise = { id: number; esercizioId: number };
type ExerciseItem = Exercise & { itemId: number };
type Versioned = { objVersion: number };

/**
 * Tag of one kind of data of a condominium (its record, exercises, insurance...). A write of a record
 * puts the server's answer into the cached lists of its kind and invalidates only what derives from it
 * (see `recordWriteEffects`): the drawer's other tabs and the condominium itself are not fetched again.
 */
const condo = (id: number, kind: RecordKind | 'record' | 'balance' | 'assignees') => [
  { type: 'Condominium' as const, id: `${id}:${kind}` },
];

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
      providesTags: (_r, _e, id) => condo(id, 'record'),
    }),
    createCondominium: build.mutation<EndpointData<typeof Api.create>, EndpointBody<typeof Api.create>>({
      query: (body) => requestOf(Api.create, { body }),
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(condominiumsApi.util.upsertQueryData('condominium', data.id, data));
        refreshCondominiumLists(dispatch, getState);
      },
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
      async onQueryStarted(_arg, { dispatch, getState, queryFulfilled }) {
        if (
          await queryFulfilled.then(
            () => true,
            () => false,
          )
        )
          refreshCondominiumLists(dispatch, getState);
      },
    }),
    exercises: build.query<EndpointData<typeof Api.esercizi>, Id & { EserciziAperti?: number }>({
      query: ({ id, EserciziAperti }) =>
        requestOf(Api.esercizi, { params: { id }, query: { EserciziAperti } }),
      providesTags: (_r, _e, { id }) => condo(id, 'exercises'),
    }),
    buildings: build.query<EndpointData<typeof Api.palazzine>, Exercise>({
      query: (params) => requestOf(Api.palazzine, { params }),
      providesTags: (_r, _e, { id }) => condo(id, 'buildings'),
    }),
    groups: build.query<EndpointData<typeof Api.gruppi>, Exercise>({
      query: (params) => requestOf(Api.gruppi, { params }),
      providesTags: (_r, _e, { id }) => condo(id, 'groups'),
    }),
    insurances: build.query<EndpointData<typeof Api.assicurazioni>, number>({
      query: (id) => requestOf(Api.assicurazioni, { params: { id } }),
      providesTags: (_r, _e, id) => condo(id, 'insurances'),
    }),
    cadastral: build.query<EndpointData<typeof Api.datiCatastali>, number>({
      query: (id) => requestOf(Api.datiCatastali, { params: { id } }),
      providesTags: (_r, _e, id) => condo(id, 'cadastral'),
    }),
    register: build.query<EndpointData<typeof Api.registroAmministratori>, number>({
      query: (id) => requestOf(Api.registroAmministratori, { params: { id } }),
      providesTags: (_r, _e, id) => condo(id, 'register'),
    }),
    registerEvents: build.query<EndpointData<typeof Api.eventiRegistroAmministratore>, void>({
      query: () => requestOf(Api.eventiRegistroAmministratore, {}),
      providesTags: ['Lookup'],
    }),
    resources: build.query<EndpointData<typeof Api.risorse>, number>({
      query: (id) => requestOf(Api.risorse, { params: { id }, query: { versione: 2 } }),
      providesTags: (_r, _e, id) => condo(id, 'resources'),
    }),
    funds: build.query<EndpointData<typeof Api.fondi>, number>({
      query: (id) => requestOf(Api.fondi, { params: { id } }),
      providesTags: (_r, _e, id) => condo(id, 'funds'),
    }),
    resourceTypes: build.query<EndpointData<typeof Api.tipiRisorsa>, void>({
      query: () => requestOf(Api.tipiRisorsa, {}),
      providesTags: ['Lookup'],
    }),
    assignees: build.query<EndpointData<typeof Api.anagraficaIncarico>, Id & { searchQuery?: string }>({
      query: ({ id, searchQuery }) =>
        requestOf(Api.anagraficaIncarico, { params: { id }, query: { searchQuery } }),
      providesTags: (_r, _e, { id }) => [...condo(id, 'assignees'), 'Assignment'],
    }),
    balance: build.query<EndpointData<typeof Api.saldoTsPay>, Id & { force?: boolean }>({
      query: ({ id, force }) =>
        requestOf(Api.saldoTsPay, {
          params: { id },
          query: { forzaAggiornamento: force ? 'true' : undefined },
        }),
      providesTags: (_r, _e, { id }) => condo(id, 'balance'),
    }),
    /**
     * Every write of a condominium's records: the declaration names the call. The saved record (or
     * the deletion) is written into the cached lists of its kind; only what derives from it is
     * fetched again (`recordWriteEffects`).
     */
    writeRecord: build.mutation<unknown, RecordWrite>({
      query: ({ declaration, params, body, objVersion }) =>
        requestOf(declaration, {
          params,
          body,
          query: objVersion === undefined ? undefined : { objVersion },
        } as never),
      async onQueryStarted(write, { dispatch, getState, queryFulfilled }) {
        const answer = await queryFulfilled.then(
          ({ data }) => ({ data }),
          () => null,
        );
        if (!answer) return;
        const effects = recordWriteEffects(write, answer.data);
        for (const { endpoint, patch } of effects.patches) {
          for (const args of condominiumsApi.util.selectCachedArgsForQuery(getState() as never, endpoint)) {
            const recipe = patch(args as never);
            if (recipe)
              dispatch(condominiumsApi.util.updateQueryData(endpoint, args as never, recipe as never));
          }
        }
        if (effects.invalidate.length > 0) dispatch(api.util.invalidateTags(effects.invalidate));
      },
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

/** The calls that read the data of one condominium (its record and its tabs). */
const PER_CONDOMINIUM = new Set<string>([
  'condominium',
  'exercises',
  'buildings',
  'groups',
  'insurances',
  'cadastral',
  'register',
  'resources',
  'funds',
  'assignees',
  'balance',
]);

/**
 * After a condominium is created or deleted, the lists of condominiums of every area (this registry,
 * the pickers of activities and common parts) are read again; each condominium's own data is not.
 */
function refreshCondominiumLists(dispatch: (action: unknown) => unknown, getState: () => unknown) {
  const state = getState() as Parameters<typeof api.util.selectInvalidatedBy>[0];
  for (const { endpointName, originalArgs } of api.util.selectInvalidatedBy(state, ['Condominium'])) {
    if (PER_CONDOMINIUM.has(endpointName)) continue;
    const endpoint = (
      api.endpoints as Record<string, { initiate: (args: unknown, options: object) => unknown }>
    )[endpointName];
    if (endpoint) dispatch(endpoint.initiate(originalArgs, { subscribe: false, forceRefetch: true }));
  }
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
