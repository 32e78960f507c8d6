import {
  envelopeSchema,
  SupplierPortalPath,
  supplierActionBodySchema,
  supplierActionParamsSchema,
  supplierFileParamsSchema,
  supplierPageSchema,
  supplierTokenParamsSchema,
} from '@stabile/contract';
import { create as contentDisposition } from 'content-disposition';
import type { AppInstance } from '../../app.ts';
import { ok } from '../../shared/envelope.ts';
import { readStored } from '../supplier-assignments/assignment-files.ts';
import { notifySupplierAnswer } from './supplier-notification.ts';
import { resolveLink, supplierAct, supplierFile, supplierPage } from './supplier-portal.service.ts';

const TAGS = ['portale fornitore'];
// Public: the link's token is the only credential. Rate-limited per address.
const config = { auth: 'none' as const, rateLimit: { max: 60, timeWindow: '1 minute' } };

export async function supplierPortalRoutes(app: AppInstance) {
  app.get(
    SupplierPortalPath.info,
    {
      config,
      schema: {
        tags: TAGS,
        summary: 'Pagina del fornitore (senza account): la richiesta, lo stato e le azioni possibili',
        params: supplierTokenParamsSchema,
        response: { 200: envelopeSchema(supplierPageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const link = await resolveLink(app.db, app.config.linkSecret, request.params.token);
      return ok(reply, await supplierPage(app.db, link));
    },
  );

  app.post(
    SupplierPortalPath.action,
    {
      config,
      schema: {
        tags: TAGS,
        summary:
          'Risposta del fornitore: accetta, rifiuta, rinvia {nuovaData, motivazione}, messaggio {testo}, chiudiSuccesso, chiudiInsuccesso',
        params: supplierActionParamsSchema,
        body: supplierActionBodySchema,
        response: { 200: envelopeSchema(supplierPageSchema) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const link = await resolveLink(app.db, app.config.linkSecret, request.params.token);
      const page = await supplierAct(app.db, link, request.params.azione, request.body);
      // The administrator hears of the answer on their devices; the provider does not wait for it.
      void notifySupplierAnswer(app, link, request.params.azione, page).catch((error: unknown) =>
        request.log.warn({ err: error }, 'supplier answer: push notification not sent'),
      );
      return ok(reply, page);
    },
  );

  app.get(
    SupplierPortalPath.file,
    {
      config,
      schema: {
        tags: TAGS,
        summary: "Scarica il file allegato a un messaggio dell'incarico",
        params: supplierFileParamsSchema,
      },
    },
    async (request, reply) => {
      const link = await resolveLink(app.db, app.config.linkSecret, request.params.token);
      const file = await supplierFile(app.db, link, request.params.messaggioId);
      const content = await readStored(app.config, link.archiveId, file.key);
      return (
        reply
          .header('Content-Type', 'application/octet-stream')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'no-store')
          // RFC 6266: a quoted ASCII fallback and the UTF-8 name, both escaped.
          .header('Content-Disposition', contentDisposition(file.name, { type: 'attachment' }))
          .send(content)
      );
    },
  );
}
