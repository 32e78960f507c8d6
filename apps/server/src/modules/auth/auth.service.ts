import { randomUUID } from 'node:crypto';
import {
  AccountType,
  AuthMessage,
  type IsLoggedResponse,
  type LoginResponse,
  REFRESH_TOKEN_DAYS,
  REFRESH_TOKEN_KEEP_LOGIN_DAYS,
} from '@stabile/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Mailer } from '../../shared/mailer.ts';
import { hashPassword, verifyPassword } from '../../shared/passwords.ts';
import { type LoginThrottle, TooManyAttempts } from './login-throttle.ts';
import {
  consumeAccountTokens,
  consumeOneTimeToken,
  extendSession,
  findAccountByEmail,
  findAccountById,
  findRefreshToken,
  insertOneTimeToken,
  insertRefreshToken,
  insertSession,
  markRefreshTokenUsed,
  revokeAccountSessions,
  revokeSession,
} from './session.repository.ts';
import { hashToken, newOpaqueToken, signAccessToken } from './tokens.ts';

const DAY_MS = 86_400_000;
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const UNATTENDED_TOKEN_TTL_MS = 5 * 60 * 1000;
/**
 * A rotated refresh token presented again within this window is a race between two tabs sharing
 * the cookie (both refreshed at once), not a replay: it gets a new token of the same session
 * instead of revoking it. Later reuse revokes the session.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

export interface AuthDeps {
  db: Kysely<Database>;
  config: Config;
  log: FastifyBaseLogger;
}

export interface IssuedSession {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  refreshExpiresAt: Date;
}

type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccountById>>>;

// Verifying against a real hash when the account does not exist keeps the answer time the same,
// so timing does not tell which emails have an account.
let dummyHash: Promise<string> | undefined;
function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('stabile-timing-equaliser');
  return dummyHash;
}

function lifetimeMs(keepLogin: boolean): number {
  return (keepLogin ? REFRESH_TOKEN_KEEP_LOGIN_DAYS : REFRESH_TOKEN_DAYS) * DAY_MS;
}

async function newRefreshToken(db: Kysely<Database>, sessionId: string, keepLogin: boolean, now: Date) {
  const { token, hash } = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + lifetimeMs(keepLogin));
  await insertRefreshToken(db, {
    hash,
    sessionId,
    now: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  return { token, expiresAt };
}

/** Opens a session (a refresh-token family) and issues its first token pair. */
export async function startSession(
  deps: AuthDeps,
  accountId: number,
  keepLogin: boolean,
  userAgent: string | null,
): Promise<IssuedSession> {
  const now = new Date();
  const sessionId = randomUUID();
  return deps.db.transaction().execute(async (trx) => {
    await insertSession(trx, {
      id: sessionId,
      accountId,
      keepLogin,
      now: now.toISOString(),
      expiresAt: new Date(now.getTime() + lifetimeMs(keepLogin)).toISOString(),
      userAgent: userAgent?.slice(0, 300) ?? null,
    });
    const refresh = await newRefreshToken(trx, sessionId, keepLogin, now);
    const accessToken = await signAccessToken(deps.config.jwtSecret, { accountId, sessionId });
    return { sessionId, accessToken, refreshToken: refresh.token, refreshExpiresAt: refresh.expiresAt };
  });
}

export function loginResponse(account: AccountRow, session: IssuedSession): LoginResponse {
  return {
    accessToken: session.accessToken,
    refreshToken: session.refreshToken,
    username: account.email,
    account: {
      versione: account.versione,
      gestioneAccessi: false,
      tipo: account.type === AccountType.One ? AccountType.One : AccountType.Pro,
      nome: account.display_name,
    },
  };
}

/** Only Pro accounts may use Stabile; any other type is refused (117 for 'one'). */
function ensureProAccount(deps: AuthDeps, account: AccountRow) {
  if (account.type === AccountType.Pro) return;
  deps.log.info({ reason: 'account type', accountId: account.id, type: account.type }, 'login refused');
  throw new AppError(account.type === AccountType.One ? 117 : 114);
}

/**
 * Checks the password of an account. The attempt is throttled by address and by account
 * (LoginThrottle: 121 with the wait in minutes); a wrong password counts against both, a right one
 * costs nothing.
 */
export async function login(
  deps: AuthDeps & { throttle: LoginThrottle; address: string },
  input: { username?: string | undefined; password?: string | undefined; keepLogin: boolean },
  userAgent: string | null,
): Promise<{ account: AccountRow; session: IssuedSession }> {
  const username = input.username?.trim() ?? '';
  const password = input.password ?? '';
  if (!username || !password) throw new AppError(108);
  const attempt = await deps.throttle.begin(deps.address, `account|${username}`).catch((error: unknown) => {
    // Said once at info when a key starts to wait; its repeats (a flood's thousands) at debug.
    if (error instanceof TooManyAttempts && error.repeated) {
      deps.log.debug({ reason: 'throttled', repeated: true }, 'login refused');
    } else {
      deps.log.info({ reason: 'throttled' }, 'login refused');
    }
    throw error;
  });
  let account: AccountRow | undefined;
  let valid: boolean;
  try {
    account = await findAccountByEmail(deps.db, username);
    valid = account
      ? await verifyPassword(account.password_hash, password)
      : await verifyPassword(await timingDummyHash(), password).then(() => false);
  } catch (error) {
    // Not checked (the password queue is full, the database failed): the attempt does not count.
    await attempt.cancelled();
    throw error;
  }
  if (!account || !valid) {
    deps.log.info({ reason: 'wrong credentials', accountId: account?.id ?? null }, 'login refused');
    throw new AppError(101);
  }
  await attempt.succeeded();
  ensureProAccount(deps, account);
  const session = await startSession(deps, account.id, input.keepLogin, userAgent);
  deps.log.info({ accountId: account.id, sessionId: session.sessionId }, 'login');
  return { account, session };
}

/**
 * Rotates a refresh token: the presented one is marked used and a new one of the same session is
 * returned with a new access token. A token used again after the grace window means it leaked:
 * the whole session is revoked (111).
 */
export async function refresh(deps: AuthDeps, token: string | undefined): Promise<IssuedSession> {
  const refused = (reason: string, extra: Record<string, unknown> = {}) => {
    deps.log.info({ reason, ...extra }, 'refresh refused');
    return new AppError(111);
  };
  if (!token) throw refused('missing refresh token');
  const hash = hashToken(token);
  const now = new Date();
  const nowIso = now.toISOString();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await findRefreshToken(trx, hash);
    if (!row) return { error: refused('unknown refresh token') };
    const context = { accountId: row.account_id, sessionId: row.session_id };
    if (row.revoked_at) return { error: refused('session revoked', context) };
    if (row.expires_at <= nowIso || row.session_expires_at <= nowIso)
      return { error: refused('refresh token expired', context) };
    const fresh = await markRefreshTokenUsed(trx, hash, nowIso);
    if (!fresh) {
      // used_at still null here means another request rotated it a moment ago.
      const usedAt = row.used_at ? Date.parse(row.used_at) : now.getTime();
      if (now.getTime() - usedAt > REFRESH_REUSE_GRACE_MS) {
        await revokeSession(trx, row.session_id, nowIso);
        deps.log.warn(context, 'refresh token reused: session revoked');
        return { error: new AppError(111) };
      }
    }
    const keepLogin = row.keep_login === 1;
    const next = await newRefreshToken(trx, row.session_id, keepLogin, now);
    await extendSession(trx, row.session_id, next.expiresAt.toISOString());
    const accessToken = await signAccessToken(deps.config.jwtSecret, {
      accountId: row.account_id,
      sessionId: row.session_id,
    });
    return {
      session: {
        sessionId: row.session_id,
        accessToken,
        refreshToken: next.token,
        refreshExpiresAt: next.expiresAt,
      },
    };
  });
  // Errors are returned, not thrown, so that the revocation above is committed.
  if ('error' in outcome) throw outcome.error;
  return outcome.session;
}

/** Ends the session of a refresh token and/or of an access-token session; unknown tokens are ignored. */
export async function logout(
  deps: AuthDeps,
  refreshToken: string | undefined,
  sessionId: string | null,
): Promise<void> {
  const now = new Date().toISOString();
  if (refreshToken) {
    const row = await findRefreshToken(deps.db, hashToken(refreshToken));
    if (row) await revokeSession(deps.db, row.session_id, now);
  }
  if (sessionId) await revokeSession(deps.db, sessionId, now);
}

export async function isLogged(
  db: Kysely<Database>,
  auth: { accountId: number; sessionId: string },
  archiveId: number | null,
): Promise<IsLoggedResponse> {
  const account = await findAccountById(db, auth.accountId);
  if (!account) throw new AppError(111);
  let gestioneAccessi = false;
  let gestioneAccessiData: IsLoggedResponse['gestioneAccessiData'] = null;
  if (archiveId !== null) {
    const row = await db
      .selectFrom('session_archives as sa')
      .innerJoin('archives as a', 'a.id', 'sa.archive_id')
      .leftJoin('archive_users as u', (join) =>
        join.onRef('u.archive_id', '=', 'sa.archive_id').onRef('u.id', '=', 'sa.archive_user_id'),
      )
      .select([
        'a.gestione_accessi',
        'u.username',
        'u.acc_allegati_on',
        'u.acc_attivita_on',
        'u.acc_impianti_on',
        'u.acc_persone_on',
        'u.acc_fornitori_on',
      ])
      .where('sa.archive_id', '=', archiveId)
      .where('sa.session_id', '=', auth.sessionId)
      .where('a.account_id', '=', auth.accountId)
      .executeTakeFirst();
    if (row && row.gestione_accessi === 1) {
      gestioneAccessi = true;
      if (row.username !== null) {
        gestioneAccessiData = {
          login: row.username,
          accAllegatiOn: row.acc_allegati_on === 1,
          accAttivitaOn: row.acc_attivita_on === 1,
          accImpiantiOn: row.acc_impianti_on === 1,
          accPersoneOn: row.acc_persone_on === 1,
          accFornitoriOn: row.acc_fornitori_on === 1,
        };
      }
    }
  }
  return {
    versione: account.versione,
    gestioneAccessi,
    gestioneAccessiData,
    username: account.email,
    tipo: account.type === AccountType.One ? AccountType.One : AccountType.Pro,
    nome: account.display_name,
  };
}

/**
 * Sends a single-use reset link (valid one hour) when the email belongs to an account. The route
 * runs it after its answer (app.afterResponse), which is the same either way, so that neither the
 * answer nor its timing tells whether the email has an account.
 */
export async function requestPasswordRecovery(
  deps: AuthDeps & { mailer: Mailer },
  email: string,
): Promise<void> {
  const account = await findAccountByEmail(deps.db, email);
  if (!account) {
    deps.log.info({ reason: 'unknown email' }, 'password recovery: no account');
    return;
  }
  const { token, hash } = newOpaqueToken();
  const now = new Date();
  await insertOneTimeToken(deps.db, {
    hash,
    kind: 'reset',
    accountId: account.id,
    payload: null,
    now: now.toISOString(),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString(),
  });
  const link = `${deps.config.publicUrl}/forgotPassword?token=${encodeURIComponent(token)}`;
  await deps.mailer
    .send({
      to: account.email,
      subject: 'Stabile: reimposta la password',
      text: [
        `Buongiorno ${account.display_name},`,
        '',
        'abbiamo ricevuto una richiesta di reimpostare la password del tuo account Stabile.',
        "Per scegliere una nuova password apri questo link (vale un'ora e si può usare una sola volta):",
        '',
        link,
        '',
        'Se non hai chiesto tu di reimpostare la password, ignora questa email: la password attuale resta valida.',
        '',
        'Il team di Stabile',
      ].join('\n'),
    })
    .catch((error: unknown) =>
      deps.log.error({ err: error, accountId: account.id }, 'recovery email not sent'),
    );
  deps.log.info({ accountId: account.id }, 'password recovery link sent');
}

/** Sets a new password from a reset link and ends every session of the account. */
export async function resetPassword(deps: AuthDeps, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const now = new Date().toISOString();
  const accountId = await deps.db.transaction().execute(async (trx) => {
    const used = await consumeOneTimeToken(trx, hashToken(token), 'reset', now);
    if (!used) return null;
    await trx
      .updateTable('accounts')
      .set({ password_hash: passwordHash, password_changed_at: now })
      .where('id', '=', used.account_id)
      .execute();
    await consumeAccountTokens(trx, used.account_id, 'reset', now);
    await revokeAccountSessions(trx, used.account_id, now);
    return used.account_id;
  });
  if (accountId === null) {
    deps.log.info({ reason: 'invalid or expired reset token' }, 'password reset refused');
    throw new AppError(110, AuthMessage.ResetLinkInvalid);
  }
  deps.log.info({ accountId }, 'password reset: all sessions ended');
}

/** Issues a one-time, 5-minute login token for an account (the resident portal or the desktop suite). */
export async function issueUnattendedToken(
  db: Kysely<Database>,
  email: string,
  sessionId?: string,
): Promise<{ token: string; expiresAt: Date; accountId: number } | null> {
  const account = await findAccountByEmail(db, email);
  if (!account) return null;
  const { token, hash } = newOpaqueToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + UNATTENDED_TOKEN_TTL_MS);
  await insertOneTimeToken(db, {
    hash,
    kind: 'unattended',
    accountId: account.id,
    payload: sessionId ? JSON.stringify({ sessionID: sessionId }) : null,
    now: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  return { token, expiresAt, accountId: account.id };
}

/** Logs in with an unattended token: single use, 5 minutes, bound to its sessionID if it has one. */
export async function unattendedLogin(
  deps: AuthDeps,
  portalToken: string,
  sessionId: string | undefined,
  userAgent: string | null,
): Promise<{ account: AccountRow; session: IssuedSession }> {
  const refused = (reason: string) => {
    deps.log.info({ reason }, 'unattended login refused');
    return new AppError(111, AuthMessage.UnattendedInvalid);
  };
  const used = await consumeOneTimeToken(
    deps.db,
    hashToken(portalToken),
    'unattended',
    new Date().toISOString(),
  );
  if (!used) throw refused('invalid, used or expired token');
  const bound = used.payload ? (JSON.parse(used.payload) as { sessionID?: string }).sessionID : undefined;
  if (bound !== undefined && bound !== sessionId) throw refused('session id mismatch');
  const account = await findAccountById(deps.db, used.account_id);
  if (!account) throw refused('account gone');
  ensureProAccount(deps, account);
  const session = await startSession(deps, account.id, false, userAgent);
  deps.log.info({ accountId: account.id, sessionId: session.sessionId }, 'unattended login');
  return { account, session };
}
