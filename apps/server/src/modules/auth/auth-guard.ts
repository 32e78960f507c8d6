import { ArchiveMessage, Area } from '@stabile/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { preparedQuery } from '../../db/prepared.ts';
import { AppError } from '../../shared/app-error.ts';
import { CURRENT_DATA_REVISION } from '../archives/data-revisions.ts';
import { verifyAccessToken } from './tokens.ts';

export type Permissions = Record<Area, boolean>;

export interface RequestAuth {
  accountId: number;
  sessionId: string;
}

export interface RequestArchive {
  archiveId: number;
  archiveUserId: number | null;
  gestioneAccessi: boolean;
  permissions: Permissions;
}

/** What a route needs: nothing, a logged-in account, or an unlocked archive (the default under /api). */
export type AuthLevel = 'none' | 'account' | 'archive';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
    /**
     * The permission area of an archive route (spec section 6); several when the route belongs to
     * more than one (a contact's attachments need both the contacts and the attachments area).
     */
    area?: Area | readonly Area[];
    /** Archive routes that work on an archive whose data revision is old (the update itself). */
    allowOldRevision?: boolean;
  }
  interface FastifyRequest {
    auth: RequestAuth | null;
    archive: RequestArchive | null;
  }
}

const ALL_ALLOWED: Permissions = {
  accAllegatiOn: true,
  accAttivitaOn: true,
  accImpiantiOn: true,
  accPersoneOn: true,
  accFornitoriOn: true,
};

function levelOf(request: FastifyRequest): AuthLevel {
  if (request.is404 || request.url.startsWith('/api/docs')) return 'none';
  const configured = request.routeOptions.config.auth;
  if (configured) return configured;
  return request.url.startsWith('/api/') ? 'archive' : 'none';
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice(7).trim() || null;
}

export function requestedArchiveId(request: FastifyRequest): number | null {
  const raw = request.headers['x-archive-id'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

/**
 * Reads the access token and, for archive routes, the unlocked archive with its permissions, before
 * the body is parsed and validated.
 */
export function registerAuthGuard(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  app.decorateRequest('archive', null);

  // onRequest: a caller without a valid session learns nothing about the input it sent (111 comes
  // before any 400 of parsing or validation), and its body is not even read.
  app.addHook('onRequest', async (request) => {
    const level = levelOf(request);
    if (level === 'none') return;
    const token = bearerToken(request);
    if (!token) {
      request.log.info({ reason: 'missing token', url: request.routeOptions.url }, 'authentication refused');
      throw new AppError(111);
    }
    const claims = await verifyAccessToken(app.config.jwtSecret, token).catch((error: unknown) => {
      request.log.info({ reason: 'invalid token', url: request.routeOptions.url }, 'authentication refused');
      throw error;
    });
    // Archive routes check the session inside the archive query: one round trip per request.
    if (level === 'archive') request.archive = await loadArchive(app, request, claims);
    else await checkSession(app, request, claims);
    request.auth = claims;
  });
}

function sessionRefused(request: FastifyRequest, claims: RequestAuth): AppError {
  request.log.info(
    { reason: 'session revoked or expired', accountId: claims.accountId },
    'authentication refused',
  );
  return new AppError(111);
}

function sessionIsLive(session: { revoked_at: string | null; expires_at: string }): boolean {
  return !session.revoked_at && session.expires_at > new Date().toISOString();
}

async function checkSession(app: FastifyInstance, request: FastifyRequest, claims: RequestAuth) {
  const session = await app.db
    .selectFrom('sessions')
    .select(['revoked_at', 'expires_at'])
    .where('id', '=', claims.sessionId)
    .where('account_id', '=', claims.accountId)
    .executeTakeFirst();
  if (!session || !sessionIsLive(session)) throw sessionRefused(request, claims);
}

/** The unlocked archive of a session, with its owner, revision and the archive user's flags. */
const archiveAccess = preparedQuery((db, archiveId: number, sessionId: string) =>
  db
    .selectFrom('session_archives as sa')
    .innerJoin('archives as a', 'a.id', 'sa.archive_id')
    .innerJoin('sessions as s', 's.id', 'sa.session_id')
    .leftJoin('archive_users as u', (join) =>
      join.onRef('u.archive_id', '=', 'sa.archive_id').onRef('u.id', '=', 'sa.archive_user_id'),
    )
    .select([
      'a.account_id',
      's.account_id as session_account_id',
      's.revoked_at',
      's.expires_at',
      'a.gestione_accessi',
      'a.data_revision',
      'sa.archive_user_id',
      'u.disattivato',
      'u.acc_allegati_on',
      'u.acc_attivita_on',
      'u.acc_impianti_on',
      'u.acc_persone_on',
      'u.acc_fornitori_on',
    ])
    .where('sa.archive_id', '=', archiveId)
    .where('sa.session_id', '=', sessionId),
);

async function loadArchive(app: FastifyInstance, request: FastifyRequest, claims: RequestAuth) {
  const archiveId = requestedArchiveId(request);
  const deny = (reason: string) => {
    request.log.info({ reason, accountId: claims.accountId, archiveId }, 'archive access refused');
    return new AppError(100);
  };
  if (archiveId === null) throw deny('missing archive header');
  const [row] = await archiveAccess(app.db, archiveId, claims.sessionId);
  if (!row) {
    // Tell a dead session (111) from an archive this session never unlocked (100).
    await checkSession(app, request, claims);
    throw deny('archive not unlocked in this session');
  }
  if (row.session_account_id !== claims.accountId || !sessionIsLive(row))
    throw sessionRefused(request, claims);
  if (row.account_id !== claims.accountId) throw deny('archive of another account');
  const gestioneAccessi = row.gestione_accessi === 1;
  let permissions = ALL_ALLOWED;
  if (gestioneAccessi) {
    if (row.archive_user_id === null || row.disattivato === null) throw deny('archive user missing');
    if (row.disattivato !== 0) {
      request.log.info(
        { reason: 'archive user deactivated', accountId: claims.accountId, archiveId },
        'authorisation refused',
      );
      throw new AppError(120, ArchiveMessage.UserDeactivated);
    }
    permissions = {
      accAllegatiOn: row.acc_allegati_on === 1,
      accAttivitaOn: row.acc_attivita_on === 1,
      accImpiantiOn: row.acc_impianti_on === 1,
      accPersoneOn: row.acc_persone_on === 1,
      accFornitoriOn: row.acc_fornitori_on === 1,
    };
  }
  if (row.data_revision < CURRENT_DATA_REVISION && !request.routeOptions.config.allowOldRevision) {
    throw new AppError(105);
  }
  const forbidden = areasOf(request.routeOptions.config.area).find((area) => !permissions[area]);
  if (forbidden) {
    request.log.info(
      { reason: 'area forbidden', area: forbidden, accountId: claims.accountId, archiveId },
      'authorisation refused',
    );
    throw new AppError(120);
  }
  return { archiveId, archiveUserId: row.archive_user_id, gestioneAccessi, permissions };
}

/** The areas a route's `config.area` names (none, one or several). */
export function areasOf(area: Area | readonly Area[] | undefined): readonly Area[] {
  if (area === undefined) return [];
  return typeof area === 'string' ? [area] : area;
}

export { Area };
