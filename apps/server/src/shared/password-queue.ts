import { AppError } from './app-error.ts';

/**
 * A bounded queue for password hashing and checking (argon2id: ~19 MB and tens of milliseconds of a
 * core each). At most `concurrency` run at once, so a flood of logins cannot take every core from
 * the other requests; at most `maxWaiting` wait, and beyond that the caller is answered at once
 * (124, "server busy") instead of waiting behind a queue that only grows.
 */
export class PasswordQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private concurrency: number,
    private maxWaiting: number,
  ) {}

  setLimits(concurrency: number, maxWaiting: number): void {
    this.concurrency = concurrency;
    this.maxWaiting = maxWaiting;
  }

  get waitingCount(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (this.waiting.length >= this.maxWaiting)
        throw new AppError(124, undefined, { retryAfterSeconds: 1 });
      // The slot is handed over by the task that ends (running stays the same).
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
