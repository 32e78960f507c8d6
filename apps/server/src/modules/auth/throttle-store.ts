import { createHash } from 'node:crypto';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
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

/** Refused: the wait to say (at least a second), and the moment the key's wait ends as the store read it. */
export type TakeResult =
  | { taken: true; ticket: ThrottleTicket }
  | { taken: false; waitMs: number; until: number };

/** One key of an attempt and how it is throttled. */
export interface ThrottleRequest {
  key: string;
  policy: ThrottlePolicy;
}

/**
 * All the keys taken (tickets in the order asked), or none, with the wait of the first refused, its
 * index among the keys asked and when its wait ends (what LoginThrottle remembers for a while; a
 * wait lifted meanwhile by a concurrent attempt's give back ends at once).
 */
export type TakeAllResult =
  | { taken: true; tickets: ThrottleTicket[] }
  | { taken: false; waitMs: number; refused: number; until: number };

/**
 * Where the throttle keeps its buckets: the database (every process and server of a deployment
 * share it) or Redis. Each operation is one atomic step, so concurrent attempts on one key from
 * several processes cannot both pass where only one may.
 */
export interface ThrottleStore {
  /** Takes one attempt on `key`, unless the key must still wait (then nothing changes). */
  take(key: string, policy: ThrottlePolicy, now: number): Promise<TakeResult>;
  /**
   * Takes one attempt on each of several keys (distinct), or on none of them if one must still
   * wait: an attempt spends the budgets of its address and its account together.
   */
  takeAll(requests: readonly ThrottleRequest[], now: number): Promise<TakeAllResult>;
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

/** takeAll one key after the other, giving back what was taken when a later key is refused. */
export async function takeEach(
  store: ThrottleStore,
  requests: readonly ThrottleRequest[],
  now: number,
): Promise<TakeAllResult> {
  const tickets: ThrottleTicket[] = [];
  for (const [i, request] of requests.entries()) {
    const result = await store.take(request.key, request.policy, now);
    if (!result.taken) {
      for (let j = i - 1; j >= 0; j--) await store.giveBack(tickets[j]!, requests[j]!.policy);
      return { taken: false, waitMs: result.waitMs, refused: i, until: result.until };
    }
    tickets.push(result.ticket);
  }
  return { taken: true, tickets };
}

/** A bound integer, typed for PostgreSQL (an untyped parameter beside an integer would be int4). */
function big(value: number) {
  return sql<number>`cast(${Math.round(value)} as bigint)`;
}

/**
 * A key's bucket after one more attempt (`tat`: when it will be empty again) and the moment the next
 * attempt may come (`nextAt`: 0, any time, below the free attempts; not "now", or a concurrent
 * attempt whose clock read a millisecond earlier would be refused), from the row's current `tat`.
 */
function bucketSql(policy: ThrottlePolicy, now: number, tat: RawBuilder<unknown>) {
  const newTat = sql<number>`(case when ${tat} > ${big(now)} then ${tat} else ${big(now)} end) + ${big(policy.leakMs)}`;
  const ladder = waitLadder(policy);
  const nextAt =
    ladder.length === 0
      ? big(0)
      : sql<number>`case ${sql.join(
          ladder.map(
            (step) => sql`when ${newTat} - ${big(now)} > ${big(step.overMs)} then ${big(now + step.delayMs)}`,
          ),
          sql` `,
        )} else ${big(0)} end`;
  return { tat: newTat, nextAt };
}

/** Every this many attempts (per process) the rows that say nothing any more are deleted. */
const CLEANUP_EVERY = 200;

/** The throttle in the `login_throttle` table (SQLite ≥ 3.35 and PostgreSQL alike). */
export class DatabaseThrottleStore implements ThrottleStore {
  private attempts = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  async take(key: string, policy: ThrottlePolicy, now: number): Promise<TakeResult> {
    const result = await this.takeAll([{ key, policy }], now);
    if (result.taken) return { taken: true, ticket: result.tickets[0]! };
    return { taken: false, waitMs: result.waitMs, until: result.until };
  }

  async takeAll(requests: readonly ThrottleRequest[], now: number): Promise<TakeAllResult> {
    const hashed = requests.map((request) => hashThrottleKey(request.key));
    if (new Set(hashed).size !== hashed.length) throw new Error('takeAll: the same key twice');
    const previous = new Map<string, number>();
    const rows = await this.db
      .selectFrom('login_throttle')
      .select(['key', 'next_at'])
      .where('key', 'in', hashed)
      .execute();
    for (const row of rows) previous.set(row.key, Number(row.next_at));
    // A key that must still wait is answered from this read alone: a flood past its budget costs
    // no write (on SQLite each write waits for the one writer and for a sync of the log).
    const waiting = hashed.findIndex((key) => (previous.get(key) ?? 0) > now);
    if (waiting !== -1) {
      const until = previous.get(hashed[waiting]!)!;
      return { taken: false, waitMs: Math.max(1000, until - now), refused: waiting, until };
    }

    const tat = sql.ref('login_throttle.tat');
    const nextAt = sql.ref('login_throttle.next_at');
    const rowKey = sql.ref('login_throttle.key');
    // Each key's bucket after this attempt, and the wait it sets (see bucketSql), chosen by key:
    // every key in one conditional upsert, so one write (one disk flush on SQLite) for the attempt.
    // A key that must still wait by now (a concurrent attempt set it) is left as it was: its WHERE
    // fails and no row comes back for it.
    const buckets = requests.map((request) => bucketSql(request.policy, now, tat));
    const byKey = (pick: (bucket: (typeof buckets)[number]) => RawBuilder<number>) =>
      buckets.length === 1
        ? pick(buckets[0]!)
        : sql<number>`case ${sql.join(
            buckets.map((bucket, i) => sql`when ${rowKey} = ${hashed[i]} then ${pick(bucket)}`),
            sql` `,
          )} end`;
    // The rows in the order of their keys: concurrent attempts on PostgreSQL lock them in one order.
    const inKeyOrder = requests.map((_request, i) => i).sort((a, b) => (hashed[a]! < hashed[b]! ? -1 : 1));
    const written = await this.db
      .insertInto('login_throttle')
      .values(
        inKeyOrder.map((i) => {
          const policy = requests[i]!.policy;
          const firstDelay = delayFor(policy, policy.leakMs);
          return {
            key: hashed[i]!,
            tat: now + policy.leakMs,
            next_at: firstDelay > 0 ? now + firstDelay : 0,
          };
        }),
      )
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ tat: byKey((bucket) => bucket.tat), next_at: byKey((bucket) => bucket.nextAt) })
          .where(nextAt, '<=', big(now)),
      )
      .returning(['key', 'next_at'])
      .execute();
    this.attempts += 1;
    if (this.attempts % CLEANUP_EVERY === 0) await this.deleteExpired(now);
    const setAt = new Map(written.map((row) => [row.key, Number(row.next_at)]));
    const tickets = hashed.map((key) =>
      setAt.has(key) ? { key, nextAt: setAt.get(key)!, previousNextAt: previous.get(key) ?? 0 } : undefined,
    );
    const refused = hashed.findIndex((_key, i) => tickets[i] === undefined);
    if (refused === -1) return { taken: true, tickets: tickets as ThrottleTicket[] };
    // A concurrent attempt got there first: give back what this one took, and say how long to wait.
    for (const [i, ticket] of tickets.entries()) {
      if (ticket) await this.giveBack(ticket, requests[i]!.policy);
    }
    const current = await this.db
      .selectFrom('login_throttle')
      .select('next_at')
      .where('key', '=', hashed[refused]!)
      .executeTakeFirst();
    const until = Number(current?.next_at ?? now);
    return { taken: false, waitMs: Math.max(1000, until - now), refused, until };
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
    if (this.dialect === 'sqlite') {
      await this.db
        .deleteFrom('login_throttle')
        .where('tat', '<=', now)
        .where('next_at', '<=', now)
        .execute();
      return;
    }
    // PostgreSQL: rows an attempt holds are skipped (left for the next time), so that this delete of
    // many rows never waits for an attempt that waits for it (an attempt writes two rows).
    await this.db
      .deleteFrom('login_throttle')
      .where('key', 'in', (qb) =>
        qb
          .selectFrom('login_throttle')
          .select('key')
          .where('tat', '<=', now)
          .where('next_at', '<=', now)
          .forUpdate()
          .skipLocked(),
      )
      .execute();
  }

  async close(): Promise<void> {}
}
