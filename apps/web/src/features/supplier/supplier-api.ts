import {
  SupplierPortalApi as Api,
  type EndpointBody,
  type EndpointData,
  type SupplierAction,
} from '@stabile/contract';
import { api } from '../../shared/api/api.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

/** The provider's public page: the link's token is the only credential; errors are shown in the page. */
export const supplierApi = api.injectEndpoints({
  endpoints: (build) => ({
    supplierRequest: build.query<EndpointData<typeof Api.info>, string>({
      query: (token) => requestOf(Api.info, { params: { token } }),
      extraOptions: { handledCodes: 'all' },
    }),
    supplierAnswer: build.mutation<
      EndpointData<typeof Api.action>,
      { token: string; azione: SupplierAction; body: EndpointBody<typeof Api.action> }
    >({
      query: ({ token, azione, body }) => requestOf(Api.action, { params: { token, azione }, body }),
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
