import { createHash } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** Every this many increments (per process) the expired counters are deleted. */
const CLEANUP_EVERY = 500;

export interface RateLimitHit {
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * Counts one hit on `key` in a single atomic upsert (SQLite ≥ 3.35 and PostgreSQL): a new key or an
 * expired window starts again at 1, otherwise the count goes up and the window end stays.
 */
export async function incrementRateLimit(
  db: Kysely<Database>,
  key: string,
  timeWindow: number,
  now = Date.now(),
): Promise<RateLimitHit> {
  const hits = sql.ref('rate_limit_hits.hits');
  const resetAt = sql.ref('rate_limit_hits.reset_at');
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key: hashKey(key), hits: 1, reset_at: now + timeWindow })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${resetAt} <= ${now} then 1 else ${hits} + 1 end`,
        reset_at: sql<number>`case when ${resetAt} <= ${now} then excluded.reset_at else ${resetAt} end`,
      }),
    )
    .returning(['hits', 'reset_at'])
    .executeTakeFirstOrThrow();
  return { current: Number(row.hits), ttl: Math.max(0, Number(row.reset_at) - now) };
}

/** Deletes the counters whose window has ended. */
export async function deleteExpiredRateLimits(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('reset_at', '<=', now).execute();
}

/**
 * A @fastify/rate-limit store kept in the database, so that every API server behind the load
 * balancer sees the same counters. Route keys are already namespaced by their keyGenerator, so
 * children share the same table. (continueExceeding/exponentialBackoff are not used by our routes.)
 */
export function databaseRateLimitStore(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  let calls = 0;

  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: RateLimitHit) => void,
      timeWindow: number,
    ): void {
      const run = async () => {
        const result = await incrementRateLimit(db, key, timeWindow);
        calls += 1;
        if (calls % CLEANUP_EVERY === 0) {
          await deleteExpiredRateLimits(db).catch((err: unknown) =>
            log.warn({ err }, 'rate-limit cleanup failed'),
          );
        }
        return result;
      };
      run().then(
        (result) => callback(null, result),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  }

  return DatabaseRateLimitStore;
}
