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
    async end(): Promise<void> {
      sheet.commit();
      await workbook.commit();
    },
  };
}
