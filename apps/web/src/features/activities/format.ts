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
