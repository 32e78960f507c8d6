import {
  type EndpointBody,
  type EndpointData,
  type EndpointItem,
  type EndpointQuery,
  RataApi,
} from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { ApiMeta, Page } from '../../shared/api/api-types.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

export type RataGroupItem = EndpointItem<typeof RataApi.lista>;
export type RataListArgs = {
  body: EndpointBody<typeof RataApi.lista>;
  query: EndpointQuery<typeof RataApi.lista>;
};
export type RataDettaglioData = EndpointData<typeof RataApi.dettaglio>;
export type RataDettaglioArgs = EndpointBody<typeof RataApi.dettaglio>;

/** A new idempotency key per user action: a retried request never records a payment twice. */
export function newIdempotencyKey(): string {
  return `web-${crypto.randomUUID()}`;
}

type OperationArgs<
  E extends
    | typeof RataApi.registerVersamento
    | typeof RataApi.registerRimborso
    | typeof RataApi.surplusVersamento,
> = {
  body: EndpointBody<E>;
  key: string;
  /** The drawer's detail query: the answer's detail is written there. */
  detail: RataDettaglioArgs;
};

/** A PDF of the API as a temporary object URL (the file needs the session's headers). */
const asObjectUrl = async (response: Response) =>
  response.ok ? URL.createObjectURL(await response.blob()) : response.json();

/** The operations answer with the group's detail after them: it goes straight into the drawer's cache. */
async function writeDetail(
  args: { detail: RataDettaglioArgs },
  {
    dispatch,
    queryFulfilled,
  }: {
    dispatch: (action: unknown) => unknown;
    queryFulfilled: Promise<{ data: { dettaglio: RataDettaglioData } }>;
  },
) {
  try {
    const { data } = await queryFulfilled;
    dispatch(instalmentsApi.util.upsertQueryData('rataDettaglio', args.detail, data.dettaglio));
  } catch {
    // The error is shown by the base query.
  }
}

export const instalmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    rataEsercizi: build.query<EndpointData<typeof RataApi.esercizi>, number>({
      query: (CondominioID) => requestOf(RataApi.esercizi, { query: { CondominioID } }),
      providesTags: ['Instalment'],
    }),
    rataGroups: build.query<Page<RataGroupItem>, RataListArgs>({
      query: ({ body, query }) => requestOf(RataApi.lista, { body, query }),
      transformResponse: (items: RataGroupItem[], meta: ApiMeta | undefined) => toPage(items, meta),
      providesTags: ['Instalment'],
    }),
    unitaAnagrafica: build.query<
      EndpointData<typeof RataApi.unitaAnagrafica>,
      EndpointQuery<typeof RataApi.unitaAnagrafica>
    >({
      query: (query) => requestOf(RataApi.unitaAnagrafica, { query }),
      providesTags: ['Instalment'],
    }),
    nuovaRata: build.mutation<
      EndpointData<typeof RataApi.nuova>,
      { body: EndpointBody<typeof RataApi.nuova>; key: string }
    >({
      query: ({ body, key }) => ({
        ...requestOf(RataApi.nuova, { body }),
        headers: { 'Idempotency-Key': key },
      }),
      invalidatesTags: ['Instalment', 'InstalmentDetail', 'Home'],
    }),
    rataDettaglio: build.query<RataDettaglioData, RataDettaglioArgs>({
      query: (body) => requestOf(RataApi.dettaglio, { body }),
      // Operations write their answer here themselves; only a new instalment refetches it.
      providesTags: ['InstalmentDetail'],
    }),
    registerVersamento: build.mutation<
      EndpointData<typeof RataApi.registerVersamento>,
      OperationArgs<typeof RataApi.registerVersamento>
    >({
      query: ({ body, key }) => ({
        ...requestOf(RataApi.registerVersamento, { body }),
        headers: { 'Idempotency-Key': key },
      }),
      onQueryStarted: writeDetail,
      invalidatesTags: ['Instalment', 'Home'],
    }),
    registerRimborso: build.mutation<
      EndpointData<typeof RataApi.registerRimborso>,
      OperationArgs<typeof RataApi.registerRimborso>
    >({
      query: ({ body, key }) => ({
        ...requestOf(RataApi.registerRimborso, { body }),
        headers: { 'Idempotency-Key': key },
      }),
      onQueryStarted: writeDetail,
      invalidatesTags: ['Instalment', 'Home'],
    }),
    surplusVersamento: build.mutation<
      EndpointData<typeof RataApi.surplusVersamento>,
      OperationArgs<typeof RataApi.surplusVersamento>
    >({
      query: ({ body, key }) => ({
        ...requestOf(RataApi.surplusVersamento, { body }),
        headers: { 'Idempotency-Key': key },
      }),
      onQueryStarted: writeDetail,
      invalidatesTags: ['Instalment', 'Home'],
    }),
    rateScadute: build.query<EndpointData<typeof RataApi.scadute>, void>({
      query: () => requestOf(RataApi.scadute, {}),
      providesTags: ['Instalment'],
    }),
    movimenti: build.query<EndpointData<typeof RataApi.movimenti>, EndpointQuery<typeof RataApi.movimenti>>({
      query: (query) => requestOf(RataApi.movimenti, { query }),
      providesTags: ['Instalment'],
    }),
    printSituazioneRate: build.mutation<string, EndpointBody<typeof RataApi.printSituazioneRate>>({
      query: (body) => ({
        ...requestOf(RataApi.printSituazioneRate, { body }),
        responseHandler: asObjectUrl,
      }),
    }),
    printReceipt: build.mutation<string, EndpointBody<typeof RataApi.printReceipt>>({
      query: (body) => ({ ...requestOf(RataApi.printReceipt, { body }), responseHandler: asObjectUrl }),
    }),
    stampaImpostazioni: build.query<EndpointData<typeof RataApi.leggiImpostazioniStampa>, void>({
      query: () => requestOf(RataApi.leggiImpostazioniStampa, {}),
      providesTags: ['PrintSettings'],
    }),
    saveStampaImpostazioni: build.mutation<
      EndpointData<typeof RataApi.salvaImpostazioniStampa>,
      EndpointBody<typeof RataApi.salvaImpostazioniStampa>
    >({
      query: (body) => requestOf(RataApi.salvaImpostazioniStampa, { body }),
      // The saved settings are the answer: written into the cache, no refetch.
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(instalmentsApi.util.upsertQueryData('stampaImpostazioni', undefined, data));
      },
    }),
  }),
});

export const {
  useRataEserciziQuery,
  useRataGroupsQuery,
  useRataDettaglioQuery,
  useUnitaAnagraficaQuery,
  useNuovaRataMutation,
  useRegisterVersamentoMutation,
  useRegisterRimborsoMutation,
  useSurplusVersamentoMutation,
  useMovimentiQuery,
  useRateScaduteQuery,
  usePrintSituazioneRateMutation,
  usePrintReceiptMutation,
  useStampaImpostazioniQuery,
  useSaveStampaImpostazioniMutation,
} = instalmentsApi;
