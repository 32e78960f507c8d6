import type { Incarico, PersonaAllegato, PersonaCreate, Registry, RegistryListItem } from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { Page } from '../../shared/api/api-types.ts';

export interface ContactsListArgs {
  pageNumber: number;
  searchQuery?: string;
}

/** Contacts (spec section 7 "Contacts", `/api/persona`). */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    contacts: build.query<Page<RegistryListItem>, ContactsListArgs>({
      query: ({ pageNumber, searchQuery }) => ({
        url: '/api/persona',
        // The search is sent only when it has text (spec section 5).
        params: { pageNumber, pageSize: 15, OrderBy: 'descr', ...(searchQuery ? { searchQuery } : {}) },
      }),
      transformResponse: toPage<RegistryListItem>,
      providesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    contact: build.query<Registry, number>({
      query: (id) => `/api/persona/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'Contact', id }],
    }),
    createContact: build.mutation<Registry, PersonaCreate>({
      query: (body) => ({ url: '/api/persona', method: 'POST', body }),
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    updateContact: build.mutation<Registry, { id: number; body: PersonaCreate & { objVersion: number } }>({
      query: ({ id, body }) => ({ url: `/api/persona/${id}`, method: 'PUT', body }),
      // The answer is the saved record (with its new objVersion): put it in the cache at once, so a
      // following delete or save never sends a stale version.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(contactsApi.util.upsertQueryData('contact', id, data));
      },
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    deleteContact: build.mutation<{ id: number }, { id: number; objVersion: number }>({
      query: ({ id, objVersion }) => ({
        url: `/api/persona/${id}`,
        method: 'DELETE',
        params: { objVersion },
      }),
      invalidatesTags: [{ type: 'Contact', id: 'LIST' }],
    }),
    contactAttachments: build.query<PersonaAllegato[], number>({
      query: (id) => `/api/persona/${id}/allegati`,
    }),
    contactAssignments: build.query<Incarico[], number>({
      query: (personaID) => ({ url: '/api/incarico', params: { PersonaID: personaID } }),
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
