import {
  type ArchiveListItem,
  type ArchiveLoginRequest,
  ArchivePath,
  type ArchiveUnlockResponse,
  type ArchiveUser,
  type CheckDbVersionResponse,
  type LastAccessResponse,
  type OpenArchiveResponse,
  type UpdateProgress,
  type UserManagementLoginRequest,
} from '@stabile/contract';
import { api } from '../../shared/api/api.ts';

/** Calls made before the archive becomes the current one send its id explicitly. */
const archiveHeader = (archiveId: number) => ({ 'X-Archive-Id': String(archiveId) });

export const archivesApi = api.injectEndpoints({
  endpoints: (build) => ({
    archives: build.query<ArchiveListItem[], void>({
      query: () => ArchivePath.list,
      providesTags: ['Archive'],
    }),
    archiveLogin: build.mutation<ArchiveUnlockResponse, ArchiveLoginRequest & { archiveId: number }>({
      query: ({ archiveId, ...body }) => ({
        url: ArchivePath.login,
        method: 'POST',
        body,
        headers: archiveHeader(archiveId),
      }),
      // Wrong or blank password is shown in the dialog, not as a global reset.
      extraOptions: { handledCodes: [102, 103, 121] },
    }),
    archiveUsers: build.query<ArchiveUser[], number>({
      query: (archiveId) => ({ url: ArchivePath.users, headers: archiveHeader(archiveId) }),
    }),
    userManagementLogin: build.mutation<
      ArchiveUnlockResponse,
      UserManagementLoginRequest & { archiveId: number }
    >({
      query: ({ archiveId, ...body }) => ({
        url: ArchivePath.userLogin,
        method: 'POST',
        body,
        headers: archiveHeader(archiveId),
      }),
      extraOptions: { handledCodes: [104, 120, 121] },
    }),
    openArchive: build.query<OpenArchiveResponse, number>({
      query: (archiveId) => ({
        url: ArchivePath.open,
        params: { ritornaInfo: 'true' },
        headers: archiveHeader(archiveId),
      }),
      // The caller decides: 100 means "choose again", 105 opens the update modal.
      extraOptions: { handledCodes: [100, 105] },
    }),
    checkDbVersion: build.query<CheckDbVersionResponse, void>({
      query: () => ArchivePath.checkVersion,
    }),
    updateDb: build.mutation<UpdateProgress, string>({
      query: (connectionID) => ({ url: ArchivePath.update, method: 'POST', params: { connectionID } }),
      extraOptions: { handledCodes: 'all' },
    }),
    updateProgress: build.query<UpdateProgress, string>({
      query: (connectionID) => ({ url: ArchivePath.updateProgress, params: { connectionID } }),
      extraOptions: { handledCodes: 'all' },
    }),
    lastAccess: build.mutation<LastAccessResponse, { attivita: boolean }>({
      query: (body) => ({ url: ArchivePath.lastAccess, method: 'PUT', body }),
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
