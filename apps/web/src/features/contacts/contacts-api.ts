import {
  PersonaApi as Api,
  type EndpointBody,
  type EndpointData,
  type EndpointItem,
  type EndpointQuery,
  IncaricoApi,
} from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { Page } from '../../shared/api/api-types.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

/** What the list asks: its page and search; size and order are the list's own (15, by description). */
export type ContactsListArgs = Pick<EndpointQuery<typeof Api.list>, 'pageNumber' | 'searchQuery'>;

/** Contacts (spec section 7 "Contacts"), all taken from the contract. */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    contacts: build.query<Page<EndpointItem<typeof Api.list>>, ContactsListArgs>({
      // The search is sent only when it has text (spec section 5).
      query: ({ pageNumber, searchQuery }) =>
        requestOf(Api.list, { query: { pageNumber, pageSize: 15, OrderBy: 'descr', searchQuery } }),
      transformResponse: toPage<EndpointItem<typeof Api.list>>,
      providesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    contact: build.query<EndpointData<typeof Api.get>, number>({
      query: (id) => requestOf(Api.get, { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: 'Contact', id }],
    }),
    createContact: build.mutation<EndpointData<typeof Api.create>, EndpointBody<typeof Api.create>>({
      query: (body) => requestOf(Api.create, { body }),
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    updateContact: build.mutation<
      EndpointData<typeof Api.update>,
      { id: number; body: EndpointBody<typeof Api.update> }
    >({
      query: ({ id, body }) => requestOf(Api.update, { params: { id }, body }),
      // The answer is the saved record (with its new objVersion): put it in the cache at once, so a
      // following delete or save never sends a stale version.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(contactsApi.util.upsertQueryData('contact', id, data));
      },
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    deleteContact: build.mutation<EndpointData<typeof Api.remove>, { id: number; objVersion: number }>({
      query: ({ id, objVersion }) => requestOf(Api.remove, { params: { id }, query: { objVersion } }),
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    contactAttachments: build.query<EndpointData<typeof Api.allegati>, number>({
      query: (id) => requestOf(Api.allegati, { params: { id } }),
    }),
    contactAssignments: build.query<EndpointData<typeof IncaricoApi.list>, number>({
      query: (personaID) => requestOf(IncaricoApi.list, { query: { PersonaID: personaID } }),
      providesTags: ['Assignment'],
    }),
  }),
});

export const {
  useContactsQuery,
  useContactQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useContactAttachmentsQuery,
  useContactAssignmentsQuery,
} = contactsApi;
