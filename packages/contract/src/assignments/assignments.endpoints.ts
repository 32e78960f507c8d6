import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ErrorCode } from '../common/errors.ts';
import { deletedIdSchema } from '../people/people.endpoints.ts';
import { deleteQuerySchema, idParamSchema } from '../people/people.schemas.ts';
import {
  incaricoCreateSchema,
  incaricoListQuerySchema,
  incaricoSchema,
  incaricoUpdateSchema,
} from './assignments.schemas.ts';

const tags = ['incarichi'] as const;

/**
 * The assignment calls (incarichi of a person in a condominium). Archive-wide: they are shown with
 * condominiums and with contacts, so no permission area.
 */
export const IncaricoApi = {
  list: endpoint({
    operationId: 'elencoIncarichi',
    method: 'GET',
    path: '/api/incarico',
    summary: 'Incarichi di un condominio o di una persona',
    tags,
    query: incaricoListQuerySchema,
    response: z.array(incaricoSchema),
  }),
  get: endpoint({
    operationId: 'getIncarico',
    method: 'GET',
    path: '/api/incarico/:id',
    summary: 'Dettaglio di un incarico',
    tags,
    params: idParamSchema,
    response: incaricoSchema,
    errors: [ErrorCode.NotFound],
  }),
  create: endpoint({
    operationId: 'creaIncarico',
    method: 'POST',
    path: '/api/incarico',
    summary: 'Crea un incarico',
    tags,
    body: incaricoCreateSchema,
    response: incaricoSchema,
  }),
  update: endpoint({
    operationId: 'modificaIncarico',
    method: 'PUT',
    path: '/api/incarico/:id',
    summary: 'Modifica un incarico (richiede objVersion)',
    tags,
    params: idParamSchema,
    body: incaricoUpdateSchema,
    response: incaricoSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Business],
  }),
  remove: endpoint({
    operationId: 'eliminaIncarico',
    method: 'DELETE',
    path: '/api/incarico/:id',
    summary: 'Elimina un incarico (richiede objVersion)',
    tags,
    params: idParamSchema,
    query: deleteQuerySchema,
    response: deletedIdSchema,
    errors: [ErrorCode.NotFound, ErrorCode.Business],
  }),
};
