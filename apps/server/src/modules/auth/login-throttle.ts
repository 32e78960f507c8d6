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

export interface LoginThrottleOptions {
  store: ThrottleStore;
  /** AUTH_RATE_LIMIT_FACTOR: multiplies the free attempts (the end-to-end suite logs in many times). */
  factor: number;
  now?: () => number;
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

function tooManyAttempts(waitMs: number): AppError {
  return new AppError(121, retryMessage(waitMs), { retryAfterSeconds: Math.ceil(waitMs / 1000) });
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

  constructor(private readonly options: LoginThrottleOptions) {
    this.address = scaled(ADDRESS_POLICY, options.factor);
    this.account = scaled(ACCOUNT_POLICY, options.factor);
    this.now = options.now ?? (() => Date.now());
  }

  /**
   * Takes the attempt, or throws 121 saying in minutes how long to wait. `subject` is what is being
   * guessed: `account|<username>`, or an archive's password or user. The address budget is one
   * for every kind of password check.
   */
  async begin(address: string, subject: string): Promise<LoginAttempt> {
    const { store } = this.options;
    const now = this.now();
    const accountKey = `login-subject|${subject.trim().toLowerCase()}`;
    // Both budgets in one step (one write on the database store), or neither: an attempt refused by
    // one of them spends nothing of the other.
    const taken = await store.takeAll(
      [
        { key: `login-address|${address}`, policy: this.address },
        { key: accountKey, policy: this.account },
      ],
      now,
    );
    if (!taken.taken) throw tooManyAttempts(taken.waitMs);
    const [byAddress, byAccount] = taken.tickets as [ThrottleTicket, ThrottleTicket];
    return {
      succeeded: async () => {
        await store.giveBack(byAddress, this.address);
        await store.clear(accountKey);
      },
      cancelled: async () => {
        await store.giveBack(byAddress, this.address);
        await store.giveBack(byAccount, this.account);
      },
    };
  }
}
