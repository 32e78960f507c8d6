import {
  Area,
  deleteQuerySchema,
  envelopeSchema,
  fornitoreCreateSchema,
  fornitoreListQuerySchema,
  fornitoreSchema,
  fornitoreUpdateSchema,
  idParamSchema,
  registryListItemSchema,
} from '@stabile/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { ok, paged } from '../../shared/envelope.ts';
import {
  createRecord,
  deleteRecord,
  getRecord,
  listRecords,
  type RegistryContext,
  updateRecord,
} from '../people/registry.service.ts';

const TAGS = ['fornitori'];
const config = { area: Area.Providers };

export async function providersRoutes(app: AppInstance) {
  const context = (archiveId: number): RegistryContext => ({ db: app.db, dialect: app.dialect, archiveId });
  const archiveOf = (request: { archive: { archiveId: number } | null }) => request.archive?.archiveId ?? 0;

  app.get(
    '/api/fornitore',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Elenco dei fornitori, in ordine di descrizione, con ricerca e filtri',
        querystring: fornitoreListQuerySchema,
        response: { 200: envelopeSchema(z.array(registryListItemSchema)) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { items, total, capped } = await listRecords(context(archiveOf(request)), 'providers', q, {
        search: q.searchQuery,
        tipoAttivitaID: q.tipoAttivitaID,
        durcStato: q.durcStato,
      });
      return paged(reply, items, q, total, capped);
    },
  );

  app.get(
    '/api/fornitore/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Dettaglio di un fornitore (201 se non esiste)',
        params: idParamSchema,
        response: { 200: envelopeSchema(fornitoreSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await getRecord(context(archiveOf(request)), 'providers', request.params.id)),
  );

  app.post(
    '/api/fornitore',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Crea un fornitore',
        body: fornitoreCreateSchema,
        response: { 200: envelopeSchema(fornitoreSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await createRecord(context(archiveOf(request)), 'providers', request.body)),
  );

  app.put(
    '/api/fornitore/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Modifica un fornitore (richiede objVersion)',
        params: idParamSchema,
        body: fornitoreUpdateSchema,
        response: { 200: envelopeSchema(fornitoreSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await updateRecord(context(archiveOf(request)), 'providers', request.params.id, request.body),
      ),
  );

  app.delete(
    '/api/fornitore/:id',
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Elimina un fornitore non più in uso (richiede objVersion)',
        params: idParamSchema,
        querystring: deleteQuerySchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (request, reply) => {
      await deleteRecord(
        context(archiveOf(request)),
        'providers',
        request.params.id,
        request.query.objVersion,
      );
      return ok(reply, { id: request.params.id });
    },
  );
}
