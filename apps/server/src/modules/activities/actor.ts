import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/app-error.ts';
import type { Actor } from './activity.service.ts';

/** The archive, account and archive user of an authenticated archive request. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.archive || !request.auth) throw new AppError(111);
  return {
    archiveId: request.archive.archiveId,
    accountId: request.auth.accountId,
    archiveUserId: request.archive.archiveUserId,
  };
}
