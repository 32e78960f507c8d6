import {
  type ActivityCreate,
  type ActivityDetail,
  type ActivityEvent,
  type ActivityListItem,
  type ActivityListQuery,
  ActivityPath,
  type ActivitySettings,
  type ActivitySettingsInput,
  type ActivityType,
  type ActivityUpdate,
  type Applicant,
  AssignmentApi,
  activityPathOf,
  CondominioApi,
  type CondominioListaItem,
  type EndpointBody,
  type EndpointData,
  ErrorCode,
  type Home,
  type Intervention,
  type InterventionCreate,
  type Operatore,
  type RegistryListItem,
} from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { Page } from '../../shared/api/api-types.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

/** Every activity call of the web app: list, drawer, actions, interventions, supplier assignments, home. */

type Id = { id: number };
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
    activities: build.query<Page<ActivityListItem>, ActivityListQuery>({
      query: (params) => ({ url: ActivityPath.list, params }),
      transformResponse: toPage<ActivityListItem>,
      providesTags: [{ type: 'Activity', id: 'LIST' }],
    }),
    activity: build.query<ActivityDetail, number>({
      query: (id) => activityPathOf(ActivityPath.item, { id }),
      providesTags: (_r, _e, id) => [{ type: 'Activity', id }],
    }),
    createActivity: build.mutation<ActivityDetail, ActivityCreate>({
      query: (body) => ({ url: ActivityPath.list, method: 'POST', body }),
      // The form shows a refused value under its field: no toast as well.
      extraOptions: { handledCodes: [ErrorCode.Validation] },
      invalidatesTags: [{ type: 'Activity', id: 'LIST' }, 'Home'],
    }),
    updateActivity: build.mutation<ActivityDetail, Id & { body: ActivityUpdate }>({
      query: ({ id, body }) => ({ url: activityPathOf(ActivityPath.item, { id }), method: 'PUT', body }),
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
    deleteActivity: build.mutation<{ id: number }, Id & { objVersion: number }>({
      query: ({ id, objVersion }) => ({
        url: activityPathOf(ActivityPath.item, { id }),
        method: 'DELETE',
        params: { objVersion },
      }),
      invalidatesTags: [{ type: 'Activity', id: 'LIST' }, 'Home'],
    }),
    openActivity: build.mutation<ActivityDetail, number>({
      query: (id) => ({ url: activityPathOf(ActivityPath.open, { id }), method: 'PUT' }),
      invalidatesTags: [{ type: 'Activity', id: 'LIST' }],
    }),
    changeState: build.mutation<
      ActivityDetail,
      Id & { stato: number; operatore: string; objVersion?: number }
    >({
      query: ({ id, ...body }) => ({ url: activityPathOf(ActivityPath.state, { id }), method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    changeManager: build.mutation<
      ActivityDetail,
      Id & { gestore: string; operatore: string; objVersion?: number }
    >({
      query: ({ id, ...body }) => ({
        url: activityPathOf(ActivityPath.manager, { id }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    changeDescription: build.mutation<ActivityDetail, Id & { descrizione: string; operatore: string }>({
      query: ({ id, ...body }) => ({
        url: activityPathOf(ActivityPath.description, { id }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    addNote: build.mutation<ActivityEvent, Id & { testo: string; operatore: string }>({
      query: ({ id, ...body }) => ({ url: activityPathOf(ActivityPath.notes, { id }), method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    updateNote: build.mutation<
      ActivityEvent,
      Id & { notaId: number; testo: string; operatore: string; objVersion: number }
    >({
      query: ({ id, notaId, ...body }) => ({
        url: activityPathOf(ActivityPath.note, { id, notaId }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    deleteNote: build.mutation<{ id: number }, Id & { notaId: number; objVersion: number }>({
      query: ({ id, notaId, objVersion }) => ({
        url: activityPathOf(ActivityPath.note, { id, notaId }),
        method: 'DELETE',
        params: { objVersion },
      }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    activityTypes: build.query<ActivityType[], void>({
      query: () => ActivityPath.types,
      providesTags: ['ActivityType'],
    }),
    createActivityType: build.mutation<ActivityType, { descr: string }>({
      query: (body) => ({ url: ActivityPath.types, method: 'POST', body }),
      invalidatesTags: ['ActivityType'],
    }),
    applicants: build.query<Applicant[], string>({
      query: (searchQuery) => ({ url: ActivityPath.applicants, params: searchQuery ? { searchQuery } : {} }),
    }),
    activitySettings: build.query<ActivitySettings, void>({
      query: () => ActivityPath.settings,
      providesTags: [{ type: 'Activity', id: 'SETTINGS' }],
    }),
    saveActivitySettings: build.mutation<ActivitySettings, ActivitySettingsInput>({
      query: (body) => ({ url: ActivityPath.settings, method: 'PUT', body }),
      invalidatesTags: [
        { type: 'Activity', id: 'SETTINGS' },
        { type: 'Activity', id: 'LIST' },
      ],
    }),
    // Interventions
    createIntervention: build.mutation<
      Intervention,
      { id: number; fornitoreId: number; body: InterventionCreate }
    >({
      query: ({ id, fornitoreId, body }) => ({
        url: activityPathOf(ActivityPath.interventions, { id, fornitoreId }),
        method: 'POST',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    updateIntervention: build.mutation<
      Intervention,
      InterventionKey & { body: InterventionCreate & { objVersion: number } }
    >({
      query: ({ body, ...key }) => ({
        url: activityPathOf(ActivityPath.intervention, key),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    deleteIntervention: build.mutation<{ id: number }, InterventionKey & { objVersion: number }>({
      query: ({ objVersion, ...key }) => ({
        url: activityPathOf(ActivityPath.intervention, key),
        method: 'DELETE',
        params: { objVersion },
      }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    markInterventionDone: build.mutation<
      Intervention,
      InterventionKey & { operatore: string; dataEsecuzione: string }
    >({
      query: ({ id, fornitoreId, interventoId, ...body }) => ({
        url: activityPathOf(ActivityPath.interventionDone, { id, fornitoreId, interventoId }),
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_r, _e, { id }) => activityTags(id),
    }),
    postponeIntervention: build.mutation<
      Intervention,
      InterventionKey & { dataPrevista: string; motivazione: string; operatore: string }
    >({
      query: ({ id, fornitoreId, interventoId, ...body }) => ({
        url: activityPathOf(ActivityPath.interventionDate, { id, fornitoreId, interventoId }),
        method: 'PUT',
        body,
      }),
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
    home: build.query<Home, void>({
      query: () => ActivityPath.home,
      providesTags: ['Home'],
    }),
    // Lookups the activity screens need (read-only).
    activityCondominiums: build.query<CondominioListaItem[], void>({
      query: () => ({ url: '/api/condominio/lista', params: { gestiti: 'false' } }),
      providesTags: ['Condominium'],
    }),
    /** The exercises of a condominium, for the exercise filter's picker. */
    activityExercises: build.query<EndpointData<typeof CondominioApi.esercizi>, number>({
      query: (id) => requestOf(CondominioApi.esercizi, { params: { id }, query: {} }),
      providesTags: (_r, _e, id) => [{ type: 'Condominium', id }],
    }),
    activityProviders: build.query<RegistryListItem[], string>({
      query: (searchQuery) => ({
        url: '/api/fornitore',
        params: { pageNumber: 1, pageSize: 30, OrderBy: 'descr', ...(searchQuery ? { searchQuery } : {}) },
      }),
      providesTags: [{ type: 'Provider', id: 'LIST' }],
    }),
    activityOperators: build.query<Operatore[], void>({
      query: () => '/api/operatore',
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
