import { AuthApi, type EndpointBody, type EndpointData, NotificationApi } from '@stabile/contract';
import { api } from './api.ts';
import { requestOf } from './endpoint-request.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    isLogged: build.query<EndpointData<typeof AuthApi.isLogged>, void>({
      query: () => requestOf(AuthApi.isLogged, {}),
      providesTags: ['Account'],
      extraOptions: { handledCodes: 'all' },
    }),
    addDevice: build.mutation<
      EndpointData<typeof NotificationApi.addDevice>,
      EndpointBody<typeof NotificationApi.addDevice>
    >({
      query: (body) => requestOf(NotificationApi.addDevice, { body }),
      invalidatesTags: ['Device'],
      extraOptions: { handledCodes: 'all' },
    }),
    removeDevice: build.mutation<
      EndpointData<typeof NotificationApi.removeDevice>,
      EndpointBody<typeof NotificationApi.removeDevice>
    >({
      query: (body) => requestOf(NotificationApi.removeDevice, { body }),
      extraOptions: { handledCodes: 'all' },
    }),
  }),
});
