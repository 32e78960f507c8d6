import dayjs from 'dayjs';

/** dd/MM/yyyy of an ISO date or timestamp. */
export function formatDate(iso: string): string {
  return dayjs(iso).format('DD/MM/YYYY');
}

// Made on first use: a page's first Intl format loads the browser's locale data (tens of ms on a phone).
let kbMade: Intl.NumberFormat | undefined;
const kb = () => (kbMade ??= new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0 }));
let mbMade: Intl.NumberFormat | undefined;
const mb = () => (mbMade ??= new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 }));

/** 512 B, 12 KB, 1,4 MB (Italian separators). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${kb().format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${mb().format(bytes / (1024 * 1024))} MB`;
}

/** The absolute address of a link the API gave as a path (the native wrapper needs one). */
export function absoluteLink(link: string): string {
  return new URL(link, window.location.origin).toString();
}

/** Only our own signed download links may be framed (never an address given in a URL). */
export function isOwnFileLink(link: string | null | undefined): link is string {
  return typeof link === 'string' && link.startsWith('/api/allegati/download?');
}
