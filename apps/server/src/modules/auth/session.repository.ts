import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Sessions (one refresh-token family each) and their refresh tokens, stored hashed. */

export async function insertSession(
  db: Kysely<Database>,
  session: {
    id: string;
    accountId: number;
    keepLogin: boolean;
    now: string;
    expiresAt: string;
    userAgent: string | null;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: session.id,
      account_id: session.accountId,
      keep_login: session.keepLogin ? 1 : 0,
      created_at: session.now,
      expires_at: session.expiresAt,
      revoked_at: null,
      user_agent: session.userAgent,
    })
    .execute();
}

export async function insertRefreshToken(
  db: Kysely<Database>,
  token: { hash: string; sessionId: string; now: string; expiresAt: string },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({
      token_hash: token.hash,
      session_id: token.sessionId,
      created_at: token.now,
      expires_at: token.expiresAt,
      used_at: null,
    })
    .execute();
}

export async function findRefreshToken(db: Kysely<Database>, hash: string) {
  return db
    .selectFrom('refresh_tokens as r')
    .innerJoin('sessions as s', 's.id', 'r.session_id')
    .select([
      'r.session_id',
      'r.expires_at',
      'r.used_at',
      's.account_id',
      's.keep_login',
      's.revoked_at',
      's.expires_at as session_expires_at',
    ])
    .where('r.token_hash', '=', hash)
    .executeTakeFirst();
}

/** Marks a refresh token used; false when it had already been used (a concurrent or replayed use). */
export async function markRefreshTokenUsed(
  db: Kysely<Database>,
  hash: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function extendSession(
  db: Kysely<Database>,
  sessionId: string,
  expiresAt: string,
): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function revokeSession(db: Kysely<Database>, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function revokeAccountSessions(
  db: Kysely<Database>,
  accountId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('accounts')
    .select(['id', 'email', 'password_hash', 'type', 'display_name', 'versione'])
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function findAccountById(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('accounts')
    .select(['id', 'email', 'password_hash', 'type', 'display_name', 'versione'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Stores a single-use token (reset link, unattended login). */
export async function insertOneTimeToken(
  db: Kysely<Database>,
  token: {
    hash: string;
    kind: OneTimeTokenKind;
    accountId: number;
    payload: string | null;
    now: string;
    expiresAt: string;
  },
): Promise<void> {
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: token.hash,
      kind: token.kind,
      account_id: token.accountId,
      payload: token.payload,
      created_at: token.now,
      expires_at: token.expiresAt,
      used_at: null,
    })
    .execute();
}

export type OneTimeTokenKind = 'reset' | 'unattended';

/**
 * Consumes a single-use token atomically: only one caller can use it, and only before it expires.
 * Returns its account and payload, or undefined.
 */
export async function consumeOneTimeToken(
  db: Kysely<Database>,
  hash: string,
  kind: OneTimeTokenKind,
  now: string,
): Promise<{ account_id: number; payload: string | null } | undefined> {
  return db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['account_id', 'payload'])
    .executeTakeFirst();
}

export async function consumeAccountTokens(
  db: Kysely<Database>,
  accountId: number,
  kind: OneTimeTokenKind,
  now: string,
): Promise<void> {
  await db
    .updateTable('one_time_tokens')
    .set({ used_at: now })
    .where('account_id', '=', accountId)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .execute();
}
