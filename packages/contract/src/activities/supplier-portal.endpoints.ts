import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ErrorCode } from '../common/errors.ts';
import {
  supplierActionBodySchema,
  supplierActionParamsSchema,
  supplierFileParamsSchema,
  supplierPageSchema,
  supplierTokenParamsSchema,
} from './activity.schemas.ts';

const tags = ['portale fornitore'] as const;
/** A link that is malformed, revoked (410) or expired (410), a call over the rate limit, a missing row. */
const link = [ErrorCode.Forbidden, ErrorCode.NotFound, ErrorCode.TooManyRequests] as const;

/**
 * The supplier's public page (no account): every call names the link's token, the only credential.
 * Each answer says `Cache-Control: no-store`.
 */
export const SupplierPortalApi = {
  info: endpoint({
    operationId: 'paginaFornitore',
    method: 'GET',
    path: '/api/fornitore-portale/:token',
    summary: 'Pagina del fornitore (senza account): la richiesta, lo stato e le azioni possibili',
    tags,
    auth: 'none',
    params: supplierTokenParamsSchema,
    response: supplierPageSchema,
    errors: link,
  }),
  action: endpoint({
    operationId: 'rispostaFornitore',
    method: 'POST',
    path: '/api/fornitore-portale/:token/:azione',
    summary:
      'Risposta del fornitore: accetta, rifiuta, rinvia {nuovaData, motivazione}, messaggio {testo}, chiudiSuccesso, chiudiInsuccesso',
    tags,
    auth: 'none',
    params: supplierActionParamsSchema,
    body: supplierActionBodySchema,
    response: supplierPageSchema,
    errors: [...link, ErrorCode.Business],
  }),
  file: endpoint({
    operationId: 'fileMessaggioFornitore',
    method: 'GET',
    path: '/api/fornitore-portale/:token/allegati/:messaggioId',
    summary: "Scarica il file allegato a un messaggio dell'incarico",
    tags,
    auth: 'none',
    params: supplierFileParamsSchema,
    response: z.unknown(),
    produces: 'application/octet-stream',
    errors: link,
  }),
};

/** The paths of the supplier's page, for the server's request log (history origin). */
export const SupplierPortalPath = {
  info: SupplierPortalApi.info.path,
  action: SupplierPortalApi.action.path,
  file: SupplierPortalApi.file.path,
} as const;

/** Where the emailed link points in the web app. */
export const SUPPLIER_PAGE_PATH = '/fornitore';
