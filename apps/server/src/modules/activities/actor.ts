import type { FastifyRequest } from 'fastify';
import { type Scope, scopeOf } from '../../shared/scope.ts';
import type { Actor } from './activity.service.ts';

/** The archive, account and archive user of an archive call's scope. */
export function actorOfScope(scope: Scope): Actor {
  return {
    archiveId: scope.archiveId,
    accountId: scope.actor.accountId,
    archiveUserId: scope.actor.archiveUserId,
  };
}

/** The archive, account and archive user of an authenticated archive request (111 without one). */
export function actorOf(request: FastifyRequest): Actor {
  return actorOfScope(scopeOf(request));
}
