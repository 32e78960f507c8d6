import type { FastifyRequest } from 'fastify';
import type { Permissions, RequestAuth } from '../modules/auth/auth-guard.ts';
import { AppError } from './app-error.ts';

/** Who acts: the account, and the archive user when the archive has user management. */
export interface Actor {
  accountId: number;
  archiveUserId: number | null;
}

/**
 * The one request scope of an archive call, built by the auth guard: services and repositories
 * receive it and never default an archive id.
 */
export interface Scope {
  archiveId: number;
  actor: Actor;
  permissions: Permissions;
}

/** The scope of an authenticated archive request; 111 when the request has none. */
export function scopeOf(request: FastifyRequest): Scope {
  const { archive, auth } = request;
  if (!archive || !auth) throw new AppError(111);
  return {
    archiveId: archive.archiveId,
    actor: { accountId: auth.accountId, archiveUserId: archive.archiveUserId },
    permissions: archive.permissions,
  };
}

/** The session of an authenticated account call (auth 'account' or 'archive'); 111 when there is none. */
export function accountOf(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw new AppError(111);
  return request.auth;
}
