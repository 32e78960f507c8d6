import {
  type ActivityDetail,
  type ActivityListItem,
  type ActivityListQuery,
  ActivityApi as Api,
  AssignmentApi,
  CondominioApi,
  type EndpointBody,
  type EndpointData,
  type EndpointItem,
  type EndpointQuery,
  ErrorCode,
  FornitoreApi,
  HomeApi,
  LookupApi,
} from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { Page } from '../../shared/api/api-types.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

/** Every activity call of the web app: list, drawer, actions, interventions, supplier assignments, home. */

// Path parameters, as numbers (the contract's id schemas accept strings too).
type Id = { id: number };
type NoteKey = { id: number; notaId: number };
type InterventionKey = { id: number; fornitoreId: number; interventoId: number };
type AssignmentKey = { attivitaId: number; interventoId: number };

/** The administrator's moves of a supplier assignment, by name. */
const ASSIGNMENT_ACTIONS = {
  annulla: AssignmentApi.cancel,
  sollecita: AssignmentApi.remind,
  riproponi: AssignmentApi.repropose,
} as const;

/** The list row of a saved activity (the detail without its events and interventions). */
function listItemOf(detail: ActivityDetail): ActivityListItem {
  const { eventi: _e, interventi: _i, ...item } = detail;
  return item;
}

/** The list fields each query parameter filters or orders on. */
const LIST_DEPENDS_ON: Partial<Record<keyof ActivityListQuery, ReadonlyArray<keyof ActivityListItem>>> = {
  searchQuery: ['titolo', 'descrizione', 'intestazioneCondominio', 'condGenID'],
  condGenID: ['condGenID'],
  condGendID: ['condGenID'],
  priorita: ['priorita'],
  tipoSegnalazID: ['tipoSegnalazID'],
  richiedenteID: ['richiedenteID'],
  servizio: ['servizio'],
  datiIncompleti: ['richiedenteID', 'dataConcludereEntro', 'gestore'],
  esercizioID: ['esercizioID'],
};
const ORDER_DEPENDS_ON: Record<string, ReadonlyArray<keyof ActivityListItem>> = {
  priorita: ['priorita'],
  scadenza: ['dataConcludereEntro'],
  aggiornamento: ['ultimoAggiornamento'],
};

/**
 * Whether a loaded list may gain, lose or move the saved activity: a filter or the order reads a field
 * that changed. An unknown previous version counts as a change.
 */
export function listMayChange(
  args: ActivityListQuery,
  before: ActivityDetail | undefined,
  after: ActivityDetail,
): boolean {
  const fields = new Set<keyof ActivityListItem>(ORDER_DEPENDS_ON[String(args.orderBy ?? '')] ?? []);
  for (const [param, read] of Object.entries(LIST_DEPENDS_ON)) {
    const value = args[param as keyof ActivityListQuery];
    if (value !== undefined && value !== '' && value !== false) for (const f of read ?? []) fields.add(f);
  }
  if (fields.size === 0) return false;
  if (!before) return true;
  return [...fields].some((f) => before[f] !== after[f]);
}

const activityTags = (id: number) => [
  { type: 'Activity' as const, id },
  { type: 'Activity' as const, id: 'LIST' },
  'Home' as const,
];

export const activitiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    activities: build.query<Page<EndpointItem<typeof Api.list>>, EndpointQuery<typeof Api.list>>({
      query: (query) => requestOf(Api.list, { query }),
      transformResponse: toPage<EndpointItem<typeof Api.list>>,
      providesTags: [{ type: 'Activity', id: 'LIST' }],
    }),
    activity: build.query<EndpointData<typeof Api.get>, number>({
      query: (id) => requestOf(Api.get, { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Activity', id }],
    }),
    createActivity: build.mutation<EndpointData<typeof Api.create>, EndpointBody<typeof Api.create>>({
      query: (body) => requestOf(Api.create, { body }),
      // The form shows a refused value under its field: no toast as well.
      extraOptions: { handledCodes: [ErrorCode.Validation] },
      invalidatesTags: [{ type: 'Activity', id: 'LIST' }, 'Home'],
    }),
    updateActivity: build.mutation<
      EndpointData<typeof Api.update>,
      Id & { body: EndpointBody<typeof Api.update> }
    >({
      query: ({ id, body }) => requestOf(Api.update, { params: { id }, body }),
      // The edit form shows a refused value under its field and a stale version as a conflict.
      extraOptions: { handledCodes: [ErrorCode.Validation, ErrorCode.Business] },
      // The answer is the whole activity: the drawer and the loaded lists take it without a refetch;
      // only a list whose filter or order the change touches asks the server again.
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        let saved: ActivityDetail;
        try {
          ({ data: saved } = await queryFulfilled);
        } catch {
          return;
        }
        const before = activitiesApi.endpoints.activity.select(id)(getState()).data;
        dispatch(activitiesApi.util.updateQueryData('activity', id, () => saved));
        const lists = activitiesApi.util
          .selectInvalidatedBy(getState(), [{ type: 'Activity', id: 'LIST' }])
          .filter((entry) => entry.endpointName === 'activities');
        for (const { originalArgs } of lists) {
          const args = originalArgs as ActivityListQuery;
          if (listMayChange(args, before, saved)) {
            void dispatch(
              activitiesApi.endpoints.activities.initiate(args, { subscribe: false, forceRefetch: true }),
            );
            continue;
          }
          dispatch(
            activitiesApi.util.updateQueryData('activities', args, (page) => {
              const item = page.items.find((a) => a.id === id);
              if (item) Object.assign(item, listItemOf(saved));
            }),
          );
        }
        dispatch(activitiesApi.util.invalidateTags(['Home']));
      },
    }),
    deleteActivity: build.mutation<EndpointData<typeof Api.remove>, Id & EndpointQuery<typeof Api.remove>>({
      query: ({ id, objVersion }) => requestOf(Api.remove, { params: { id }, query: { objVersion } }),
      invalidatesTags: [{ type: 'Activity', id: 'LIST' }, 'Home'],
    }),
    openActivity: build.mutation<EndpointData<typeof Api.open>, number>({
      query: (id) => requestOf(Api.open, { params: { id } }),
      invalidatesTags: [{ type: 'Activity', id: 'LIST' }],
    }),
    changeState: build.mutation<EndpointData<typeof Api.state>, Id & EndpointBody<typeof Api.state>>({
      query: ({ id, ...body }) => requestOf(Api.state, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    changeManager: build.mutation<EndpointData<typeof Api.manager>, Id & EndpointBody<typeof Api.manager>>({
      query: ({ id, ...body }) => requestOf(Api.manager, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    changeDescription: build.mutation<
      EndpointData<typeof Api.description>,
      Id & EndpointBody<typeof Api.description>
    >({
      query: ({ id, ...body }) => requestOf(Api.description, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    addNote: build.mutation<EndpointData<typeof Api.addNote>, Id & EndpointBody<typeof Api.addNote>>({
      query: ({ id, ...body }) => requestOf(Api.addNote, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    updateNote: build.mutation<
      EndpointData<typeof Api.updateNote>,
      NoteKey & EndpointBody<typeof Api.updateNote>
    >({
      query: ({ id, notaId, ...body }) => requestOf(Api.updateNote, { params: { id, notaId }, body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    deleteNote: build.mutation<
      EndpointData<typeof Api.deleteNote>,
      NoteKey & EndpointQuery<typeof Api.deleteNote>
    >({
      query: ({ id, notaId, objVersion }) =>
        requestOf(Api.deleteNote, { params: { id, notaId }, query: { objVersion } }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    activityTypes: build.query<EndpointData<typeof Api.types>, void>({
      query: () => requestOf(Api.types, {}),
      providesTags: ['ActivityType'],
    }),
    createActivityType: build.mutation<
      EndpointData<typeof Api.createType>,
      EndpointBody<typeof Api.createType>
    >({
      query: (body) => requestOf(Api.createType, { body }),
      invalidatesTags: ['ActivityType'],
    }),
    applicants: build.query<EndpointData<typeof Api.applicants>, string>({
      // An empty search is not sent (requestOf leaves it off the URL).
      query: (searchQuery) => requestOf(Api.applicants, { query: { searchQuery } }),
    }),
    activitySettings: build.query<EndpointData<typeof Api.settings>, void>({
      query: () => requestOf(Api.settings, {}),
      providesTags: [{ type: 'Activity', id: 'SETTINGS' }],
    }),
    saveActivitySettings: build.mutation<
      EndpointData<typeof Api.saveSettings>,
      EndpointBody<typeof Api.saveSettings>
    >({
      query: (body) => requestOf(Api.saveSettings, { body }),
      invalidatesTags: [
        { type: 'Activity', id: 'SETTINGS' },
        { type: 'Activity', id: 'LIST' },
      ],
    }),
    // Interventions
    createIntervention: build.mutation<
      EndpointData<typeof Api.createIntervention>,
      Id & { fornitoreId: number } & { body: EndpointBody<typeof Api.createIntervention> }
    >({
      query: ({ id, fornitoreId, body }) =>
        requestOf(Api.createIntervention, { params: { id, fornitoreId }, body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    updateIntervention: build.mutation<
      EndpointData<typeof Api.updateIntervention>,
      InterventionKey & { body: EndpointBody<typeof Api.updateIntervention> }
    >({
      query: ({ body, ...params }) => requestOf(Api.updateIntervention, { params, body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    deleteIntervention: build.mutation<
      EndpointData<typeof Api.deleteIntervention>,
      InterventionKey & EndpointQuery<typeof Api.deleteIntervention>
    >({
      query: ({ objVersion, ...params }) =>
        requestOf(Api.deleteIntervention, { params, query: { objVersion } }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    markInterventionDone: build.mutation<
      EndpointData<typeof Api.interventionDone>,
      InterventionKey & EndpointBody<typeof Api.interventionDone>
    >({
      query: ({ id, fornitoreId, interventoId, ...body }) =>
        requestOf(Api.interventionDone, { params: { id, fornitoreId, interventoId }, body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    postponeIntervention: build.mutation<
      EndpointData<typeof Api.interventionDate>,
      InterventionKey & EndpointBody<typeof Api.interventionDate>
    >({
      query: ({ id, fornitoreId, interventoId, ...body }) =>
        requestOf(Api.interventionDate, { params: { id, fornitoreId, interventoId }, body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    // Supplier assignments
    sendAssignment: build.mutation<
      EndpointData<typeof AssignmentApi.send>,
      { attivitaId: number } & EndpointBody<typeof AssignmentApi.send>
    >({
      query: ({ attivitaId: _a, ...body }) => requestOf(AssignmentApi.send, { body }),
      invalidatesTags: (_r, _e, { attivitaId }) => activityTags(attivitaId),
    }),
    assignmentAction: build.mutation<
      EndpointData<typeof AssignmentApi.cancel>,
      AssignmentKey & { action: 'annulla' | 'sollecita' | 'riproponi'; motivazione: string }
    >({
      query: ({ attivitaId, interventoId, action, motivazione }) =>
        requestOf(ASSIGNMENT_ACTIONS[action], {
          params: { attivitaId, interventoId },
          body: { motivazione },
        }),
      invalidatesTags: (_r, _e, { attivitaId }) => activityTags(attivitaId),
    }),
    sendIntegration: build.mutation<
      EndpointData<typeof AssignmentApi.integrationFile>,
      AssignmentKey & { messaggio: string; file: File }
    >({
      query: ({ attivitaId, interventoId, messaggio, file }) => {
        const form = new FormData();
        form.append('messaggio', messaggio);
        form.append('file', file, file.name);
        return requestOf(AssignmentApi.integrationFile, { params: { attivitaId, interventoId }, body: form });
      },
      invalidatesTags: (_r, _e, { attivitaId }) => activityTags(attivitaId),
    }),
    messagesStatus: build.query<EndpointData<typeof AssignmentApi.status>, void>({
      query: () => requestOf(AssignmentApi.status, {}),
      providesTags: ['SupplierAssignment'],
    }),
    markMessagesRead: build.mutation<EndpointData<typeof AssignmentApi.markRead>, void>({
      query: () => requestOf(AssignmentApi.markRead, {}),
      invalidatesTags: ['SupplierAssignment'],
    }),
    home: build.query<EndpointData<typeof HomeApi.get>, void>({
      query: () => requestOf(HomeApi.get, {}),
      providesTags: ['Home'],
    }),
    // Lookups the activity screens need (read-only).
    activityCondominiums: build.query<EndpointData<typeof CondominioApi.lista>, void>({
      query: () => requestOf(CondominioApi.lista, { query: { gestiti: 'false' } }),
      providesTags: ['Condominium'],
    }),
    /** The exercises of a condominium, for the exercise filter's picker. */
    activityExercises: build.query<EndpointData<typeof CondominioApi.esercizi>, number>({
      query: (id) => requestOf(CondominioApi.esercizi, { params: { id }, query: {} }),
      providesTags: (_r, _e, id) => [{ type: 'Condominium', id }],
    }),
    activityProviders: build.query<EndpointData<typeof FornitoreApi.list>, string>({
      query: (searchQuery) =>
        requestOf(FornitoreApi.list, {
          query: { pageNumber: 1, pageSize: 30, OrderBy: 'descr', ...(searchQuery ? { searchQuery } : {}) },
        }),
      providesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
    activityOperators: build.query<EndpointData<typeof LookupApi.operatori>, void>({
      query: () => requestOf(LookupApi.operatori, {}),
      providesTags: ['Lookup'],
    }),
  }),
});

export const {
  useActivitiesQuery,
  useActivityQuery,
  useCreateActivityMutation,
  useUpdateActivityMutation,
  useDeleteActivityMutation,
  useOpenActivityMutation,
  useChangeStateMutation,
  useChangeManagerMutation,
  useChangeDescriptionMutation,
  useAddNoteMutation,
  useUpdateNoteMutation,
  useDeleteNoteMutation,
  useActivityTypesQuery,
  useCreateActivityTypeMutation,
  useApplicantsQuery,
  useActivitySettingsQuery,
  useSaveActivitySettingsMutation,
  useCreateInterventionMutation,
  useUpdateInterventionMutation,
  useDeleteInterventionMutation,
  useMarkInterventionDoneMutation,
  usePostponeInterventionMutation,
  useSendAssignmentMutation,
  useAssignmentActionMutation,
  useSendIntegrationMutation,
  useMessagesStatusQuery,
  useMarkMessagesReadMutation,
  useHomeQuery,
  useActivityCondominiumsQuery,
  useActivityExercisesQuery,
  useActivityProvidersQuery,
  useActivityOperatorsQuery,
} = activitiesApi;
