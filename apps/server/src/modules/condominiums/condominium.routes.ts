import {
  CondominiumPath,
  condominioListaItemSchema,
  condominioListaQuerySchema,
  envelopeSchema,
} from '@stabile/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app.ts';
import { ok } from '../../shared/envelope.ts';
import { listCondominiumsShort } from './condominium.repository.ts';

const TAGS = ['condomini'];

export async function condominiumRoutes(app: AppInstance) {
  app.get(
    CondominiumPath.lista,
    {
      schema: {
        tags: TAGS,
        summary: "Elenco breve dei condomini dell'archivio (gestiti, salvo gestiti=false), per intestazione",
        querystring: condominioListaQuerySchema,
        response: { 200: envelopeSchema(z.array(condominioListaItemSchema)) },
      },
    },
    async (request, reply) => {
      const archiveId = request.archive?.archiveId ?? 0;
      return ok(reply, await listCondominiumsShort(app.db, archiveId, { gestiti: request.query.gestiti }));
    },
  );
}
