import { dateParts, type ExportColumn, romeParts } from './export-columns.ts';

/** UTF-8 byte order mark: Excel reads the file as UTF-8 only when it starts with one. */
export const BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';

const two = (n: number) => String(n).padStart(2, '0');

const euros = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

/** A field quoted when it holds the separator, a quote or a line break (RFC 4180 quoting). */
function field(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A value as Italian Excel reads it from a CSV: dates dd/mm/yyyy, amounts with a decimal comma
 * (1.234,56), moments dd/mm/yyyy hh:mm in Italian time. A text that Excel would take for a formula
 * (=, +, -, @ first) is prefixed with an apostrophe (CSV injection).
 */
export function csvValue<R>(column: ExportColumn<R>, row: R): string {
  const value = column.value(row);
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind) {
    case 'integer':
      return String(value);
    case 'money':
      return euros.format(Number(value) / 100);
    case 'date': {
      const p = dateParts(String(value));
      return p ? `${two(p.d)}/${two(p.m)}/${p.y}` : '';
    }
    case 'datetime': {
      const p = romeParts(String(value));
      return p ? `${two(p.d)}/${two(p.m)}/${p.y} ${two(p.h)}:${two(p.min)}` : '';
    }
    default: {
      const text = String(value);
      return field(/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
    }
  }
}

export function csvLine<R>(columns: readonly ExportColumn<R>[], row: R): string {
  let line = '';
  for (let i = 0; i < columns.length; i++) {
    if (i > 0) line += SEPARATOR;
    line += csvValue(columns[i] as ExportColumn<R>, row);
  }
  return line + LINE_END;
}

export function csvHeader<R>(columns: readonly ExportColumn<R>[]): string {
  return BOM + columns.map((c) => field(c.header)).join(SEPARATOR) + LINE_END;
}
