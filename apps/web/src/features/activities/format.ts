/** 'YYYY-MM-DD' (or an ISO timestamp) as dd/MM/yyyy. */
export function italianDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** An ISO timestamp as dd/MM/yyyy HH:mm in the Italian time zone. */
export function italianDateTime(iso: string): string {
  return new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/**
 * A count as Italian writes it (12.345; 1234 stays ungrouped, as `toLocaleString('it-IT')` gives):
 * without `Intl`, whose first use loads the locale's data while the list renders.
 */
export function italianCount(count: number): string {
  const digits = String(Math.trunc(count));
  return Math.abs(count) < 10_000 ? digits : digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** The last Sunday of a month (0-11) of `year`, at 01:00 UTC: when Europe's summer time starts or ends. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1);
}

/**
 * Today's date in Italy as `YYYY-MM-DD` (what the contract's `isoDateToday` gives) without `Intl`: the
 * first date format of a page loads the browser's date data, and the list's due dates would pay it
 * inside one row's render. Italy's offset is one hour, two in summer time (EU rule since 1996: from
 * the last Sunday of March to the last Sunday of October, at 01:00 UTC).
 */
export function todayInItaly(now: Date = new Date()): string {
  const year = now.getUTCFullYear();
  const time = now.getTime();
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  return new Date(time + (summer ? 2 : 1) * 3_600_000).toISOString().slice(0, 10);
}
