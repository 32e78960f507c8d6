import { SupplierPortalApi as Api } from '@stabile/contract';
import { create as contentDisposition } from 'content-disposition';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { readStored } from '../supplier-assignments/assignment-files.ts';
import { notifySupplierAnswer } from './supplier-notification.ts';
import { resolveLink, supplierAct, supplierFile, supplierPage } from './supplier-portal.service.ts';

// Public: the link's token is the only credential. Rate-limited per address.
const options = { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

export async function supplierPortalRoutes(app: AppInstance) {
  route(
    app,
    Api.info,
    async ({ params, reply }) => {
      reply.header('Cache-Control', 'no-store');
      const link = await resolveLink(app.db, app.config.linkSecret, params.token);
      return supplierPage(app.db, link);
    },
    options,
  );

  route(
    app,
    Api.action,
    async ({ params, body, request, reply }) => {
      reply.header('Cache-Control', 'no-store');
      const link = await resolveLink(app.db, app.config.linkSecret, params.token);
      const page = await supplierAct(app.db, link, params.azione, body);
      // The administrator hears of the answer on their devices; the provider does not wait for it.
      void notifySupplierAnswer(app, link, params.azione, page).catch((error: unknown) =>
        request.log.warn({ err: error }, 'supplier answer: push notification not sent'),
      );
      return page;
    },
    options,
  );

  route(
    app,
    Api.file,
    async ({ params, reply }) => {
      const link = await resolveLink(app.db, app.config.linkSecret, params.token);
      const file = await supplierFile(app.db, link, params.messaggioId);
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
    options,
  );
}
