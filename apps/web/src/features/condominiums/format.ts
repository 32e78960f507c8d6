import dayjs from 'dayjs';
import 'dayjs/locale/it';

// 'always': Italian grouping leaves 4-digit amounts ungrouped by default (1234,56 €); we write 1.234,56 €.
// Made on first use: a page's first Intl format loads the browser's locale data (tens of ms on a phone).
let euroMade: Intl.NumberFormat | undefined;
const euro = () =>
  (euroMade ??= new Intl.NumberFormat('it-IT', {
    style: 'currency',
    currency: 'EUR',
    useGrouping: 'always' as unknown as boolean,
  }));

/** Cents as Italian money: 123456 -> "1.234,56 €"; null -> ''. */
export function formatMoney(cents: number | null | undefined): string {
  return cents === null || cents === undefined ? '' : euro().format(cents / 100);
}

/** `YYYY-MM-DD` (or an ISO timestamp) as dd/MM/yyyy; null -> ''. */
export function formatDate(iso: string | null | undefined): string {
  return iso ? dayjs(iso).locale('it').format('DD/MM/YYYY') : '';
}

/** Cents as the text of a money field: 123456 -> "1234,56"; null -> ''. */
export function centsToText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  return (cents / 100).toFixed(2).replace('.', ',');
}

/**
 * A typed amount in euros ("1.234,56", "1234.5", "12") as cents; '' -> null. Text that is not an
 * amount is returned as it is, so the contract's schema refuses it with its message.
 */
export function textToCents(text: string): number | string | null {
  const trimmed = text.trim().replace(/\s|€/g, '');
  if (trimmed === '') return null;
  const normalized = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  if (!/^-?\d+(\.\d{1,2})?$/.test(normalized)) return trimmed;
  return Math.round(Number(normalized) * 100);
}
