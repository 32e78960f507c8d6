import {
  Area,
  deleteQuerySchema,
  envelopeSchema,
  idParamSchema,
  personaAllegatoSchema,
  personaCreateSchema,
  personaListQuerySchema,
  personaSchema,
  personaUpdateSchema,
  registryListItemSchema,
} from '@stabile/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { ok, paged } from '../../shared/envelope.ts';
import { listPersonAttachments } from './person-attachments.ts';
import {
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  type RegistryContext,
  updateRecord,
} from './registry.service.ts';

const TAGS = ['contatti'];
const config = { area: Area.People };

export async function peopleRoutes(app: AppInstance) {
  const context = (archiveId: number): RegistryContext => ({ db: app.db, dialect: app.dialect, archiveId });
  const archiveOf = (request: { archive: { archiveId: number } | null }) => request.archive?.archiveId ?? 0;

  app.get(
    '/api/persona',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Elenco dei contatti, in ordine di descrizione, con ricerca da 3 caratteri',
        querystring: personaListQuerySchema,
        response: { 200: envelopeSchema(z.array(registryListItemSchema)) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total, capped } = await listRecords(context(archiveOf(request)), 'persons', q, {
        search: q.searchQuery,
      });
      return paged(reply, items, q, total, capped);
    },
  );

  app.get(
    '/api/persona/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Dettaglio di un contatto',
        params: idParamSchema,
        response: { 200: envelopeSchema(personaSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await getRecord(context(archiveOf(request)), 'persons', request.params.id)),
  );

  app.post(
    '/api/persona',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Crea un contatto',
        body: personaCreateSchema,
        response: { 200: envelopeSchema(personaSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await createRecord(context(archiveOf(request)), 'persons', request.body)),
  );

  app.put(
    '/api/persona/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Modifica un contatto (richiede objVersion)',
        params: idParamSchema,
        body: personaUpdateSchema,
        response: { 200: envelopeSchema(personaSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await updateRecord(context(archiveOf(request)), 'persons', request.params.id, request.body)),
  );

  app.delete(
    '/api/persona/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Elimina un contatto non più in uso (richiede objVersion)',
        params: idParamSchema,
        querystring: deleteQuerySchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      await deleteRecord(context(archiveOf(request)), 'persons', request.params.id, request.query.objVersion);
      return ok(reply, { id: request.params.id });
    },
  );

  app.get(
    '/api/persona/:id/allegati',
    {
      config: { area: [Area.People, Area.Attachments] },
      schema: {
        tags: TAGS,
        summary: 'Allegati di un contatto',
        params: idParamSchema,
        response: { 200: envelopeSchema(z.array(personaAllegatoSchema)) },
      },
    },
    async (request, reply) => {
      const ctx = context(archiveOf(request));
      await getRecord(ctx, 'persons', request.params.id);
      return ok(reply, await listPersonAttachments(app.db, ctx.archiveId, request.params.id));
    },
  );
}
