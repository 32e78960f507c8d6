import { PersonaApi as Api, type EndpointData, type EndpointQuery, IncaricoApi } from '@stabile/contract';
import { api } from '../../shared/api/api.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';
import { registryEndpoints } from '../../shared/api/registry-endpoints.ts';

/** What the list asks: its page and search; size and order are the list's own (15, by description). */
export type ContactsListArgs = Pick<EndpointQuery<typeof Api.list>, 'pageNumber' | 'searchQuery'>;

/** Contacts (spec section 7 "Contacts"), all taken from the contract. */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => {
    const calls = registryEndpoints(build, Api, {
      tag: 'Contact',
      // The search is sent only when it has text (spec section 5).
      listQuery: ({ pageNumber, searchQuery }: ContactsListArgs) => ({
        pageNumber,
        pageSize: 15,
        OrderBy: 'descr' as const,
        searchQuery,
      }),
      saved: (id, record): unknown => contactsApi.util.upsertQueryData('contact', id, record),
    });
    return {
      contacts: calls.list,
      contact: calls.get,
      createContact: calls.create,
      updateContact: calls.update,
      deleteContact: calls.remove,
      contactAttachments: build.query<EndpointData<typeof Api.allegati>, number>({
        query: (id) => requestOf(Api.allegati, { params: { id } }),
      }),
      contactAssignments: build.query<EndpointData<typeof IncaricoApi.list>, number>({
        query: (personaID) => requestOf(IncaricoApi.list, { query: { PersonaID: personaID } }),
        providesTags: ['Assignment'],
      }),
    };
  },
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
