/** Row type of the shared rate-limit counters (migration 0006). */
export interface RateLimitHitsTable {
  /** SHA-256 (hex) of the limiter key, which contains addresses and usernames. */
  key: string;
  hits: number;
  /** End of the current window, epoch milliseconds. */
  reset_at: number;
}

export interface RateLimitTables {
  rate_limit_hits: RateLimitHitsTable;
}
