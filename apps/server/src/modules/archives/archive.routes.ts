import {
  ArchivePath,
  archiveListResponseSchema,
  archiveLoginRequestSchema,
  archiveUnlockResponseSchema,
  archiveUsersResponseSchema,
  checkDbVersionResponseSchema,
  envelopeSchema,
  isProtectedResponseSchema,
  lastAccessRequestSchema,
  lastAccessResponseSchema,
  openArchiveQuerySchema,
  openArchiveResponseSchema,
  updateDbQuerySchema,
  updateProgressSchema,
  userManagementLoginRequestSchema,
} from '@stabile/contract';
import type { AppInstance } from '../../app.ts';
import { ok } from '../../shared/envelope.ts';
import { requestedArchiveId } from '../auth/auth-guard.ts';
import {
  type ArchiveDeps,
  archiveInfo,
  archiveLogin,
  archiveUsers,
  checkVersion,
  isProtected,
  lastAccess,
  listArchives,
  requireOwnArchive,
  runUpdate,
  updateProgress,
  userManagementLogin,
} from './archive.service.ts';

const TAGS = ['archivi'];
const ACCOUNT_SECURITY = [{ bearer: [] }];
const ACCOUNT_ARCHIVE_SECURITY = [{ bearer: [], archive: [] }];

/**
 * Archives of the account: list, unlock (password or archive user), open, data revision and its
 * update, last access. Routes before the unlock need only the account (auth 'account') and check
 * the X-Archive-Id themselves; the others need the archive unlocked in this session (the guard).
 */
export async function archiveRoutes(app: AppInstance) {
  const deps: ArchiveDeps = { db: app.db, dialect: app.dialect, log: app.log };

  app.get(
    ArchivePath.list,
    {
      config: { auth: 'account' },
      schema: {
        tags: TAGS,
        summary: 'Archivi dell’account',
        description:
          'Nome, protezione, gestione accessi, revisione dei dati, pubblicazione sul portale, ultimo accesso.',
        security: ACCOUNT_SECURITY,
        response: { 200: envelopeSchema(archiveListResponseSchema) },
      },
    },
    async (request, reply) => ok(reply, await listArchives(deps, request.auth!)),
  );

  app.get(
    ArchivePath.isProtected,
    {
      config: { auth: 'account' },
      schema: {
        tags: TAGS,
        summary: 'Indica se l’archivio (X-Archive-Id) è protetto',
        security: ACCOUNT_ARCHIVE_SECURITY,
        response: { 200: envelopeSchema(isProtectedResponseSchema) },
      },
    },
    async (request, reply) => {
      const archive = await requireOwnArchive(deps, request.auth!, requestedArchiveId(request));
      return ok(reply, isProtected(archive));
    },
  );

  app.post(
    ArchivePath.login,
    {
      config: { auth: 'account' },
      schema: {
        tags: TAGS,
        summary: 'Sblocca l’archivio (X-Archive-Id) per la sessione',
        description:
          'Archivio protetto da password: password vuota 102, errata 103. Archivio non protetto: corpo `{}`, ' +
          'nessuna password. Archivio con gestione utenti: usare /api/db/userManagement/login (110).',
        security: ACCOUNT_ARCHIVE_SECURITY,
        body: archiveLoginRequestSchema.nullish(),
        response: { 200: envelopeSchema(archiveUnlockResponseSchema) },
      },
    },
    async (request, reply) => {
      const archive = await requireOwnArchive(deps, request.auth!, requestedArchiveId(request));
      return ok(
        reply,
        await archiveLogin(deps, request.auth!, archive, request.body?.password, {
          throttle: app.loginThrottle,
          address: request.ip,
        }),
      );
    },
  );

  app.get(
    ArchivePath.users,
    {
      config: { auth: 'account' },
      schema: {
        tags: TAGS,
        summary: 'Utenti dell’archivio con gestione accessi (X-Archive-Id)',
        security: ACCOUNT_ARCHIVE_SECURITY,
        response: { 200: envelopeSchema(archiveUsersResponseSchema) },
      },
    },
    async (request, reply) => {
      const archive = await requireOwnArchive(deps, request.auth!, requestedArchiveId(request));
      return ok(reply, await archiveUsers(deps, archive));
    },
  );

  app.post(
    ArchivePath.userLogin,
    {
      config: { auth: 'account' },
      schema: {
        tags: TAGS,
        summary: 'Sblocca l’archivio come uno dei suoi utenti',
        description:
          'Utente inesistente o password errata: 104. Utente disattivato: 120 con un messaggio che lo dice ' +
          '(controllato dopo la password).',
        security: ACCOUNT_ARCHIVE_SECURITY,
        body: userManagementLoginRequestSchema,
        response: { 200: envelopeSchema(archiveUnlockResponseSchema) },
      },
    },
    async (request, reply) => {
      const archive = await requireOwnArchive(deps, request.auth!, requestedArchiveId(request));
      return ok(
        reply,
        await userManagementLogin(deps, request.auth!, archive, request.body, {
          throttle: app.loginThrottle,
          address: request.ip,
        }),
      );
    },
  );

  app.get(
    ArchivePath.open,
    {
      schema: {
        tags: TAGS,
        summary: 'Apre l’archivio sbloccato',
        description:
          'Con ritornaInfo=true restituisce i dati dell’archivio, l’utente scelto e i permessi per area. ' +
          'Archivio da aggiornare: 105.',
        security: ACCOUNT_ARCHIVE_SECURITY,
        querystring: openArchiveQuerySchema,
        response: { 200: envelopeSchema(openArchiveResponseSchema) },
      },
    },
    async (request, reply) => {
      const info = request.query.ritornaInfo
        ? await archiveInfo(deps, request.auth!, request.archive!)
        : null;
      return ok(reply, { aperto: true as const, info });
    },
  );

  app.get(
    ArchivePath.checkVersion,
    {
      config: { allowOldRevision: true },
      schema: {
        tags: TAGS,
        summary: 'Revisione dei dati dell’archivio e revisione richiesta',
        security: ACCOUNT_ARCHIVE_SECURITY,
        response: { 200: envelopeSchema(checkDbVersionResponseSchema) },
      },
    },
    async (request, reply) => ok(reply, await checkVersion(deps, request.auth!, request.archive!.archiveId)),
  );

  app.post(
    ArchivePath.update,
    {
      config: { allowOldRevision: true },
      schema: {
        tags: TAGS,
        summary: 'Aggiorna i dati dell’archivio alla revisione richiesta',
        description:
          'Esegue i passi mancanti in un’unica transazione (tutto o niente) e risponde al termine con lo stato ' +
          'finale. Intanto GET /api/db/updateDB/progress?connectionID=... legge l’avanzamento salvato nel ' +
          'database. Con gestione accessi serve un utente Amministratore (120).',
        security: ACCOUNT_ARCHIVE_SECURITY,
        querystring: updateDbQuerySchema,
        response: { 200: envelopeSchema(updateProgressSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await runUpdate(deps, request.auth!, request.archive!, request.query.connectionID)),
  );

  app.get(
    ArchivePath.updateProgress,
    {
      config: { allowOldRevision: true },
      schema: {
        tags: TAGS,
        summary: 'Avanzamento dell’aggiornamento dell’archivio',
        description: 'Identificativo sconosciuto: 122.',
        security: ACCOUNT_ARCHIVE_SECURITY,
        querystring: updateDbQuerySchema,
        response: { 200: envelopeSchema(updateProgressSchema) },
      },
    },
    async (request, reply) =>
      ok(
        reply,
        await updateProgress(deps, request.auth!, request.archive!.archiveId, request.query.connectionID),
      ),
  );

  app.put(
    ArchivePath.lastAccess,
    {
      schema: {
        tags: TAGS,
        summary: 'Aggiorna l’ultimo accesso all’archivio (a ogni cambio di pagina)',
        description:
          '`attivita` indica la pagina delle attività. Restituisce il PID e l’abilitazione a MioCondominio Premium.',
        security: ACCOUNT_ARCHIVE_SECURITY,
        body: lastAccessRequestSchema,
        response: { 200: envelopeSchema(lastAccessResponseSchema) },
      },
    },
    async (request, reply) =>
      ok(reply, await lastAccess(deps, request.auth!, request.archive!.archiveId, request.body.attivita)),
  );
}
