import {
  type ArchiveInfo,
  ArchiveMessage,
  ArchiveProtection,
  type ArchiveUnlockResponse,
  type CheckDbVersionResponse,
  type IsProtectedResponse,
  type LastAccessResponse,
  Role,
  type UpdateProgress,
  UpdateState,
} from '@stabile/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../shared/app-error.ts';
import { hashPassword, verifyPassword } from '../../shared/passwords.ts';
import type { RequestArchive, RequestAuth } from '../auth/auth-guard.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import { toArchiveListItem, toArchiveUser, toProtection, toUpdateProgress } from './archive.mapper.ts';
import {
  type ArchiveRow,
  claimDataRevision,
  findAccountArchive,
  findArchiveUser,
  findUpdate,
  listAccountArchives,
  listArchiveUsers,
  saveUpdate,
  touchLastAccess,
  type UpdateProgressRow,
  unlockArchive,
} from './archive.repository.ts';
import {
  CURRENT_DATA_REVISION,
  DATA_REVISION_STEPS,
  type DataRevisionStep,
  pendingSteps,
} from './data-revisions.ts';

/** The archive unlocked in the session, as the request scope gives it. */
export type CurrentArchive = Pick<RequestArchive, 'archiveId' | 'archiveUserId' | 'permissions'>;

export interface ArchiveDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  log: FastifyBaseLogger;
}

/** A password check of an archive, throttled like account logins (LoginThrottle). */
export interface ArchiveCheck {
  throttle: LoginThrottle;
  address: string;
}

/** Runs one password check under the throttle: `check` resolves true when the password was right. */
async function throttled(
  check: ArchiveCheck,
  subject: string,
  run: () => Promise<boolean>,
): Promise<boolean> {
  const attempt = await check.throttle.begin(check.address, subject);
  let valid: boolean;
  try {
    valid = await run();
  } catch (error) {
    await attempt.cancelled();
    throw error;
  }
  if (valid) await attempt.succeeded();
  return valid;
}

let dummyHash: Promise<string> | undefined;
function timingDummyHash(): Promise<string> {
  dummyHash ??= hashPassword('stabile-timing-equaliser');
  return dummyHash;
}

/** The account's archive named by X-Archive-Id; anything else (missing, foreign, unknown) is 100. */
export async function requireOwnArchive(
  deps: ArchiveDeps,
  auth: RequestAuth,
  archiveId: number | null,
): Promise<ArchiveRow> {
  const archive =
    archiveId === null ? undefined : await findAccountArchive(deps.db, auth.accountId, archiveId);
  if (!archive) {
    deps.log.info(
      { reason: 'archive not of the account', accountId: auth.accountId, archiveId },
      'archive access refused',
    );
    throw new AppError(100);
  }
  return archive;
}

export async function listArchives(deps: ArchiveDeps, auth: RequestAuth) {
  const rows = await listAccountArchives(deps.db, auth.accountId, auth.sessionId);
  return rows.map((row) => toArchiveListItem(row, row.unlocked_at !== null));
}

export function isProtected(archive: ArchiveRow): IsProtectedResponse {
  const protezione = toProtection(archive.protection);
  return { protetto: protezione !== ArchiveProtection.None, protezione };
}

/**
 * Unlocks an archive for the session: a password archive needs its password (blank 102, wrong 103),
 * an unprotected one needs none; a user-managed archive goes through userManagementLogin.
 */
export async function archiveLogin(
  deps: ArchiveDeps,
  auth: RequestAuth,
  archive: ArchiveRow,
  password: string | undefined,
  check: ArchiveCheck,
): Promise<ArchiveUnlockResponse> {
  const protection = toProtection(archive.protection);
  const refuse = (code: 102 | 103, reason: string) => {
    deps.log.info({ reason, accountId: auth.accountId, archiveId: archive.id }, 'archive login refused');
    return new AppError(code);
  };
  if (protection === ArchiveProtection.UserManagement)
    throw new AppError(110, ArchiveMessage.UsesUserManagement);
  if (protection === ArchiveProtection.Password) {
    if (!password || !archive.password_hash) throw refuse(102, 'blank archive password');
    const hash = archive.password_hash;
    if (!(await throttled(check, `archive|${archive.id}`, () => verifyPassword(hash, password))))
      throw refuse(103, 'wrong archive password');
  }
  await unlockArchive(deps.db, archive.id, auth.sessionId, null, new Date().toISOString());
  deps.log.info({ accountId: auth.accountId, archiveId: archive.id }, 'archive unlocked');
  return { archivioId: archive.id, sbloccato: true };
}

function requireUserManagement(archive: ArchiveRow) {
  if (archive.gestione_accessi !== 1) throw new AppError(110, ArchiveMessage.NoUserManagement);
}

export async function archiveUsers(deps: ArchiveDeps, archive: ArchiveRow) {
  requireUserManagement(archive);
  return (await listArchiveUsers(deps.db, archive.id)).map(toArchiveUser);
}

/**
 * Unlocks a user-managed archive as one of its users: unknown user or wrong password 104; a
 * deactivated user 120 (checked after the password, so the state is not revealed to guessers).
 */
export async function userManagementLogin(
  deps: ArchiveDeps,
  auth: RequestAuth,
  archive: ArchiveRow,
  input: { id: number; password: string },
  check: ArchiveCheck,
): Promise<ArchiveUnlockResponse> {
  requireUserManagement(archive);
  const context = { accountId: auth.accountId, archiveId: archive.id, archiveUserId: input.id };
  const user = await findArchiveUser(deps.db, archive.id, input.id);
  const valid = await throttled(check, `archive-user|${archive.id}|${input.id}`, async () =>
    user
      ? input.password !== '' && (await verifyPassword(user.password_hash, input.password))
      : await verifyPassword(await timingDummyHash(), input.password).then(() => false),
  );
  if (!user || !valid) {
    deps.log.info({ ...context, reason: 'wrong archive user credentials' }, 'archive login refused');
    throw new AppError(104);
  }
  if (user.disattivato !== 0) {
    deps.log.info({ ...context, reason: 'archive user deactivated' }, 'archive login refused');
    throw new AppError(120, ArchiveMessage.UserDeactivated);
  }
  await unlockArchive(deps.db, archive.id, auth.sessionId, user.id, new Date().toISOString());
  deps.log.info(context, 'archive unlocked');
  return { archivioId: archive.id, sbloccato: true };
}

export async function archiveInfo(
  deps: ArchiveDeps,
  auth: RequestAuth,
  current: CurrentArchive,
): Promise<ArchiveInfo> {
  const archive = await requireOwnArchive(deps, auth, current.archiveId);
  const user =
    current.archiveUserId === null
      ? undefined
      : await findArchiveUser(deps.db, archive.id, current.archiveUserId);
  return {
    ...toArchiveListItem(archive, true),
    pid: archive.pid,
    mioCondominioPremiumAbilitato: archive.premium === 1,
    utente: user
      ? {
          id: user.id,
          username: user.username,
          nome: user.display_name,
          ruolo: user.role === Role.Admin ? Role.Admin : Role.User,
        }
      : null,
    permessi: current.permissions,
  };
}

export async function checkVersion(deps: ArchiveDeps, auth: RequestAuth, archiveId: number) {
  const archive = await requireOwnArchive(deps, auth, archiveId);
  return {
    revisione: archive.data_revision,
    revisioneRichiesta: CURRENT_DATA_REVISION,
    aggiornato: archive.data_revision >= CURRENT_DATA_REVISION,
  } satisfies CheckDbVersionResponse;
}

export async function lastAccess(
  deps: ArchiveDeps,
  auth: RequestAuth,
  archiveId: number,
  activities: boolean,
): Promise<LastAccessResponse> {
  const archive = await requireOwnArchive(deps, auth, archiveId);
  await touchLastAccess(deps.db, archive.id, activities, new Date());
  return { pid: archive.pid, mioCondominioPremiumAbilitato: archive.premium === 1 };
}

export async function updateProgress(
  deps: ArchiveDeps,
  auth: RequestAuth,
  archiveId: number,
  connectionId: string,
): Promise<UpdateProgress> {
  const archive = await requireOwnArchive(deps, auth, archiveId);
  const row = await findUpdate(deps.db, archive.id, connectionId);
  if (!row) throw new AppError(122, ArchiveMessage.UpdateNotFound);
  return toUpdateProgress(connectionId, row, archive.data_revision);
}

class ConcurrentUpdate extends Error {}

/**
 * Runs the archive's pending data-revision steps in one transaction (all or nothing) and records
 * the progress under the client's connectionID, where GET .../updateDB/progress reads it. On
 * PostgreSQL each step's progress is written on its own connection, so a poll sees it while the
 * update runs; SQLite has one connection, held by the transaction, so polls there see the start
 * and the end. With user management, only an archive user with the Admin role may update.
 */
export async function runUpdate(
  deps: ArchiveDeps,
  auth: RequestAuth,
  current: CurrentArchive,
  connectionId: string,
  steps: readonly DataRevisionStep[] = DATA_REVISION_STEPS,
): Promise<UpdateProgress> {
  const archive = await requireOwnArchive(deps, auth, current.archiveId);
  if (current.archiveUserId !== null) {
    const user = await findArchiveUser(deps.db, archive.id, current.archiveUserId);
    if (user?.role !== Role.Admin) {
      deps.log.info(
        { accountId: auth.accountId, archiveId: archive.id },
        'archive update refused: not an admin',
      );
      throw new AppError(120, "Solo un amministratore dell'archivio può aggiornarlo.");
    }
  }
  const from = archive.data_revision;
  const pending = pendingSteps(from, steps);
  const target = Math.max(from, ...pending.map((s) => s.revision));
  const progress: UpdateProgressRow = {
    state: UpdateState.Running,
    step: 0,
    total_steps: pending.length,
    description: pending[0]?.description ?? null,
    from_revision: from,
    to_revision: target,
    message: null,
  };
  const save = (row: UpdateProgressRow) =>
    saveUpdate(deps.db, archive.id, connectionId, row, new Date().toISOString());

  if (pending.length === 0) {
    const done = { ...progress, state: UpdateState.Done, description: null };
    await save(done);
    return toUpdateProgress(connectionId, done, from);
  }
  await save(progress);
  const started = Date.now();
  let running: DataRevisionStep | undefined;
  try {
    await deps.db.transaction().execute(async (trx) => {
      // Claims the archive: a second update running at the same time finds the revision moved
      // (on PostgreSQL it waits for this row lock first) and stops.
      if (!(await claimDataRevision(trx, archive.id, from, target))) throw new ConcurrentUpdate();
      const now = new Date().toISOString();
      for (const [index, step] of pending.entries()) {
        running = step;
        if (deps.dialect === 'postgres' && index > 0) {
          await save({ ...progress, step: index, description: step.description });
        }
        await step.run(trx, archive.id, now);
      }
    });
  } catch (error) {
    if (error instanceof ConcurrentUpdate) {
      const fresh = await findAccountArchive(deps.db, auth.accountId, archive.id);
      const done = { ...progress, state: UpdateState.Done, step: pending.length, description: null };
      await save(done);
      return toUpdateProgress(connectionId, done, fresh?.data_revision ?? target);
    }
    deps.log.error(
      { err: error, archiveId: archive.id, step: running?.revision },
      'archive update failed: rolled back',
    );
    const message = `Aggiornamento non riuscito durante il passo «${running?.description ?? ''}». L'archivio non è stato modificato: riprova o contatta l'assistenza.`;
    await save({
      ...progress,
      state: UpdateState.Failed,
      description: running?.description ?? null,
      message,
    });
    throw new AppError(112, message);
  }
  const done = {
    ...progress,
    state: UpdateState.Done,
    step: pending.length,
    description: pending.at(-1)?.description ?? null,
  };
  await save(done);
  deps.log.info(
    { archiveId: archive.id, from, to: target, steps: pending.length, ms: Date.now() - started },
    'archive updated',
  );
  return toUpdateProgress(connectionId, done, target);
}
