import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { ErrorCode } from '@stabile/contract';
import type { Kysely } from 'kysely';
import { postgresSettingsOf, sqliteFileOf } from '../../db/connections.ts';
import type { Database } from '../../db/schema.ts';
import { AppError } from '../../shared/app-error.ts';
import type { ExportJob, ExportSource, FromExportWorker, ToExportWorker } from './export-jobs.ts';

/**
 * Where a worker thread can read the database of `db`: its SQLite file or its PostgreSQL settings.
 * Undefined for a database in memory (the tests'), which no other connection can open: such an
 * export is written on the request's thread.
 */
export function exportSourceOf(db: Kysely<Database>): ExportSource | undefined {
  const file = sqliteFileOf(db);
  if (file) return { kind: 'sqlite', file };
  const settings = postgresSettingsOf(db);
  return settings ? { kind: 'postgres', settings } : undefined;
}

/** Exports written at once by one process, each in its own thread (the others wait their turn). */
const MAX_THREADS = 2;
/** Exports waiting for a thread before a new one is refused as "server busy". */
const MAX_WAITING = 8;
/** An idle thread is ended after this long (its memory given back); the next export starts one. */
const IDLE_MS = 60_000;

interface Thread {
  worker: Worker;
  /** The job it is writing; null when idle. */
  onMessage: ((message: FromExportWorker) => void) | null;
  onFailure: ((error: Error) => void) | null;
  idleTimer: NodeJS.Timeout | null;
}

/**
 * The worker threads of a process's exports (decision 0028): the database reading, formatting and
 * zipping of a long export run off the event loop that answers every other request. At most
 * MAX_THREADS at once; later exports wait for a free thread, or are refused once MAX_WAITING wait.
 */
export class ExportThreads {
  readonly #threads = new Set<Thread>();
  readonly #idle: Thread[] = [];
  readonly #waiting: Array<{ resolve: (thread: Thread) => void; reject: (error: Error) => void }> = [];
  #closed = false;

  /**
   * Starts the job in a thread and resolves, once its first row is read, to the file's bytes; an
   * error before that rejects (the request's ordinary error answer). Destroying the stream (the
   * caller went away) stops the job, which releases its connection.
   */
  async open(job: ExportJob, signal: AbortSignal): Promise<Readable> {
    const thread = await this.#acquire(signal);
    if (signal.aborted) {
      // Gone while the query was being built: nothing to write.
      this.#release(thread);
      throw new Error('export abandoned before it started');
    }
    return new Promise<Readable>((resolve, reject) => {
      let owed = 0;
      let finished = false;
      const ack = () => {
        if (owed > 0 && !finished) thread.worker.postMessage({ type: 'ack', pieces: owed });
        owed = 0;
      };
      const file = new Readable({
        read: ack,
        destroy(error, callback) {
          if (!finished) thread.worker.postMessage({ type: 'stop' } satisfies ToExportWorker);
          finished = true;
          callback(error);
        },
      });
      const stop = () => file.destroy();
      signal.addEventListener('abort', stop, { once: true });
      thread.onFailure = (error) => {
        reject(error);
        file.destroy(error);
      };
      thread.onMessage = (message) => {
        switch (message.type) {
          case 'started':
            resolve(file);
            break;
          case 'chunk':
            owed++;
            if (file.push(Buffer.from(message.bytes))) ack();
            break;
          case 'end':
            finished = true;
            file.push(null);
            break;
          case 'failed':
            finished = true;
            reject(new Error(message.message));
            file.destroy(new Error(message.message));
            break;
          case 'done':
            signal.removeEventListener('abort', stop);
            this.#release(thread);
            break;
        }
      };
      thread.worker.postMessage({ type: 'start', job } satisfies ToExportWorker);
    });
  }

  /** Ends every thread (the app closes); exports still running fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#waiting.splice(0)) waiting.reject(busy());
    await Promise.all([...this.#threads].map((thread) => thread.worker.terminate()));
  }

  #acquire(signal: AbortSignal): Promise<Thread> {
    if (this.#closed) return Promise.reject(busy());
    const idle = this.#idle.pop();
    if (idle) {
      if (idle.idleTimer) clearTimeout(idle.idleTimer);
      idle.idleTimer = null;
      return Promise.resolve(idle);
    }
    if (this.#threads.size < MAX_THREADS) return Promise.resolve(this.#start());
    if (this.#waiting.length >= MAX_WAITING) return Promise.reject(busy());
    return new Promise<Thread>((resolve, reject) => {
      const entry = {
        resolve: (thread: Thread) => {
          signal.removeEventListener('abort', leave);
          resolve(thread);
        },
        reject,
      };
      const leave = () => {
        const at = this.#waiting.indexOf(entry);
        if (at >= 0) this.#waiting.splice(at, 1);
        reject(new Error('export abandoned while waiting for a thread'));
      };
      signal.addEventListener('abort', leave, { once: true });
      this.#waiting.push(entry);
    });
  }

  #release(thread: Thread): void {
    thread.onMessage = null;
    thread.onFailure = null;
    const next = this.#waiting.shift();
    if (next) {
      next.resolve(thread);
      return;
    }
    thread.idleTimer = setTimeout(() => {
      const at = this.#idle.indexOf(thread);
      if (at >= 0) this.#idle.splice(at, 1);
      this.#threads.delete(thread);
      void thread.worker.terminate();
    }, IDLE_MS).unref();
    this.#idle.push(thread);
  }

  #start(): Thread {
    const worker = startExportWorker();
    const thread: Thread = { worker, onMessage: null, onFailure: null, idleTimer: null };
    worker.on('message', (message: FromExportWorker) => thread.onMessage?.(message));
    const gone = (error: Error) => {
      if (!this.#threads.delete(thread)) return;
      if (thread.idleTimer) clearTimeout(thread.idleTimer);
      const at = this.#idle.indexOf(thread);
      if (at >= 0) this.#idle.splice(at, 1);
      thread.onFailure?.(error);
      // A waiting export takes the place of the thread that ended.
      const next = this.#waiting.shift();
      if (next) next.resolve(this.#start());
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`export thread exited (${code})`)));
    // An idle thread does not keep the process alive.
    worker.unref();
    this.#threads.add(thread);
    return thread;
  }
}

function busy(): AppError {
  return new AppError(ErrorCode.ServerBusy, undefined, { retryAfterSeconds: 30 });
}

/**
 * The server's TypeScript runs through tsx, whose loader a worker thread does not inherit: the
 * thread registers it before loading its module.
 */
function startExportWorker(): Worker {
  const loader = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./export-worker.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(loader)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true });
}
