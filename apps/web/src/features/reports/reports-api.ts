import { type EndpointData, SegnalazioniApi } from '@stabile/contract';
import { api } from '../../shared/api/api.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

export type ReportType = 'bug' | 'suggestion';

export interface ReportInput {
  type: ReportType;
  email: string;
  messaggio: string;
  allegato: File | null;
}

/** Bug reports and suggestions (spec section 7 "Reports"), sent as multipart. */
export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendReport: build.mutation<EndpointData<typeof SegnalazioniApi.problema>, ReportInput>({
      query: ({ type, email, messaggio, allegato }) => {
        const form = new FormData();
        form.append('Email', email);
        form.append('Messaggio', messaggio);
        if (allegato) form.append('Allegato', allegato, allegato.name);
        const declaration = type === 'bug' ? SegnalazioniApi.problema : SegnalazioniApi.suggerimento;
        return requestOf(declaration, { body: form });
      },
      extraOptions: { handledCodes: 'all' },
    }),
  }),
});

export const { useSendReportMutation } = reportsApi;
