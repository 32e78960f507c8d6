import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { parentPort } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { readInt8AsNumber } from '../../db/pg-types.ts';
import { registerSearchFunctions } from '../../db/search-terms.ts';
import type { ExportSheet } from './export-columns.ts';
import {
  EXPORT_CONNECTION_NAME,
  type ExportJob,
  type FromExportWorker,
  type QueryExportJob,
  type ToExportWorker,
} from './export-jobs.ts';
import { instalmentsSheet, querySheets } from './export-sheets.ts';
import { writeExportFile } from './export-writer.ts';

/*
 * An export's worker thread (export-threads.ts): reads the rows of one compiled query (or the
 * instalment groups of an exercise, export-instalments.ts) on a connection of its own and writes the file with the request thread's own writer, sending it back
 * in pieces. The request's thread only passes the pieces to the socket, so a long export does not
 * hold up the other requests of its process.
 */

/** Rows asked of the database at a time (a PostgreSQL cursor's fetch). */
const CHUNK_ROWS = 1000;
/** The file goes back in pieces of this many bytes (each copied once, then handed over). */
const PIECE_BYTES = 64 * 1024;
/** Pieces sent and not yet taken by the request's thread before the writing pauses. */
const PIECES_IN_FLIGHT = 4;

const port = parentPort;
if (!port) throw new Error('export-worker.ts runs as a worker thread');
readInt8AsNumber();

const post = (message: FromExportWorker, transfer?: ArrayBuffer[]) => port.postMessage(message, transfer);

/** The job being written: its stop flag and the writer waiting for the request's thread. */
let current: { stopped: boolean; resume: (() => void) | null; inFlight: number } | null = null;

port.on('message', (message: ToExportWorker) => {
  if (message.type === 'start') {
    void run(message.job);
    return;
  }
  if (!current) return;
  if (message.type === 'ack') current.inFlight -= message.pieces;
  else current.stopped = true;
  if (current.stopped || current.inFlight < PIECES_IN_FLIGHT) {
    const resume = current.resume;
    current.resume = null;
    resume?.();
  }
});

/** The rows of the job, read as they are written; closing the iterator releases the connection. */
async function* rowsOf(job: ExportJob): AsyncGenerator<unknown> {
  if (job.sheet === 'rate') {
    // The list's service and its schemas: loaded at the thread's first instalments export only.
    const { instalmentGroupsOfJob } = await import('./export-instalments.ts');
    yield* instalmentGroupsOfJob(job);
    return;
  }
  yield* queryRowsOf(job);
}

/** The rows of a compiled query. */
async function* queryRowsOf(job: QueryExportJob): AsyncGenerator<unknown> {
  if (job.source.kind === 'sqlite') {
    // Read-only on the same file: WAL lets it read a consistent snapshot beside the server's writer.
    const sqlite = new SQLite(job.source.file, { readonly: true, fileMustExist: true, timeout: 5000 });
    try {
      sqlite.pragma('cache_size = -8192');
      registerSearchFunctions(sqlite);
      yield* sqlite.prepare(job.sql).iterate(...job.parameters);
    } finally {
      sqlite.close();
    }
    return;
  }
  // Named, so that an administrator sees what the connection is doing.
  const client = new pg.Client({ ...job.source.settings, application_name: EXPORT_CONNECTION_NAME });
  await client.connect();
  const cursor = client.query(new Cursor(job.sql, [...job.parameters]));
  try {
    for (;;) {
      const rows = await cursor.read(CHUNK_ROWS);
      if (rows.length === 0) return;
      yield* rows;
    }
  } finally {
    await cursor.close().catch(() => {});
    await client.end().catch(() => {});
  }
}

/** A writable that gathers the file into pieces and hands each to the request's thread. */
function piecesOut(job: NonNullable<typeof current>): Writable {
  let piece = new Uint8Array(PIECE_BYTES);
  let used = 0;
  const send = (callback: () => void) => {
    const bytes = piece.buffer.slice(0, used);
    piece = new Uint8Array(PIECE_BYTES);
    used = 0;
    job.inFlight++;
    post({ type: 'chunk', bytes }, [bytes]);
    if (job.stopped || job.inFlight < PIECES_IN_FLIGHT) callback();
    else job.resume = callback;
  };
  return new Writable({
    highWaterMark: PIECE_BYTES,
    write(chunk: Buffer, _encoding, callback) {
      if (job.stopped) return callback();
      let from = 0;
      const fill = () => {
        while (from < chunk.length) {
          const n = Math.min(chunk.length - from, PIECE_BYTES - used);
          piece.set(chunk.subarray(from, from + n), used);
          used += n;
          from += n;
          if (used === PIECE_BYTES) return send(fill);
        }
        callback();
      };
      fill();
    },
    final(callback) {
      if (used > 0 && !job.stopped) send(callback);
      else callback();
    },
  });
}

async function run(job: ExportJob): Promise<void> {
  const state = { stopped: false, resume: null, inFlight: 0 };
  current = state;
  const rows = rowsOf(job);
  try {
    // The first row is read before the file starts: an error of the query is the request's error.
    const first = await rows.next();
    post({ type: 'started' });
    async function* all() {
      if (first.done) return;
      yield first.value;
      yield* rows;
    }
    const out = piecesOut(state);
    const sheet = (job.sheet === 'rate' ? instalmentsSheet : querySheets[job.sheet]) as ExportSheet<unknown>;
    await writeExportFile({ out, gone: () => state.stopped }, sheet, job.format, all());
    if (!state.stopped) {
      // (The XLSX writer has ended it already.)
      if (!out.writableEnded) out.end();
      await finished(out);
      post({ type: 'end' });
    }
  } catch (error) {
    post({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  } finally {
    await rows.return(undefined).catch(() => {});
    current = null;
    post({ type: 'done' });
  }
}
