import { type EndpointData, NotificationApi } from '@stabile/contract';
import { api } from '../../shared/api/api.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

/** The server's VAPID key, asked when the user enables push (private area only). */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    vapidPublicKey: build.query<EndpointData<typeof NotificationApi.chiavePubblica>, void>({
      query: () => requestOf(NotificationApi.chiavePubblica, {}),
      extraOptions: { handledCodes: 'all' },
    }),
  }),
});
