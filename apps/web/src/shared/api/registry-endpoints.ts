import type { Endpoint, EndpointBody, EndpointData, EndpointItem, EndpointQuery } from '@stabile/contract';
import { type api, toPage } from './api.ts';
import type { Page } from './api-types.ts';
import { requestOf } from './endpoint-request.ts';

/** A declared call inside this generic module (the kind's types are checked where it is used). */
const call = (declaration: Endpoint, input: { params?: object; query?: unknown; body?: unknown }) =>
  requestOf<Endpoint>(declaration, { params: undefined, query: undefined, body: undefined, ...input });

type Build = Parameters<Parameters<typeof api.injectEndpoints>[0]['endpoints']>[0];

/** The five calls a registry kind declares in the contract (PersonaApi, FornitoreApi). */
export interface RegistryDeclarations {
  list: Endpoint;
  get: Endpoint;
  create: Endpoint;
  update: Endpoint;
  remove: Endpoint;
}

interface RegistryOptions<D extends RegistryDeclarations, ListArgs> {
  /** The cache tag of the kind: the list is `{type, id: 'LIST'}`, a record `{type, id}`. */
  tag: 'Contact' | 'Provider';
  /** The list's query from what the list page asks (size, order and filters are the kind's own). */
  listQuery: (args: ListArgs) => EndpointQuery<D['list']>;
  /** Puts a saved record into the cache of its `get` endpoint (the kind's api names it). */
  saved: (id: number, record: EndpointData<D['update']>) => unknown;
}

/**
 * The list, record, create, update and delete calls of a registry kind, taken from its declarations.
 * The kind names them in its own api, so that its hooks keep their names:
 *
 *   endpoints: (build) => {
 *     const calls = registryEndpoints(build, PersonaApi, { tag: 'Contact', listQuery, saved });
 *     return { contacts: calls.list, contact: calls.get, createContact: calls.create, ... };
 *   }
 */
export function registryEndpoints<D extends RegistryDeclarations, ListArgs>(
  build: Build,
  Api: D,
  { tag, listQuery, saved }: RegistryOptions<D, ListArgs>,
) {
  const list = { type: tag, id: 'LIST' } as const;
  return {
    list: build.query<Page<EndpointItem<D['list']>>, ListArgs>({
      query: (args) => call(Api.list, { query: listQuery(args) }),
      transformResponse: toPage<EndpointItem<D['list']>>,
      providesTags: [list],
    }),
    get: build.query<EndpointData<D['get']>, number>({
      query: (id) => call(Api.get, { params: { id } }),
      providesTags: (_r, _e, id) => [{ type: tag, id }],
    }),
    create: build.mutation<EndpointData<D['create']>, EndpointBody<D['create']>>({
      query: (body) => call(Api.create, { body }),
      invalidatesTags: [list],
    }),
    update: build.mutation<EndpointData<D['update']>, { id: number; body: EndpointBody<D['update']> }>({
      query: ({ id, body }) => call(Api.update, { params: { id }, body }),
      // The answer is the saved record (with its new objVersion): into the cache at once, so a
      // following delete or save never sends a stale version.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(saved(id, data) as never);
      },
      invalidatesTags: [list],
    }),
    remove: build.mutation<EndpointData<D['remove']>, { id: number; objVersion: number }>({
      query: ({ id, objVersion }) => call(Api.remove, { params: { id }, query: { objVersion } }),
      invalidatesTags: [list],
    }),
  };
}
