import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../../shared/app-error.ts';
import { retryMessage } from '../../shared/retry-message.ts';
import type { ThrottlePolicy, ThrottleStore, ThrottleTicket } from './throttle-store.ts';

const MINUTE = 60_000;
/** The wait grows with each attempt beyond the free ones: 1, 2, 4, 8, then 15 minutes at most. */
const DELAYS = [1, 2, 4, 8, 15].map((minutes) => minutes * MINUTE);

/**
 * Failed password checks from one address, whatever the usernames (spraying): 30 pass at once, one
 * more every minute after that (60 an hour). An office of 20 behind one address that mistypes now
 * and then never meets it; its successful logins cost nothing.
 */
export const ADDRESS_POLICY: ThrottlePolicy = { free: 30, leakMs: MINUTE, delaysMs: DELAYS };

/**
 * Failed checks of one account, whatever the addresses: 10 pass at once, one more every 15 minutes.
 * The waits stop at 15 minutes, so that someone who knows a username cannot lock its owner out for
 * long; the account's failures are forgotten when its password is given.
 */
export const ACCOUNT_POLICY: ThrottlePolicy = { free: 10, leakMs: 15 * MINUTE, delaysMs: DELAYS };

/**
 * How long this process answers a refusal from memory before asking the store again. Budgets
 * recover only with time, and a key that must wait takes no attempt, so while it waits its wait in
 * the store can only be lifted by a give back: of an attempt taken before the wait was set, whose
 * password was right or was not checked (this process then forgets its records of the attempt's
 * keys at once), or of a concurrent attempt refused on its other key, which gives back the wait it
 * had just set. A record refuses longer than the store in those races only, and by this much at most
 * (and in other processes and servers of a deployment). It ends with the wait in any case.
 */
export const REMEMBER_REFUSAL_MS = 5_000;
/** At most this many keys remembered by a process (a flood from many addresses): the oldest go first. */
export const MAX_REMEMBERED = 10_000;
/**
 * A refusal of a key already refused (a repeat while it must wait) is held this long before it is
 * sent: a client that sends its next attempt as soon as it has the answer, as a flooder's
 * connections do, is slowed to about one attempt a second per connection, and leaves the CPU to
 * everyone else. A person refused once has the answer at once; the wait said is the same.
 */
export const HOLD_REFUSAL_MS = 1_000;
/** At most this many answers held at once per process (each keeps its socket open); the rest go at once. */
export const MAX_HELD = 1_000;

export interface LoginThrottleOptions {
  store: ThrottleStore;
  /** AUTH_RATE_LIMIT_FACTOR: multiplies the free attempts (the end-to-end suite logs in many times). */
  factor: number;
  now?: () => number;
  /** HOLD_REFUSAL_MS unless given (0: never held). */
  holdMs?: number;
  /** MAX_HELD unless given. */
  maxHeld?: number;
}

/** An attempt under way: its outcome decides whether it counts. */
export interface LoginAttempt {
  /** The password was right: the attempt does not count, and the account's failures are forgotten. */
  succeeded(): Promise<void>;
  /** The password was not checked (e.g. the server was too busy): the attempt does not count. */
  cancelled(): Promise<void>;
}

function scaled(policy: ThrottlePolicy, factor: number): ThrottlePolicy {
  return { ...policy, free: policy.free * factor };
}

/** A refused attempt (121). `repeated`: its key had been refused already (the log says it once). */
export class TooManyAttempts extends AppError {
  constructor(
    waitMs: number,
    readonly repeated: boolean,
  ) {
    super(121, retryMessage(waitMs), { retryAfterSeconds: Math.ceil(waitMs / 1000) });
  }
}

/** A key this process saw refused: it must wait until `until`; the store said so at `seenAt`. */
interface Refusal {
  until: number;
  seenAt: number;
}

/**
 * Login throttling by address (across usernames) and by account (across addresses), with a wait
 * that grows rather than a lock. An attempt is taken from both budgets before the password is
 * checked, so a burst of concurrent attempts cannot all slip through; a right password gives it back.
 */
export class LoginThrottle {
  private readonly address: ThrottlePolicy;
  private readonly account: ThrottlePolicy;
  private readonly now: () => number;
  private readonly holdMs: number;
  private readonly maxHeld: number;
  /** Keys refused lately, by key (insertion order: the oldest first). */
  private readonly refusals = new Map<string, Refusal>();
  private held = 0;

  constructor(private readonly options: LoginThrottleOptions) {
    this.address = scaled(ADDRESS_POLICY, options.factor);
    this.account = scaled(ACCOUNT_POLICY, options.factor);
    this.now = options.now ?? (() => Date.now());
    this.holdMs = options.holdMs ?? HOLD_REFUSAL_MS;
    this.maxHeld = options.maxHeld ?? MAX_HELD;
  }

  /** Answers held at this moment (what the bound counts). */
  get heldNow(): number {
    return this.held;
  }

  /**
   * Takes the attempt, or throws 121 saying in minutes how long to wait. `subject` is what is being
   * guessed: `account|<username>`, or an archive's password or user. The address budget is one
   * for every kind of password check.
   */
  async begin(address: string, subject: string): Promise<LoginAttempt> {
    const { store } = this.options;
    const now = this.now();
    const addressKey = `login-address|${address}`;
    const accountKey = `login-subject|${subject.trim().toLowerCase()}`;
    const keys = [addressKey, accountKey];
    // A key refused lately: a repeat (held before it is sent); answered without the store while
    // the record is fresh, so that a flood past its budget costs no store round trip.
    let repeated = false;
    for (const key of keys) {
      const refusal = this.refusals.get(key);
      if (!refusal) continue;
      if (refusal.until <= now) {
        this.refusals.delete(key);
        continue;
      }
      repeated = true;
      if (now - refusal.seenAt < REMEMBER_REFUSAL_MS) return this.refuse(refusal.until, true);
    }
    // Both budgets in one step (one write on the database store), or neither: an attempt refused by
    // one of them spends nothing of the other.
    const taken = await store.takeAll(
      [
        { key: addressKey, policy: this.address },
        { key: accountKey, policy: this.account },
      ],
      now,
    );
    if (!taken.taken) {
      // Not a wait already lifted (the store refused on a concurrent attempt's wait, given back since).
      if (taken.until > now) this.remember(keys[taken.refused]!, { until: taken.until, seenAt: now });
      return this.refuse(taken.until, repeated);
    }
    const [byAddress, byAccount] = taken.tickets as [ThrottleTicket, ThrottleTicket];
    // Giving back may lift a wait set meanwhile by a concurrent attempt: its record goes too.
    const forget = () => {
      for (const key of keys) this.refusals.delete(key);
    };
    return {
      succeeded: async () => {
        forget();
        await store.giveBack(byAddress, this.address);
        await store.clear(accountKey);
        forget();
      },
      cancelled: async () => {
        forget();
        await store.giveBack(byAddress, this.address);
        await store.giveBack(byAccount, this.account);
        forget();
      },
    };
  }

  private remember(key: string, refusal: Refusal): void {
    this.refusals.delete(key);
    if (this.refusals.size >= MAX_REMEMBERED) {
      const oldest = this.refusals.keys().next();
      if (!oldest.done) this.refusals.delete(oldest.value);
    }
    this.refusals.set(key, refusal);
  }

  /** Throws the refusal: a repeated one after the hold, while fewer than maxHeld are held. */
  private async refuse(until: number, repeated: boolean): Promise<never> {
    if (repeated && this.holdMs > 0 && this.held < this.maxHeld) {
      this.held += 1;
      try {
        await sleep(this.holdMs);
      } finally {
        this.held -= 1;
      }
    }
    // The wait left once the answer leaves, as the store would say it (at least a second).
    throw new TooManyAttempts(Math.max(1000, until - this.now()), repeated);
  }
}
