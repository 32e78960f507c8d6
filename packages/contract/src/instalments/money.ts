/** Made on first use, as today's formatter (validators/dates.ts): not while a page loads its code. */
let euroFormatMade: Intl.NumberFormat | undefined;
const euroFormat = () =>
  (euroFormatMade ??= new Intl.NumberFormat('it-IT', {
    style: 'currency',
    currency: 'EUR',
    // Italian groups thousands from four digits too (1.234,56 €), which the locale's default omits.
    useGrouping: 'always',
  }));

/** Cents as Italian euros: 123456 -> "1.234,56 €" (plain spaces, the same on server, PDFs and web). */
export function formatEuro(cents: number): string {
  return euroFormat()
    .format(cents / 100)
    .replace(/\s/g, ' ');
}

/** An ISO date 'YYYY-MM-DD' as dd/MM/yyyy. */
export function formatIsoDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
