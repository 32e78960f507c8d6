import { randomUUID } from 'node:crypto';
import type { Area } from '@stabile/contract';
import { nextGlobalId } from '../db/ids.ts';
import { signAccessToken } from '../modules/auth/tokens.ts';
import { createArchive } from '../seed/demo.ts';
import type { TestApp } from './build-test-app.ts';

export interface TestSession {
  accountId: number;
  archiveId: number;
  sessionId: string;
  /** Headers of an authenticated call on the archive: Authorization and X-Archive-Id. */
  headers: Record<string, string>;
}

const AREA_COLUMNS: Record<
  Area,
  'acc_allegati_on' | 'acc_attivita_on' | 'acc_impianti_on' | 'acc_persone_on' | 'acc_fornitori_on'
> = {
  accAllegatiOn: 'acc_allegati_on',
  accAttivitaOn: 'acc_attivita_on',
  accImpiantiOn: 'acc_impianti_on',
  accPersoneOn: 'acc_persone_on',
  accFornitoriOn: 'acc_fornitori_on',
};

/**
 * Creates an account with one archive (empty, at the current data revision) and a session that has
 * unlocked it, without going through the login routes. `deniedAreas` turns on user management with
 * an archive user lacking those areas. Used by feature tests; the login flow has its own tests.
 */
export async function createTestSession(
  t: TestApp,
  options: { email?: string; archiveName?: string; deniedAreas?: Area[] } = {},
): Promise<TestSession> {
  const db = t.database.db;
  const accountId = await nextGlobalId(db, 'accounts');
  const email = options.email ?? `utente${accountId}@example.it`;
  await db
    .insertInto('accounts')
    .values({
      id: accountId,
      email,
      password_hash: 'x',
      type: 'pro',
      display_name: email,
      versione: 1,
      created_at: new Date().toISOString(),
      password_changed_at: null,
    })
    .execute();
  const denied = options.deniedAreas ?? [];
  const archiveId = await createArchive(db, accountId, {
    name: options.archiveName ?? `Archivio ${accountId}`,
    protection: denied.length > 0 ? 'users' : 'none',
    scale: 0,
    seed: accountId,
    ...(denied.length > 0
      ? {
          users: [
            {
              username: 'utente',
              displayName: 'Utente di prova',
              password: 'password-prova',
              role: 'User' as const,
            },
          ],
        }
      : {}),
  });
  let archiveUserId: number | null = null;
  if (denied.length > 0) {
    const user = await db
      .selectFrom('archive_users')
      .select('id')
      .where('archive_id', '=', archiveId)
      .executeTakeFirstOrThrow();
    archiveUserId = user.id;
    for (const area of denied) {
      await db
        .updateTable('archive_users')
        .set({ [AREA_COLUMNS[area]]: 0 })
        .where('archive_id', '=', archiveId)
        .execute();
    }
  }
  const sessionId = randomUUID();
  const now = new Date();
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      account_id: accountId,
      keep_login: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
      revoked_at: null,
      user_agent: null,
    })
    .execute();
  await db
    .insertInto('session_archives')
    .values({
      archive_id: archiveId,
      session_id: sessionId,
      archive_user_id: archiveUserId,
      unlocked_at: now.toISOString(),
    })
    .execute();
  const token = await signAccessToken(t.config.jwtSecret, { accountId, sessionId });
  return {
    accountId,
    archiveId,
    sessionId,
    headers: { authorization: `Bearer ${token}`, 'x-archive-id': String(archiveId) },
  };
}
