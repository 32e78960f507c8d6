import { PassThrough, type Readable } from 'node:stream';
import { type ExportFormat, isoDateToday } from '@stabile/contract';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../attachments/file-policy.ts';
import type { ExportSheet } from './export-columns.ts';
import type { ExportJob } from './export-jobs.ts';
import type { ExportThreads } from './export-threads.ts';
import { CSV_PIECE, writeExportFile } from './export-writer.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** `attivita-2026-11-26.xlsx`: the list's Italian name and today's date in Italy. */
export function exportFileName(name: string, format: ExportFormat, now = new Date()): string {
  return `${name}-${isoDateToday(now)}.${format}`;
}

/**
 * Answers with the file of a list, written on the request's thread as its rows arrive (`rows` is
 * read once, lazily): memory stays constant however long the list. The first row is read before the
 * answer starts, so an error of the query is still an ordinary error answer; a later one ends the
 * file early (the download fails visibly). When the caller goes away, reading stops and `rows` is
 * closed (its cursor or connection released). For a database in memory (the tests'), which no
 * other connection can open; otherwise every list goes to a worker thread (sendThreadedExport).
 */
export async function sendExport<R>(
  reply: FastifyReply,
  sheet: ExportSheet<R>,
  format: ExportFormat,
  rows: AsyncIterable<R>,
): Promise<FastifyReply> {
  const iterator = rows[Symbol.asyncIterator]();
  const first = await iterator.next();
  const out = new PassThrough({ highWaterMark: CSV_PIECE });
  let gone = false;
  reply.raw.once('close', () => {
    gone = true;
    // Wake a writer waiting for the socket to drain.
    out.emit('drain');
  });

  async function* remaining(): AsyncGenerator<R> {
    if (first.done) return;
    yield first.value;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }

  void writeExportFile({ out, gone: () => gone }, sheet, format, remaining())
    .then(() => out.end())
    .catch((error: unknown) => {
      reply.log.error({ err: error }, 'export interrupted');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(() => {
      // Releases the cursor or the reading connection when the writing stopped early.
      void iterator.return?.();
    });

  return sendFile(reply, sheet.name, format, out);
}

/**
 * Answers with the file that a worker thread writes (export-threads.ts): this thread only passes
 * its pieces to the socket. As sendExport: an error before the first row is an ordinary error
 * answer, a later one ends the file early, and the caller going away stops the thread's work.
 */
export async function sendThreadedExport(
  reply: FastifyReply,
  threads: ExportThreads,
  job: ExportJob,
): Promise<FastifyReply> {
  const gone = new AbortController();
  reply.raw.once('close', () => gone.abort());
  const file = await threads.open(job, gone.signal);
  file.once('error', (error) => reply.log.error({ err: error }, 'export interrupted'));
  return sendFile(reply, job.sheet, job.format, file);
}

function sendFile(reply: FastifyReply, name: string, format: ExportFormat, body: Readable): FastifyReply {
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition('attachment', exportFileName(name, format)))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
