import { AllegatiApi } from '@stabile/contract';
import type { FastifyReply } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { AppError } from '../../shared/app-error.ts';
import { route } from '../../shared/route.ts';
import type { AttachmentRow } from './attachment.repository.ts';
import {
  type AttachmentDeps,
  createAttachment,
  createDossier,
  deleteAttachmentAndFile,
  fileRow,
  getAttachment,
  linkOf,
  listByReference,
  listDossierPage,
  listOrigins,
  receiveUpload,
  replaceFile,
  rowOfLink,
  updateAttachmentInfo,
  uploadToDossier,
} from './attachment.service.ts';
import { contentDisposition, previewable } from './file-policy.ts';
import { fileStoreOf } from './file-store.ts';
import { verifyLink } from './links.ts';

/**
 * Sends a stored file. Always `nosniff` and an RFC 6266 Content-Disposition; a file shown inline
 * (only PDFs, images and text) is also sandboxed by its own CSP, so nothing in it can run with the
 * app's origin.
 */
async function sendFile(
  deps: AttachmentDeps,
  reply: FastifyReply,
  archiveId: number,
  row: AttachmentRow,
  inline: boolean,
): Promise<FastifyReply> {
  const stored = await deps.store.open(archiveId, row.storage_key);
  if (!stored) throw new AppError(122, "Il file dell'allegato non è disponibile.");
  const shown = inline && previewable(row.content_type);
  reply
    .header('content-type', row.content_type)
    .header('content-length', String(stored.size))
    .header('content-disposition', contentDisposition(shown ? 'inline' : 'attachment', row.nome_file))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header(
      'content-security-policy',
      shown
        ? "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'"
        : "sandbox; default-src 'none'; frame-ancestors 'none'",
    );
  return reply.send(stored.stream);
}

/** The attachment and dossier calls (spec section 7, Attachments); every one in the attachments area. */
export async function attachmentRoutes(app: AppInstance): Promise<void> {
  const store = await fileStoreOf(app.config);
  const deps: AttachmentDeps = {
    db: app.db,
    store,
    maxUploadBytes: app.config.maxUploadBytes,
    linkSecret: app.config.linkSecret,
    log: app.log,
  };

  route(app, AllegatiApi.lista, ({ query, scope }) =>
    listByReference(deps, scope.archiveId, {
      ref: { tipo: query['RiferimentoAllegato.Tipo'], id: query['RiferimentoAllegato.ID'] },
      origin: query.TipoOrigine,
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
    }),
  );

  route(app, AllegatiApi.origini, ({ query, scope }) =>
    listOrigins(deps, scope.archiveId, { tipo: query.Tipo, id: query.Id }),
  );

  route(app, AllegatiApi.get, ({ params, scope }) => getAttachment(deps, scope.archiveId, params.id));

  route(app, AllegatiApi.crea, async ({ request, scope }) =>
    createAttachment(deps, scope.archiveId, await receiveUpload(request, deps, scope.archiveId)),
  );

  route(app, AllegatiApi.modifica, ({ params, body, scope }) =>
    updateAttachmentInfo(deps, scope.archiveId, params.id, body),
  );

  route(app, AllegatiApi.elimina, ({ params, query, scope }) =>
    deleteAttachmentAndFile(deps, scope.archiveId, params.id, query.objVersion),
  );

  route(app, AllegatiApi.file, async ({ params, query, scope, reply }) => {
    const row = await fileRow(deps, scope.archiveId, params.id, query);
    return sendFile(deps, reply, scope.archiveId, row, false);
  });

  route(app, AllegatiApi.sostituisciFile, async ({ params, request, scope }) =>
    replaceFile(deps, scope.archiveId, params.id, await receiveUpload(request, deps, scope.archiveId)),
  );

  route(app, AllegatiApi.eliminaFile, ({ params, query, scope }) =>
    deleteAttachmentAndFile(deps, scope.archiveId, params.id, query.objVersion, query.nomeFile),
  );

  route(app, AllegatiApi.link, ({ params, query, scope }) => linkOf(deps, scope.archiveId, params.id, query));

  // The signed link's target: no bearer token; the token names archive, attachment and key.
  route(app, AllegatiApi.download, async ({ query, reply }) => {
    const claims = verifyLink(deps.linkSecret, query.token);
    const row = await rowOfLink(deps, claims);
    return sendFile(deps, reply, claims.archiveId, row, !claims.download);
  });

  route(app, AllegatiApi.fascicoli, ({ query, scope }) =>
    listDossierPage(deps, scope.archiveId, {
      ref: { tipo: query.Tipo, id: query.Id },
      origin: query.TipoOrigine,
      pageNumber: query.pageNumber,
      pageSize: query.pageSize,
    }),
  );

  route(app, AllegatiApi.creaFascicolo, ({ body, scope }) =>
    createDossier(deps, scope.archiveId, {
      ref: { tipo: body.riferimento.tipo, id: body.riferimento.id },
      origin: body.tipoOrigine,
      descrizione: body.descrizione ?? null,
    }),
  );

  route(app, AllegatiApi.caricaInFascicolo, async ({ params, request, scope }) => ({
    ok: true,
    allegato: await uploadToDossier(
      deps,
      scope.archiveId,
      params.id,
      await receiveUpload(request, deps, scope.archiveId),
    ),
  }));
}
