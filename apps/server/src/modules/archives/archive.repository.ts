import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const ARCHIVE_COLUMNS = [
  'a.id',
  'a.account_id',
  'a.name',
  'a.protection',
  'a.password_hash',
  'a.gestione_accessi',
  'a.data_revision',
  'a.portal_published',
  'a.pid',
  'a.premium',
  'a.last_access_at',
] as const;

export type ArchiveRow = NonNullable<Awaited<ReturnType<typeof findAccountArchive>>>;

/** The account's archives, with whether this session has unlocked each one. */
export async function listAccountArchives(db: Kysely<Database>, accountId: number, sessionId: string) {
  return db
    .selectFrom('archives as a')
    .leftJoin('session_archives as sa', (join) =>
      join.onRef('sa.archive_id', '=', 'a.id').on('sa.session_id', '=', sessionId),
    )
    .select([...ARCHIVE_COLUMNS, 'sa.unlocked_at'])
    .where('a.account_id', '=', accountId)
    .orderBy('a.name')
    .orderBy('a.id')
    .execute();
}

/** One archive, only if it belongs to the account. */
export async function findAccountArchive(db: Kysely<Database>, accountId: number, archiveId: number) {
  return db
    .selectFrom('archives as a')
    .select(ARCHIVE_COLUMNS)
    .where('a.id', '=', archiveId)
    .where('a.account_id', '=', accountId)
    .executeTakeFirst();
}

export async function listArchiveUsers(db: Kysely<Database>, archiveId: number) {
  return db
    .selectFrom('archive_users')
    .select(['id', 'username', 'display_name', 'disattivato'])
    .where('archive_id', '=', archiveId)
    .orderBy('display_name')
    .orderBy('id')
    .execute();
}

export async function findArchiveUser(db: Kysely<Database>, archiveId: number, userId: number) {
  return db
    .selectFrom('archive_users')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Claims the archive for a data update from revision `from` to `target`: false when the revision has
 * moved meanwhile (another update ran). On PostgreSQL a concurrent claim waits for this row lock.
 */
export async function claimDataRevision(
  trx: Kysely<Database>,
  archiveId: number,
  from: number,
  target: number,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('archives')
    .set({ data_revision: target })
    .where('id', '=', archiveId)
    .where('data_revision', '=', from)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Forgets the archive's unlocks by sessions that were revoked or have expired. */
export async function deleteEndedUnlocks(
  trx: Kysely<Database>,
  archiveId: number,
  now: string,
): Promise<void> {
  await trx
    .deleteFrom('session_archives')
    .where('archive_id', '=', archiveId)
    .where('session_id', 'in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where((w) => w.or([w('revoked_at', 'is not', null), w('expires_at', '<', now)])),
    )
    .execute();
}

/** Records that the session has unlocked the archive (as `archiveUserId` under user management). */
export async function unlockArchive(
  db: Kysely<Database>,
  archiveId: number,
  sessionId: string,
  archiveUserId: number | null,
  now: string,
): Promise<void> {
  await db
    .insertInto('session_archives')
    .values({
      archive_id: archiveId,
      session_id: sessionId,
      archive_user_id: archiveUserId,
      unlocked_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['archive_id', 'session_id'])
        .doUpdateSet({ archive_user_id: archiveUserId, unlocked_at: now }),
    )
    .execute();
}

/**
 * Stamps the last access. Route changes happen every few seconds: the plain stamp is written at
 * most once a minute per archive; the activities stamp (read to tell what is new since the last
 * visit) is always written.
 */
export async function touchLastAccess(
  db: Kysely<Database>,
  archiveId: number,
  activities: boolean,
  now: Date,
): Promise<void> {
  const nowIso = now.toISOString();
  if (activities) {
    await db
      .updateTable('archives')
      .set({ last_access_at: nowIso, last_activities_access_at: nowIso })
      .where('id', '=', archiveId)
      .execute();
    return;
  }
  const threshold = new Date(now.getTime() - 60_000).toISOString();
  await db
    .updateTable('archives')
    .set({ last_access_at: nowIso })
    .where('id', '=', archiveId)
    .where((eb) => eb.or([eb('last_access_at', 'is', null), eb('last_access_at', '<', threshold)]))
    .execute();
}

export async function findUpdate(db: Kysely<Database>, archiveId: number, connectionId: string) {
  return db
    .selectFrom('archive_updates')
    .selectAll()
    .where('archive_id', '=', archiveId)
    .where('connection_id', '=', connectionId)
    .executeTakeFirst();
}

export interface UpdateProgressRow {
  state: string;
  step: number;
  total_steps: number;
  description: string | null;
  from_revision: number;
  to_revision: number;
  message: string | null;
}

export async function saveUpdate(
  db: Kysely<Database>,
  archiveId: number,
  connectionId: string,
  row: UpdateProgressRow,
  now: string,
): Promise<void> {
  await db
    .insertInto('archive_updates')
    .values({
      archive_id: archiveId,
      connection_id: connectionId,
      ...row,
      started_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.columns(['archive_id', 'connection_id']).doUpdateSet({ ...row, updated_at: now }))
    .execute();
}
