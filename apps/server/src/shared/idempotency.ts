import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from './app-error.ts';

/** How long an answer is kept for its key (decisions of 2026-11-26: at least 24 hours). */
const KEEP_MS = 48 * 3600_000;
const KEY_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

/** The request's `Idempotency-Key` header, checked (113 when malformed); undefined when absent. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return undefined;
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !KEY_PATTERN.test(key)) {
    throw new AppError(
      113,
      "L'intestazione Idempotency-Key non è valida (8-128 caratteri: lettere, cifre, . _ : -).",
    );
  }
  return key;
}

/*
 * The statements of a key, built and compiled once (db/prepared.ts): they run inside the operation's
 * transaction, at SQLite's one writer, on every write sent with a key (every write of the web).
 */
const claimQuery = preparedQuery(
  (db, archiveId: number, key: string, operation: string, hash: string, createdAt: string) =>
    db
      .insertInto('idempotency_keys')
      .values({
        archive_id: archiveId,
        chiave: key,
        operazione: operation,
        richiesta_hash: hash,
        risposta: null,
        created_at: createdAt,
      })
      .onConflict((oc) => oc.columns(['archive_id', 'chiave']).doNothing())
      .returning('chiave'),
);
const storedQuery = preparedQuery((db, archiveId: number, key: string) =>
  db
    .selectFrom('idempotency_keys')
    .select(['operazione', 'richiesta_hash', 'risposta', 'created_at'])
    .where('archive_id', '=', archiveId)
    .where('chiave', '=', key),
);
const forgetQuery = preparedQuery((db, archiveId: number, key: string) =>
  db.deleteFrom('idempotency_keys').where('archive_id', '=', archiveId).where('chiave', '=', key),
);
const answerQuery = preparedQuery((db, archiveId: number, key: string, answer: string) =>
  db
    .updateTable('idempotency_keys')
    .set({ risposta: answer })
    .where('archive_id', '=', archiveId)
    .where('chiave', '=', key),
);

/** How often a process clears an archive's expired keys (tests may change it). */
export const operationKeyTiming = { clearEveryMs: 60_000 };

/** When this process last cleared each archive's expired keys (forgotten all at once past 10,000). */
const clearedAt = new Map<number, number>();

/**
 * Deletes the archive's expired keys, at most once a minute a process: the delete is one more write
 * in the operation's transaction, at SQLite's one writer. A key past KEEP_MS that is still there is
 * forgotten by its own next claim (runOnce), so nothing depends on when this runs.
 */
async function clearExpiredKeys(
  trx: Kysely<Database>,
  archiveId: number,
  now: Date,
  expiredBefore: string,
): Promise<void> {
  const last = clearedAt.get(archiveId);
  if (last !== undefined && Math.abs(now.getTime() - last) < operationKeyTiming.clearEveryMs) return;
  if (clearedAt.size >= 10_000) clearedAt.clear();
  clearedAt.set(archiveId, now.getTime());
  await trx
    .deleteFrom('idempotency_keys')
    .where('archive_id', '=', archiveId)
    .where('created_at', '<', expiredBefore)
    .execute();
}

/**
 * Runs a write once per archive and key, inside the caller's transaction: the key is claimed first
 * (on PostgreSQL a concurrent request with the same key waits on it until the first commits), the
 * write runs, and its answer is stored with the key. A repeated request gets the stored answer and
 * writes nothing; the same key with another request is refused (115). Without a key the write just
 * runs. Generic: any write can wrap itself in it.
 */
export async function runOnce<T>(
  trx: Kysely<Database>,
  archiveId: number,
  key: string | undefined,
  operation: string,
  body: unknown,
  write: () => Promise<T>,
  now = new Date(),
): Promise<T> {
  if (!key) return write();
  const hash = createHash('sha256').update(operation).update('\n').update(JSON.stringify(body)).digest('hex');
  const expiredBefore = new Date(now.getTime() - KEEP_MS).toISOString();
  await clearExpiredKeys(trx, archiveId, now, expiredBefore);
  for (;;) {
    const claimed = (await claimQuery(trx, archiveId, key, operation, hash, now.toISOString()))[0];
    if (claimed) break;
    const stored = (await storedQuery(trx, archiveId, key))[0];
    if (stored && stored.created_at < expiredBefore) {
      // Past KEEP_MS a key is forgotten, whether or not the archive's expired keys were cleared yet.
      await forgetQuery(trx, archiveId, key);
      continue;
    }
    if (
      !stored ||
      stored.operazione !== operation ||
      stored.richiesta_hash !== hash ||
      stored.risposta === null
    ) {
      throw new AppError(115, "La chiave Idempotency-Key è già stata usata per un'altra richiesta.");
    }
    return JSON.parse(stored.risposta) as T;
  }
  const result = await write();
  await answerQuery(trx, archiveId, key, JSON.stringify(result));
  return result;
}
