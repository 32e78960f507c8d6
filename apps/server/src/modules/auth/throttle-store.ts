import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * How one kind of key is throttled: a leaky bucket of failures. Each attempt adds one; one leaks
 * away every `leakMs`. With `free` attempts in the bucket the next one waits `delaysMs[0]`, with
 * one more `delaysMs[1]`, ... (the last one for any deeper excess); below, no wait.
 */
export interface ThrottlePolicy {
  free: number;
  leakMs: number;
  delaysMs: readonly number[];
}

/** One attempt taken: what the store needs to give it back (a successful login costs nothing). */
export interface ThrottleTicket {
  key: string;
  /** The wait this attempt set for the next one (epoch ms), and the one it replaced. */
  nextAt: number;
  previousNextAt: number;
}

export type TakeResult = { taken: true; ticket: ThrottleTicket } | { taken: false; waitMs: number };

/**
 * Where the throttle keeps its buckets: the database (every process and server of a deployment
 * share it) or Redis. Each operation is one atomic step, so concurrent attempts on one key from
 * several processes cannot both pass where only one may.
 */
export interface ThrottleStore {
  /** Takes one attempt on `key`, unless the key must still wait (then nothing changes). */
  take(key: string, policy: ThrottlePolicy, now: number): Promise<TakeResult>;
  /** Gives back an attempt taken (its failure does not count and its wait is lifted). */
  giveBack(ticket: ThrottleTicket, policy: ThrottlePolicy): Promise<void>;
  /** Forgets every failure of `key`. */
  clear(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Keys hold addresses and usernames: stores keep only their hash. */
export function hashThrottleKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * The wait set by an attempt that leaves `newTat - now` in the bucket: thresholds[i] is the excess
 * over which delaysMs[i] applies (highest first, as the CASE and the Lua script read them).
 */
export function waitLadder(policy: ThrottlePolicy): Array<{ overMs: number; delayMs: number }> {
  return policy.delaysMs
    .map((delayMs, i) => ({ overMs: (policy.free - 1 + i) * policy.leakMs, delayMs }))
    .reverse();
}

export function delayFor(policy: ThrottlePolicy, bucketMs: number): number {
  return waitLadder(policy).find((step) => bucketMs > step.overMs)?.delayMs ?? 0;
}

/** A bound integer, typed for PostgreSQL (an untyped parameter beside an integer would be int4). */
function big(value: number) {
  return sql<number>`cast(${Math.round(value)} as bigint)`;
}

/** Every this many attempts (per process) the rows that say nothing any more are deleted. */
const CLEANUP_EVERY = 200;

/** The throttle in the `login_throttle` table (SQLite ≥ 3.35 and PostgreSQL alike). */
export class DatabaseThrottleStore implements ThrottleStore {
  private attempts = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async take(key: string, policy: ThrottlePolicy, now: number): Promise<TakeResult> {
    const hashed = hashThrottleKey(key);
    const tat = sql.ref('login_throttle.tat');
    const nextAt = sql.ref('login_throttle.next_at');
    // The bucket after this attempt, and the wait it sets, in one conditional upsert: an attempt
    // that must still wait changes nothing (its WHERE fails and no row comes back).
    const newTat = sql`(case when ${tat} > ${big(now)} then ${tat} else ${big(now)} end) + ${big(policy.leakMs)}`;
    // The moment the next attempt may come: 0 (any time) below the free attempts. (Not "now":
    // a concurrent attempt whose clock read a millisecond earlier would be refused.)
    const ladder = waitLadder(policy);
    const nextAtSql =
      ladder.length === 0
        ? big(0)
        : sql`case ${sql.join(
            ladder.map(
              (step) =>
                sql`when ${newTat} - ${big(now)} > ${big(step.overMs)} then ${big(now + step.delayMs)}`,
            ),
            sql` `,
          )} else ${big(0)} end`;
    const firstDelay = delayFor(policy, policy.leakMs);
    const previous = await this.db
      .selectFrom('login_throttle')
      .select('next_at')
      .where('key', '=', hashed)
      .executeTakeFirst();
    // A key that must still wait is answered from this read alone: a flood past its budget costs
    // no write (on SQLite each write is a synchronous disk flush on the main thread).
    const waiting = Number(previous?.next_at ?? 0);
    if (waiting > now) return { taken: false, waitMs: Math.max(1000, waiting - now) };
    const row = await this.db
      .insertInto('login_throttle')
      .values({
        key: hashed,
        tat: now + policy.leakMs,
        next_at: firstDelay > 0 ? now + firstDelay : 0,
      })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ tat: sql<number>`${newTat}`, next_at: sql<number>`${nextAtSql}` })
          .where(nextAt, '<=', big(now)),
      )
      .returning(['next_at'])
      .executeTakeFirst();
    this.attempts += 1;
    if (this.attempts % CLEANUP_EVERY === 0) await this.deleteExpired(now);
    if (row) {
      return {
        taken: true,
        ticket: { key: hashed, nextAt: Number(row.next_at), previousNextAt: Number(previous?.next_at ?? 0) },
      };
    }
    const current = await this.db
      .selectFrom('login_throttle')
      .select('next_at')
      .where('key', '=', hashed)
      .executeTakeFirst();
    return { taken: false, waitMs: Math.max(1000, Number(current?.next_at ?? now) - now) };
  }

  async giveBack(ticket: ThrottleTicket, policy: ThrottlePolicy): Promise<void> {
    const nextAt = sql.ref('login_throttle.next_at');
    await this.db
      .updateTable('login_throttle')
      .set({
        tat: sql<number>`tat - ${big(policy.leakMs)}`,
        // Lift the wait this attempt set, unless a later attempt has set another since.
        next_at: sql<number>`case when ${nextAt} = ${big(ticket.nextAt)} then ${big(ticket.previousNextAt)} else ${nextAt} end`,
      })
      .where('key', '=', ticket.key)
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('key', '=', hashThrottleKey(key)).execute();
  }

  async deleteExpired(now = Date.now()): Promise<void> {
    await this.db.deleteFrom('login_throttle').where('tat', '<=', now).where('next_at', '<=', now).execute();
  }

  async close(): Promise<void> {}
}
