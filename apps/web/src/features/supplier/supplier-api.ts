import {
  activityPathOf,
  type SupplierAction,
  type SupplierActionBody,
  type SupplierPage,
  SupplierPortalPath,
} from '@stabile/contract';
import { api } from '../../shared/api/api.ts';

/** The provider's public page: the link's token is the only credential; errors are shown in the page. */
export const supplierApi = api.injectEndpoints({
  endpoints: (build) => ({
    supplierRequest: build.query<SupplierPage, string>({
      query: (token) => activityPathOf(SupplierPortalPath.info, { token }),
      extraOptions: { handledCodes: 'all' },
    }),
    supplierAnswer: build.mutation<
      SupplierPage,
      { token: string; azione: SupplierAction; body: SupplierActionBody }
    >({
      query: ({ token, azione, body }) => ({
        url: activityPathOf(SupplierPortalPath.action, { token, azione }),
        method: 'POST',
        body,
      }),
      extraOptions: { handledCodes: 'all' },
      async onQueryStarted({ token }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(supplierApi.util.upsertQueryData('supplierRequest', token, data));
        } catch {
          // Shown by the page.
        }
      },
    }),
  }),
});

export const { useSupplierRequestQuery, useSupplierAnswerMutation } = supplierApi;
