import { NotificationPath, type VapidPublicKeyResponse } from '@stabile/contract';
import { api } from '../../shared/api/api.ts';

/** The server's VAPID key, asked when the user enables push (private area only). */
export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    vapidPublicKey: build.query<VapidPublicKeyResponse, void>({
      query: () => NotificationPath.chiavePubblica,
      extraOptions: { handledCodes: 'all' },
    }),
  }),
});
