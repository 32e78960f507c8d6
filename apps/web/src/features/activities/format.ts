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
