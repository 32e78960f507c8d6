/**
 * The columns of an exported list: an Italian header and how to read each row's value. The kind
 * decides how the value is written: as text, a whole number, an amount (integer cents, written in
 * euros), a date (`YYYY-MM-DD`) or a moment (ISO timestamp, shown in Italian time).
 */
export type ExportKind = 'text' | 'integer' | 'money' | 'date' | 'datetime';

export interface ExportColumn<R> {
  header: string;
  kind: ExportKind;
  /** Width in characters in the spreadsheet. */
  width?: number;
  value: (row: R) => string | number | null | undefined;
}

export interface ExportSheet<R> {
  /** The file name's stem, Italian (`attivita`): the date and the extension are added. */
  name: string;
  /** The spreadsheet tab's title. */
  title: string;
  columns: readonly ExportColumn<R>[];
}

const ROME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Rome',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock time in Italy of an ISO timestamp, as numbers. */
export function romeParts(iso: string): { y: number; m: number; d: number; h: number; min: number } | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const parts: Record<string, number> = {};
  for (const p of ROME.formatToParts(ms)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    y: parts.year ?? 0,
    m: parts.month ?? 0,
    d: parts.day ?? 0,
    h: parts.hour ?? 0,
    min: parts.minute ?? 0,
  };
}

/** `YYYY-MM-DD` (or the date part of a longer text) as numbers; null when it is not a date. */
export function dateParts(text: string): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!match) return null;
  return { y: Number(match[1]), m: Number(match[2]), d: Number(match[3]) };
}
