import type { Redis } from 'ioredis';
import {
  hashThrottleKey,
  type TakeAllResult,
  type TakeResult,
  type ThrottlePolicy,
  type ThrottleRequest,
  type ThrottleStore,
  type ThrottleTicket,
  takeEach,
  waitLadder,
} from './throttle-store.ts';

/**
 * The same leaky bucket as DatabaseThrottleStore, in Redis: each key is a hash {tat, next}; a Lua
 * script makes each step atomic for every process and server. Keys expire once they say nothing.
 * ARGV: now, leak, then pairs (over, delay) highest first.
 */
const TAKE = `
local now = tonumber(ARGV[1])
local leak = tonumber(ARGV[2])
local v = redis.call('HMGET', KEYS[1], 'tat', 'next')
local tat = tonumber(v[1]) or 0
local nxt = tonumber(v[2]) or 0
if nxt > now then return {0, nxt} end
local newtat = math.max(tat, now) + leak
local delay = 0
for i = 3, #ARGV, 2 do
  if newtat - now > tonumber(ARGV[i]) then delay = tonumber(ARGV[i + 1]) break end
end
local newnext = 0
if delay > 0 then newnext = now + delay end
redis.call('HSET', KEYS[1], 'tat', newtat, 'next', newnext)
redis.call('PEXPIRE', KEYS[1], math.max(newtat, newnext) - now + 1000)
return {1, newnext, nxt}
`;

/** ARGV: leak, the next set by the attempt given back, the one it replaced. */
const GIVE_BACK = `
local v = redis.call('HMGET', KEYS[1], 'tat', 'next')
if not v[1] then return 0 end
redis.call('HSET', KEYS[1], 'tat', tonumber(v[1]) - tonumber(ARGV[1]))
if tonumber(v[2]) == tonumber(ARGV[2]) then redis.call('HSET', KEYS[1], 'next', ARGV[3]) end
return 1
`;

export class RedisThrottleStore implements ThrottleStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private keyOf(hashed: string): string {
    return `${this.prefix}throttle:${hashed}`;
  }

  async take(key: string, policy: ThrottlePolicy, now: number): Promise<TakeResult> {
    const hashed = hashThrottleKey(key);
    const ladder = waitLadder(policy).flatMap((step) => [step.overMs, step.delayMs]);
    const [taken, nextAt, previousNextAt] = (await this.redis.eval(
      TAKE,
      1,
      this.keyOf(hashed),
      Math.round(now),
      policy.leakMs,
      ...ladder,
    )) as [number, number, number?];
    if (taken === 1) {
      return { taken: true, ticket: { key: hashed, nextAt, previousNextAt: previousNextAt ?? 0 } };
    }
    return { taken: false, waitMs: Math.max(1000, nextAt - now), until: nextAt };
  }

  /**
   * One script a key (the keys of an attempt may live in different slots of a Redis cluster); Redis
   * writes do not wait for the disk, so the second round trip costs little.
   */
  takeAll(requests: readonly ThrottleRequest[], now: number): Promise<TakeAllResult> {
    return takeEach(this, requests, now);
  }

  async giveBack(ticket: ThrottleTicket, policy: ThrottlePolicy): Promise<void> {
    await this.redis.eval(
      GIVE_BACK,
      1,
      this.keyOf(ticket.key),
      policy.leakMs,
      ticket.nextAt,
      ticket.previousNextAt,
    );
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(this.keyOf(hashThrottleKey(key)));
  }

  async close(): Promise<void> {}
}
