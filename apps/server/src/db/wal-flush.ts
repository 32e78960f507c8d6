import { open } from 'node:fs/promises';

/**
 * Group commit for SQLite (decision 0030). The database runs with `synchronous = NORMAL`: a COMMIT
 * writes its frames to the write-ahead log without waiting for the disk, and the write lock goes to
 * the next writer at once. A write is answered only after `flush()`: one fdatasync of the log that
 * began after its commit, shared by every commit made meanwhile. So nothing answered is lost on a power
 * cut, as with `synchronous = FULL`, but the writers no longer wait for each other's disk syncs inside
 * the lock (a payment's fsync was most of its time there).
 *
 * A checkpoint that copies the log into the database file syncs the log first and the database file
 * after (SQLite does so with NORMAL too): a commit already copied is on disk by then even if the log
 * has started again from its beginning.
 */
export class WalFlush {
  readonly #sync: () => Promise<void>;
  #running: Promise<void> | null = null;
  #next: Promise<void> | null = null;
  /** Syncs started so far (what the tests look at). */
  syncs = 0;

  /** `sync` makes the log durable; by default an fdatasync of the file `walFile`. */
  constructor(walFile: string, sync?: () => Promise<void>) {
    this.#sync = sync ?? (() => logSync.datasync(walFile));
  }

  /** Resolves once everything written to the log before the call is on disk. */
  flush(): Promise<void> {
    if (!this.#running) {
      this.syncs++;
      const running: Promise<void> = this.#sync().finally(() => {
        this.#running = null;
      });
      this.#running = running;
      return running;
    }
    // The sync under way may have begun before the caller's commit: the caller waits for the next
    // one, which the callers arriving meanwhile share.
    this.#next ??= this.#running
      .catch(() => undefined)
      .then(() => {
        this.#next = null;
        return this.flush();
      });
    return this.#next;
  }
}

/** How a log file is synced (the tests hold it back through this object). */
export const logSync = {
  async datasync(file: string): Promise<void> {
    // Linux syncs a file's data whichever descriptor wrote it.
    const handle = await open(file, 'r+').catch((error: NodeJS.ErrnoException) => {
      // No log: the last connection has closed, after copying it into the database and syncing that.
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (!handle) return;
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  },
};
