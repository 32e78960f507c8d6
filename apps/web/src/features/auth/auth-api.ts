import { AuthPath, type DeviceRequest, type DeviceResponse, type IsLoggedResponse } from '@stabile/contract';
import { api } from '../../shared/api/api.ts';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    isLogged: build.query<IsLoggedResponse, void>({
      query: () => AuthPath.isLogged,
      providesTags: ['Account'],
      extraOptions: { handledCodes: 'all' },
    }),
    addDevice: build.mutation<DeviceResponse, DeviceRequest>({
      query: (body) => ({ url: AuthPath.addDevice, method: 'POST', body }),
      invalidatesTags: ['Device'],
      extraOptions: { handledCodes: 'all' },
    }),
    removeDevice: build.mutation<DeviceResponse, DeviceRequest>({
      query: (body) => ({ url: AuthPath.removeDevice, method: 'POST', body }),
      extraOptions: { handledCodes: 'all' },
    }),
  }),
});
