import {
  AllegatiApi,
  type EndpointBody,
  type EndpointData,
  type EndpointItem,
  type EndpointQuery,
  ErrorCode,
} from '@stabile/contract';
import { api, toPage } from '../../shared/api/api.ts';
import type { Page } from '../../shared/api/api-types.ts';
import { requestOf } from '../../shared/api/endpoint-request.ts';

export type Allegato = EndpointItem<typeof AllegatiApi.lista>;
export type Fascicolo = EndpointItem<typeof AllegatiApi.fascicoli>;
export type OrigineAllegati = EndpointData<typeof AllegatiApi.origini>[number];
export type AllegatiQuery = EndpointQuery<typeof AllegatiApi.lista>;
export type FascicoliQuery = EndpointQuery<typeof AllegatiApi.fascicoli>;

/** An entity that holds attachments: RiferimentoAllegato (tipo, id). */
export interface AttachmentReference {
  tipo: number;
  id: number;
}

export const attachmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    attachments: build.query<Page<Allegato>, AllegatiQuery>({
      query: (query) => requestOf(AllegatiApi.lista, { query }),
      transformResponse: toPage<Allegato>,
      // An entity that does not exist (or not in this archive) already shows its drawer's error.
      extraOptions: { handledCodes: [ErrorCode.NotFound] },
      providesTags: (_result, _error, q) => [
        { type: 'Attachment', id: `${q['RiferimentoAllegato.Tipo']}:${q['RiferimentoAllegato.ID']}` },
      ],
    }),
    attachmentOrigins: build.query<OrigineAllegati[], AttachmentReference>({
      query: (ref) => requestOf(AllegatiApi.origini, { query: { Id: ref.id, Tipo: ref.tipo } }),
      providesTags: (_result, _error, ref) => [{ type: 'Attachment', id: `${ref.tipo}:${ref.id}` }],
    }),
    dossiers: build.query<Page<Fascicolo>, FascicoliQuery>({
      query: (query) => requestOf(AllegatiApi.fascicoli, { query }),
      transformResponse: toPage<Fascicolo>,
      providesTags: (_result, _error, q) => [{ type: 'Dossier', id: `${q.Tipo}:${q.Id}` }],
    }),
    createDossier: build.mutation<Fascicolo, EndpointBody<typeof AllegatiApi.creaFascicolo>>({
      query: (body) => requestOf(AllegatiApi.creaFascicolo, { body }),
      invalidatesTags: (_result, _error, body) => [
        { type: 'Dossier', id: `${body.riferimento.tipo}:${body.riferimento.id}` },
        { type: 'Attachment', id: `${body.riferimento.tipo}:${body.riferimento.id}` },
      ],
    }),
    deleteAttachment: build.mutation<{ id: number }, Allegato>({
      query: (allegato) =>
        requestOf(AllegatiApi.elimina, {
          params: { id: allegato.id },
          query: { objVersion: allegato.objVersion },
        }),
      invalidatesTags: (_result, _error, a) => [
        { type: 'Attachment', id: `${a.riferimento.tipo}:${a.riferimento.id}` },
        { type: 'Dossier', id: `${a.riferimento.tipo}:${a.riferimento.id}` },
      ],
    }),
    attachmentLink: build.mutation<
      EndpointData<typeof AllegatiApi.link>,
      { id: number; nomeFile: string; download?: boolean }
    >({
      query: ({ id, nomeFile, download }) =>
        requestOf(AllegatiApi.link, {
          params: { id },
          query: { nomeFile, ...(download ? { download: 'true' as const } : {}) },
        }),
      extraOptions: { handledCodes: 'all' },
    }),
  }),
});

export const {
  useAttachmentsQuery,
  useAttachmentOriginsQuery,
  useDossiersQuery,
  useCreateDossierMutation,
  useDeleteAttachmentMutation,
  useAttachmentLinkMutation,
} = attachmentsApi;
