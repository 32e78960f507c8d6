import { ArchiveApi as Api, type EndpointBody, type EndpointData } from '@stabile/contract';
import { api } from './api.ts';
import { requestOf } from './endpoint-request.ts';

/** Calls made before the archive becomes the current one send its id explicitly. */
const archiveHeader = (archiveId: number) => ({ 'X-Archive-Id': String(archiveId) });

/** The archive calls (spec section 7, "Archive"), all taken from the contract. */
export const archivesApi = api.injectEndpoints({
  endpoints: (build) => ({
    archives: build.query<EndpointData<typeof Api.list>, void>({
      query: () => requestOf(Api.list, {}),
      providesTags: ['Archive'],
    }),
    archiveLogin: build.mutation<
      EndpointData<typeof Api.login>,
      NonNullable<EndpointBody<typeof Api.login>> & { archiveId: number }
    >({
      query: ({ archiveId, ...body }) => ({
        ...requestOf(Api.login, { body }),
        headers: archiveHeader(archiveId),
      }),
      // Wrong or blank password is shown in the dialog, not as a global reset.
      extraOptions: { handledCodes: [102, 103, 121] },
    }),
    archiveUsers: build.query<EndpointData<typeof Api.users>, number>({
      query: (archiveId) => ({ ...requestOf(Api.users, {}), headers: archiveHeader(archiveId) }),
    }),
    userManagementLogin: build.mutation<
      EndpointData<typeof Api.userLogin>,
      EndpointBody<typeof Api.userLogin> & { archiveId: number }
    >({
      query: ({ archiveId, ...body }) => ({
        ...requestOf(Api.userLogin, { body }),
        headers: archiveHeader(archiveId),
      }),
      extraOptions: { handledCodes: [104, 120, 121] },
    }),
    openArchive: build.query<EndpointData<typeof Api.open>, number>({
      query: (archiveId) => ({
        ...requestOf(Api.open, { query: { ritornaInfo: 'true' } }),
        headers: archiveHeader(archiveId),
      }),
      // The caller (openArchive) decides: 100 means "choose again", 105 opens the update modal, no
      // answer while reopening the archive in use shows the unreachable panel, anything else a toast.
      extraOptions: { handledCodes: 'all' },
    }),
    checkDbVersion: build.query<EndpointData<typeof Api.checkVersion>, void>({
      query: () => requestOf(Api.checkVersion, {}),
    }),
    updateDb: build.mutation<EndpointData<typeof Api.update>, string>({
      query: (connectionID) => requestOf(Api.update, { query: { connectionID } }),
      extraOptions: { handledCodes: 'all' },
    }),
    updateProgress: build.query<EndpointData<typeof Api.updateProgress>, string>({
      query: (connectionID) => requestOf(Api.updateProgress, { query: { connectionID } }),
      extraOptions: { handledCodes: 'all' },
    }),
    lastAccess: build.mutation<EndpointData<typeof Api.lastAccess>, EndpointBody<typeof Api.lastAccess>>({
      query: (body) => requestOf(Api.lastAccess, { body }),
    }),
  }),
});

export const {
  useArchivesQuery,
  useArchiveLoginMutation,
  useArchiveUsersQuery,
  useUserManagementLoginMutation,
  useUpdateDbMutation,
  useLastAccessMutation,
} = archivesApi;
