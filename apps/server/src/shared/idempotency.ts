import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
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
  await trx
    .deleteFrom('idempotency_keys')
    .where('archive_id', '=', archiveId)
    .where('created_at', '<', new Date(now.getTime() - KEEP_MS).toISOString())
    .execute();
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({
      archive_id: archiveId,
      chiave: key,
      operazione: operation,
      richiesta_hash: hash,
      risposta: null,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['archive_id', 'chiave']).doNothing())
    .returning('chiave')
    .executeTakeFirst();
  if (!claimed) {
    const stored = await trx
      .selectFrom('idempotency_keys')
      .select(['operazione', 'richiesta_hash', 'risposta'])
      .where('archive_id', '=', archiveId)
      .where('chiave', '=', key)
      .executeTakeFirst();
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
  await trx
    .updateTable('idempotency_keys')
    .set({ risposta: JSON.stringify(result) })
    .where('archive_id', '=', archiveId)
    .where('chiave', '=', key)
    .execute();
  return result;
}
