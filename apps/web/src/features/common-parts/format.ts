/** 'YYYY-MM-DD' as dd/MM/yyyy (spec: Italian formats everywhere). */
export function italianDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
