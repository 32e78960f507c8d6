import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { ExportFormat } from '@stabile/contract';
import type { FastifyReply } from 'fastify';
import { checkPromotedBuffers } from '../../shared/transient-buffers.ts';
import { contentDisposition } from '../attachments/file-policy.ts';
import { csvHeader, csvLine } from './csv-writer.ts';
import { type ExportSheet, todayInItaly } from './export-columns.ts';
import { xlsxSheetWriter } from './xlsx-writer.ts';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** CSV text is handed to the socket in pieces of about this many characters. */
const CSV_PIECE = 64 * 1024;
/** XLSX: how many rows are written between two looks at the socket's backlog. */
const XLSX_ROWS_BETWEEN_CHECKS = 200;
/** How many rows between two looks at the buffers left behind (transient-buffers.ts). */
const ROWS_BETWEEN_BUFFER_CHECKS = 2_000;

/** `attivita-2026-11-26.xlsx`: the list's Italian name and today's date in Italy. */
export function exportFileName(name: string, format: ExportFormat, now = new Date()): string {
  return `${name}-${todayInItaly(now)}.${format}`;
}

/**
 * Answers with the file of a list, written as its rows arrive from the database (`rows` is read
 * once, lazily): memory stays constant however long the list. The first row is read before the
 * answer starts, so an error of the query is still an ordinary error answer; a later one ends the
 * file early (the download fails visibly). When the caller goes away, reading stops and `rows` is
 * closed (its cursor or connection released).
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
  const drained = async () => {
    if (out.writableNeedDrain && !gone) await once(out, 'drain');
  };

  async function* remaining(): AsyncGenerator<R> {
    if (first.done) return;
    yield first.value;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }

  async function writeCsv() {
    let piece = csvHeader(sheet.columns);
    let n = 0;
    for await (const row of remaining()) {
      if (gone) break;
      piece += csvLine(sheet.columns, row);
      if (++n % ROWS_BETWEEN_BUFFER_CHECKS === 0) checkPromotedBuffers();
      if (piece.length >= CSV_PIECE) {
        out.write(piece);
        piece = '';
        await drained();
      }
    }
    if (!gone) out.write(piece);
  }

  async function writeXlsx() {
    const writer = xlsxSheetWriter(out, sheet.title, sheet.columns);
    let n = 0;
    for await (const row of remaining()) {
      if (gone) break;
      writer.add(row);
      if (++n % ROWS_BETWEEN_BUFFER_CHECKS === 0) checkPromotedBuffers();
      if (n % XLSX_ROWS_BETWEEN_CHECKS === 0) {
        await writer.drained();
        await drained();
      }
    }
    if (!gone) await writer.end();
  }

  const write = format === 'csv' ? writeCsv : writeXlsx;
  void write()
    .then(() => out.end())
    .catch((error: unknown) => {
      reply.log.error({ err: error }, 'export interrupted');
      out.destroy(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(() => {
      // Releases the cursor or the reading connection when the writing stopped early.
      void iterator.return?.();
    });

  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', contentDisposition('attachment', exportFileName(sheet.name, format)))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(out);
}
