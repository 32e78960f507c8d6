import { once } from 'node:events';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { dateParts, type ExportColumn, type ExportKind, romeParts } from './export-columns.ts';

/** The Excel number format of each kind (the file always writes `,` thousands and `.` decimals). */
const NUMBER_FORMATS: Partial<Record<ExportKind, string>> = {
  integer: '0',
  money: '#,##0.00 "€"',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
};

/**
 * A date as Excel keeps it: a Date whose UTC fields are the wall-clock ones (exceljs turns it into
 * the serial day number from its UTC time, and Excel has no time zones).
 */
function cellValue<R>(column: ExportColumn<R>, row: R): string | number | Date | null {
  const value = column.value(row);
  if (value === null || value === undefined) return null;
  switch (column.kind) {
    case 'integer':
      return Number(value);
    case 'money':
      return Number(value) / 100;
    case 'date': {
      const p = dateParts(String(value));
      return p ? new Date(Date.UTC(p.y, p.m - 1, p.d)) : null;
    }
    case 'datetime': {
      const p = romeParts(String(value));
      return p ? new Date(Date.UTC(p.y, p.m - 1, p.d, p.h, p.min)) : null;
    }
    default:
      return String(value);
  }
}

/** Bytes of sheet XML allowed to wait for the zip before the rows pause. */
const ZIP_BACKLOG_BYTES = 256 * 1024;

/**
 * The stream through which the zip reads a sheet of exceljs' streaming writer (its sheet stream's
 * consumer, set up when the zip takes the entry); undefined before the first row. exceljs 4.4 keeps
 * it in the `pipes` of the sheet's stream: a test fails if that changes (export-files.test.ts).
 */
function zipEntryOf(sheet: ExcelJS.Worksheet): Writable | undefined {
  const stream = (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream;
  return stream?.pipes?.[0];
}

/** What waits in a writable (the zip's streams come from readable-stream 2, without `writableLength`). */
function queuedBytes(stream: Writable): number {
  return (
    stream.writableLength ??
    (stream as unknown as { _writableState?: { length: number } })._writableState?.length ??
    0
  );
}

/**
 * A workbook of one sheet written to `out` as its rows come (exceljs' streaming writer: each
 * committed row leaves memory; strings inline, no shared-strings table kept for the whole file).
 * The header row is bold and frozen; each column carries its number format.
 */
export function xlsxSheetWriter<R>(out: Writable, title: string, columns: readonly ExportColumn<R>[]) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
    // Fast deflate: the zip is what limits an export's pace (level 1 is about 3 times level 6's speed).
    zip: { zlib: { level: 1 } },
  });
  workbook.creator = 'Stabile';
  const sheet = workbook.addWorksheet(title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => {
    const numFmt = NUMBER_FORMATS[c.kind];
    return {
      header: c.header,
      key: `c${i}`,
      width: c.width ?? 16,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.commit();
  return {
    add(row: R): void {
      sheet.addRow(columns.map((c) => cellValue(c, row))).commit();
    },
    /**
     * Waits while the sheet's XML waits for the zip: exceljs hands it to the zip without looking at
     * the zip's pace, so without this a fast database would pile the whole sheet up in memory.
     */
    async drained(): Promise<void> {
      const entry = zipEntryOf(sheet);
      // Until the zip has taken the sheet, one turn of the event loop lets it start.
      if (!entry) await new Promise((resolve) => setImmediate(resolve));
      else if (queuedBytes(entry) > ZIP_BACKLOG_BYTES) await once(entry, 'drain');
    },
    async end(): Promise<void> {
      sheet.commit();
      await workbook.commit();
    },
  };
}
