import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { Area } from '../common/enums.ts';
import { ErrorCode } from '../common/errors.ts';
import {
  ambienteInputSchema,
  ambienteUpdateSchema,
  commonPartCreateParamsSchema,
  commonPartDeleteQuerySchema,
  commonPartListItemSchema,
  commonPartListQuerySchema,
  commonPartParamsSchema,
  commonPartSchema,
  commonPartServicesParamsSchema,
  condominioParamsSchema,
  condominioServiziQuerySchema,
  deletedSchema,
  impiantoInputSchema,
  impiantoUpdateSchema,
  serviceParamsSchema,
  servizioInputSchema,
  servizioSchema,
  servizioUpdateSchema,
  tipoServizioSchema,
} from './common-part.schemas.ts';

const tags = ['parti comuni'] as const;
const area = Area.Plants;
const notFound = [ErrorCode.NotFound] as const;
const writeErrors = [ErrorCode.NotFound, ErrorCode.Business] as const;

/** The plant or environment calls, the same for both categories but for the path and body. */
function kindCalls<const K extends 'impianto' | 'ambiente', I extends z.ZodType, U extends z.ZodType>(
  kind: K,
  names: { one: string; op: string },
  input: I,
  update: U,
) {
  return {
    get: endpoint({
      operationId: `get${names.op}`,
      method: 'GET',
      path: `/api/condominio/:condominioId/${kind}/:id`,
      summary: `Dettaglio di ${names.one} del condominio`,
      tags,
      area,
      params: commonPartParamsSchema,
      response: commonPartSchema,
      errors: notFound,
    }),
    create: endpoint({
      operationId: `create${names.op}`,
      method: 'POST',
      path: `/api/condominio/:condominioId/${kind}`,
      summary: `Aggiunge ${names.one} al condominio`,
      tags,
      area,
      params: commonPartCreateParamsSchema,
      body: input,
      response: commonPartSchema,
      errors: notFound,
    }),
    update: endpoint({
      operationId: `update${names.op}`,
      method: 'PUT',
      path: `/api/condominio/:condominioId/${kind}/:id`,
      summary: `Modifica ${names.one} (richiede objVersion: se superata 409/115)`,
      tags,
      area,
      params: commonPartParamsSchema,
      body: update,
      response: commonPartSchema,
      errors: writeErrors,
    }),
    remove: endpoint({
      operationId: `delete${names.op}`,
      method: 'DELETE',
      path: `/api/condominio/:condominioId/${kind}/:id`,
      summary: `Elimina ${names.one} con i suoi servizi (richiede objVersion)`,
      tags,
      area,
      params: commonPartParamsSchema,
      query: commonPartDeleteQuerySchema,
      response: deletedSchema,
      errors: writeErrors,
    }),
  };
}

/** Common parts (spec section 7 "Condominium": parteComune, impianto, ambiente, servizio). */
export const ParteComuneApi = {
  /** Every common part of the archive, with search and filters (condominium, category, type). */
  lista: endpoint({
    operationId: 'listaPartiComuni',
    method: 'GET',
    path: '/api/parteComune',
    summary:
      "Parti comuni di tutti i condomini dell'archivio, per denominazione, con ricerca da 3 caratteri e filtri",
    tags,
    area,
    query: commonPartListQuerySchema,
    response: z.array(commonPartListItemSchema),
    paged: true,
  }),
  /** The common parts of one condominium (same query; `condominioID` is the path's). */
  listaCondominio: endpoint({
    operationId: 'listaPartiComuniCondominio',
    method: 'GET',
    path: '/api/condominio/:id/parteComune',
    summary: 'Parti comuni di un condominio, per denominazione, con ricerca da 3 caratteri',
    tags,
    area,
    params: condominioParamsSchema,
    query: commonPartListQuerySchema,
    response: z.array(commonPartListItemSchema),
    paged: true,
    errors: notFound,
  }),
  impianto: kindCalls(
    'impianto',
    { one: 'un impianto', op: 'Impianto' },
    impiantoInputSchema,
    impiantoUpdateSchema,
  ),
  ambiente: kindCalls(
    'ambiente',
    { one: 'un ambiente', op: 'Ambiente' },
    ambienteInputSchema,
    ambienteUpdateSchema,
  ),
};

/** Services of the common parts (servizio). */
export const ServizioApi = {
  tipi: endpoint({
    operationId: 'tipiServizioParteComune',
    method: 'GET',
    path: '/api/tipoServizioParteComune',
    summary: 'Tipi di servizio di una parte comune, con la descrizione italiana',
    tags,
    area,
    response: z.array(tipoServizioSchema),
  }),
  /** Every service of a condominium, by common part. */
  condominio: endpoint({
    operationId: 'serviziCondominio',
    method: 'GET',
    path: '/api/condominio/:id/servizio',
    summary: 'Servizi delle parti comuni di un condominio (facoltativo: di un solo tipo)',
    tags,
    area,
    params: condominioParamsSchema,
    query: condominioServiziQuerySchema,
    response: z.array(servizioSchema),
    errors: notFound,
  }),
  parteComune: endpoint({
    operationId: 'serviziParteComune',
    method: 'GET',
    path: '/api/condominio/:condominioId/parteComune/:parteComuneId/servizio',
    summary: 'Servizi di una parte comune',
    tags,
    area,
    params: commonPartServicesParamsSchema,
    response: z.array(servizioSchema),
    errors: notFound,
  }),
  create: endpoint({
    operationId: 'createServizio',
    method: 'POST',
    path: '/api/condominio/:condominioId/parteComune/:parteComuneId/servizio',
    summary: 'Aggiunge un servizio a una parte comune',
    tags,
    area,
    params: commonPartServicesParamsSchema,
    body: servizioInputSchema,
    response: servizioSchema,
    errors: [ErrorCode.NotFound, ErrorCode.ProviderNotFound],
  }),
  get: endpoint({
    operationId: 'getServizio',
    method: 'GET',
    path: '/api/condominio/:condominioId/servizio/:id',
    summary: 'Dettaglio di un servizio',
    tags,
    area,
    params: serviceParamsSchema,
    response: servizioSchema,
    errors: notFound,
  }),
  update: endpoint({
    operationId: 'updateServizio',
    method: 'PUT',
    path: '/api/condominio/:condominioId/servizio/:id',
    summary: 'Modifica un servizio (richiede objVersion: se superata 409/115)',
    tags,
    area,
    params: serviceParamsSchema,
    body: servizioUpdateSchema,
    response: servizioSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Business, ErrorCode.ProviderNotFound],
  }),
  remove: endpoint({
    operationId: 'deleteServizio',
    method: 'DELETE',
    path: '/api/condominio/:condominioId/servizio/:id',
    summary: 'Elimina un servizio (richiede objVersion)',
    tags,
    area,
    params: serviceParamsSchema,
    query: commonPartDeleteQuerySchema,
    response: deletedSchema,
    errors: writeErrors,
  }),
};
