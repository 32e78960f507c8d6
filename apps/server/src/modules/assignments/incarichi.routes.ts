import {
  deleteQuerySchema,
  envelopeSchema,
  idParamSchema,
  incaricoCreateSchema,
  incaricoListQuerySchema,
  incaricoSchema,
  incaricoUpdateSchema,
} from '@stabile/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { ok } from '../../shared/envelope.ts';
import {
  createIncarico,
  deleteIncarico,
  getIncarico,
  listIncarichi,
  updateIncarico,
} from './incarichi.service.ts';

const TAGS = ['incarichi'];

export async function incarichiRoutes(app: AppInstance) {
  const archiveOf = (request: { archive: { archiveId: number } | null }) => request.archive?.archiveId ?? 0;

  app.get(
    '/api/incarico',
    {
      schema: {
        tags: TAGS,
        summary: 'Incarichi di un condominio o di una persona',
        querystring: incaricoListQuerySchema,
        response: { 200: envelopeSchema(z.array(incaricoSchema)) },
      },
    },
    async (request, reply) => ok(reply, await listIncarichi(app.db, archiveOf(request), request.query)),
  );

  app.get(
    '/api/incarico/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Dettaglio di un incarico',
        params: idParamSchema,
        response: { 200: envelopeSchema(incaricoSchema) },
      },
    },
    async (request, reply) => ok(reply, await getIncarico(app.db, archiveOf(request), request.params.id)),
  );

  app.post(
    '/api/incarico',
    {
      schema: {
        tags: TAGS,
        summary: 'Crea un incarico',
        body: incaricoCreateSchema,
        response: { 200: envelopeSchema(incaricoSchema) },
      },
    },
    async (request, reply) => ok(reply, await createIncarico(app.db, archiveOf(request), request.body)),
  );

  app.put(
    '/api/incarico/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifica un incarico (richiede objVersion)',
        params: idParamSchema,
        body: incaricoUpdateSchema,
        response: { 200: envelopeSchema(incaricoSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await updateIncarico(app.db, archiveOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/api/incarico/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Elimina un incarico (richiede objVersion)',
        params: idParamSchema,
        querystring: deleteQuerySchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      await deleteIncarico(app.db, archiveOf(request), request.params.id, request.query.objVersion);
      return ok(reply, { id: request.params.id });
    },
  );
}
