import { type EndpointData, HistoryApi, type HistoryKind } from '@stabile/contract';
import { api } from './api.ts';
import { requestOf } from './endpoint-request.ts';

export type HistoryPage = EndpointData<typeof HistoryApi.list>;

export interface HistoryRequest {
  tipo: HistoryKind;
  id: number;
  /** The `nextCursor` of the page before (older changes). */
  cursor?: string;
}

/** The history of one record (GET /api/cronologia/{tipo}/{id}), newest first. */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    recordHistory: build.query<HistoryPage, HistoryRequest>({
      query: ({ tipo, id, cursor }) =>
        requestOf(HistoryApi.list, { params: { tipo, id }, query: cursor ? { cursor } : {} }),
    }),
  }),
});

export const { useRecordHistoryQuery } = historyApi;
