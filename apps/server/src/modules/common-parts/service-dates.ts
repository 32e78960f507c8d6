/**
 * `YYYY-MM-DD` plus (or minus) whole months, the day kept or clamped to the month's last day
 * (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(targetYear, 4)}-${pad(targetMonth + 1)}-${pad(Math.min(day, lastDay))}`;
}

/** The next date of a service: the one given, else last execution plus the frequency, else none. */
export function nextDateOf(input: {
  prossimaScadenza?: string | null | undefined;
  dataUltima?: string | null | undefined;
  periodicitaMesi?: number | null | undefined;
}): string | null {
  if (input.prossimaScadenza) return input.prossimaScadenza;
  if (input.dataUltima && input.periodicitaMesi) return addMonths(input.dataUltima, input.periodicitaMesi);
  return null;
}
