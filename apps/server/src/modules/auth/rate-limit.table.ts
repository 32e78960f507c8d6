/** Row type of the shared rate-limit counters (migration 0006). */
export interface RateLimitHitsTable {
  /** SHA-256 (hex) of the limiter key, which contains addresses and usernames. */
  key: string;
  hits: number;
  /** End of the current window, epoch milliseconds. */
  reset_at: number;
}

/** Row type of the login throttle (migration 0023, modules/auth/login-throttle.ts). */
export interface LoginThrottleTable {
  /** SHA-256 (hex) of the throttle key, which contains an address or a username. */
  key: string;
  /** Leaky bucket: now + (failures still counted) × leak interval, epoch milliseconds. */
  tat: number;
  /** The next attempt waits until then, epoch milliseconds. */
  next_at: number;
}

export interface RateLimitTables {
  rate_limit_hits: RateLimitHitsTable;
  login_throttle: LoginThrottleTable;
}
