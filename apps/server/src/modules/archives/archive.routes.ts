import { ArchiveApi as Api } from '@stabile/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app.ts';
import { route } from '../../shared/route.ts';
import { accountOf, type Scope } from '../../shared/scope.ts';
import { requestedArchiveId } from '../auth/auth-guard.ts';
import {
  type ArchiveDeps,
  archiveInfo,
  archiveLogin,
  archiveUsers,
  type CurrentArchive,
  checkVersion,
  isProtected,
  lastAccess,
  listArchives,
  requireOwnArchive,
  runUpdate,
  updateProgress,
  userManagementLogin,
} from './archive.service.ts';

/** Archive maintenance works on an archive whose data revision is old (the update itself). */
const oldRevision = { config: { allowOldRevision: true } };

const currentOf = (scope: Scope): CurrentArchive => ({
  archiveId: scope.archiveId,
  archiveUserId: scope.actor.archiveUserId,
  permissions: scope.permissions,
});

/**
 * Archives of the account: list, unlock (password or archive user), open, data revision and its
 * update, last access. Routes before the unlock need only the account (auth 'account') and check
 * the X-Archive-Id themselves; the others need the archive unlocked in this session (the guard).
 */
export async function archiveRoutes(app: AppInstance) {
  const deps: ArchiveDeps = { db: app.db, dialect: app.dialect, log: app.log };
  /** The archive of the X-Archive-Id header, when it is one of the account's (100 otherwise). */
  const ownArchive = (request: FastifyRequest) =>
    requireOwnArchive(deps, accountOf(request), requestedArchiveId(request));
  const check = (request: FastifyRequest) => ({ throttle: app.loginThrottle, address: request.ip });

  route(app, Api.list, ({ request }) => listArchives(deps, accountOf(request)));
  route(app, Api.isProtected, async ({ request }) => isProtected(await ownArchive(request)));
  route(app, Api.login, async ({ request, body }) =>
    archiveLogin(deps, accountOf(request), await ownArchive(request), body?.password, check(request)),
  );
  route(app, Api.users, async ({ request }) => archiveUsers(deps, await ownArchive(request)));
  route(app, Api.userLogin, async ({ request, body }) =>
    userManagementLogin(deps, accountOf(request), await ownArchive(request), body, check(request)),
  );
  route(app, Api.open, async ({ request, scope, query }) => ({
    aperto: true as const,
    info: query.ritornaInfo ? await archiveInfo(deps, accountOf(request), currentOf(scope)) : null,
  }));
  route(
    app,
    Api.checkVersion,
    ({ request, scope }) => checkVersion(deps, accountOf(request), scope.archiveId),
    oldRevision,
  );
  route(
    app,
    Api.update,
    ({ request, scope, query }) => runUpdate(deps, accountOf(request), currentOf(scope), query.connectionID),
    oldRevision,
  );
  route(
    app,
    Api.updateProgress,
    ({ request, scope, query }) =>
      updateProgress(deps, accountOf(request), scope.archiveId, query.connectionID),
    oldRevision,
  );
  route(app, Api.lastAccess, ({ request, scope, body }) =>
    lastAccess(deps, accountOf(request), scope.archiveId, body.attivita),
  );
}
