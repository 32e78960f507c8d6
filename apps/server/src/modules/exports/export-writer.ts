import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ExportFormat } from '@stabile/contract';
import { checkPromotedBuffers } from '../../shared/transient-buffers.ts';
import { csvHeader, csvLine } from './csv-writer.ts';
import type { ExportSheet } from './export-columns.ts';
import { xlsxSheetWriter } from './xlsx-writer.ts';

/** CSV text is handed to the output in pieces of about this many characters. */
export const CSV_PIECE = 64 * 1024;
/** XLSX: how many rows are written between two looks at the output's backlog. */
const XLSX_ROWS_BETWEEN_CHECKS = 200;
/** How many rows between two looks at the buffers left behind (transient-buffers.ts). */
const ROWS_BETWEEN_BUFFER_CHECKS = 2_000;

/** Where a file is written, and whether its reader has gone away (then writing stops). */
export interface ExportOutput {
  out: Writable;
  gone(): boolean;
}

/**
 * Writes the file of a list to `out` as its rows come, pausing while `out` is full: memory stays
 * constant however long the list. The same code writes on the request's thread and in an export's
 * worker thread (export-worker.ts), so the files are the same. Does not end `out`.
 */
export async function writeExportFile<R>(
  { out, gone }: ExportOutput,
  sheet: ExportSheet<R>,
  format: ExportFormat,
  rows: AsyncIterable<R>,
): Promise<void> {
  const drained = async () => {
    if (out.writableNeedDrain && !gone()) await once(out, 'drain');
  };

  async function writeCsv() {
    let piece = csvHeader(sheet.columns);
    let n = 0;
    for await (const row of rows) {
      if (gone()) break;
      piece += csvLine(sheet.columns, row);
      if (++n % ROWS_BETWEEN_BUFFER_CHECKS === 0) checkPromotedBuffers();
      if (piece.length >= CSV_PIECE) {
        out.write(piece);
        piece = '';
        await drained();
      }
    }
    if (!gone()) out.write(piece);
  }

  async function writeXlsx() {
    const writer = xlsxSheetWriter(out, sheet.title, sheet.columns);
    let n = 0;
    for await (const row of rows) {
      if (gone()) break;
      writer.add(row);
      if (++n % ROWS_BETWEEN_BUFFER_CHECKS === 0) checkPromotedBuffers();
      if (n % XLSX_ROWS_BETWEEN_CHECKS === 0) {
        await writer.drained();
        await drained();
      }
    }
    if (!gone()) await writer.end();
  }

  await (format === 'csv' ? writeCsv() : writeXlsx());
}
