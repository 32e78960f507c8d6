import { DATE_BOUND_YEARS } from '../common/constants.ts';
import { ValidationMessage } from './messages.ts';

/** The time zone that decides what "today" is for the people using Stabile. */
export const BUSINESS_TIME_ZONE = 'Europe/Rome';

/**
 * Made on first use: the first Intl formatter of a page loads the browser's date data, about 40 ms
 * of the task that loads the module otherwise.
 */
let todayFormat: Intl.DateTimeFormat | undefined;
const todayFormatter = () =>
  (todayFormat ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }));

/** Today's date in Italy as `YYYY-MM-DD`, whatever the time zone of the machine. */
export function isoDateToday(now: Date = new Date()): string {
  // Formatting with a time zone is costly and every date checked asks for it: reuse it within a minute.
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute === lastToday.minute) return lastToday.value;
  const parts = Object.fromEntries(
    todayFormatter()
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  lastToday = { minute, value: `${parts.year}-${parts.month}-${parts.day}` };
  return lastToday.value;
}

let lastToday = { minute: Number.NaN, value: '' };

let hourFormat: Intl.DateTimeFormat | undefined;

/**
 * The moment (milliseconds since the epoch) at which a `YYYY-MM-DD` date begins in Italy: 23:00 or 22:00
 * UTC of the day before. UTC's midnight is later: between the two, Italy's today is UTC's tomorrow.
 */
export function businessDayStart(isoDate: string): number {
  const utcMidnight = Date.parse(`${isoDate}T00:00:00.000Z`);
  hourFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: BUSINESS_TIME_ZONE,
    hour: '2-digit',
    hourCycle: 'h23',
  });
  // Italy's hour at UTC's midnight is its offset from UTC that night (1 or 2).
  const hour = Number(hourFormat.formatToParts(utcMidnight).find((p) => p.type === 'hour')?.value ?? 0);
  return utcMidnight - hour * 3_600_000;
}

/** A real calendar date written `YYYY-MM-DD` (2024-02-29 yes, 2023-02-29 no). */
export function isValidIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function shiftYears(isoDate: string, years: number): string {
  const year = Number(isoDate.slice(0, 4)) + years;
  return `${String(year).padStart(4, '0')}${isoDate.slice(4)}`;
}

export interface DateCheckOptions {
  /** Today as `YYYY-MM-DD`; defaults to today in Italy. */
  today?: string;
}

/** An ISO date no more than DATE_BOUND_YEARS years before or after today. */
export function checkDate(value: string, options: DateCheckOptions = {}): string | null {
  const date = value.trim();
  if (!isValidIsoDate(date)) return ValidationMessage.IsoDate;
  const today = options.today ?? isoDateToday();
  if (date < shiftYears(today, -DATE_BOUND_YEARS) || date > shiftYears(today, DATE_BOUND_YEARS)) {
    return ValidationMessage.DateOutOfBounds;
  }
  return null;
}

/** A date from today on (a deadline, a planned intervention). */
export function checkDateNotInPast(value: string, options: DateCheckOptions = {}): string | null {
  const today = options.today ?? isoDateToday();
  return checkDate(value, { today }) ?? (value.trim() < today ? ValidationMessage.DateInPast : null);
}

/** A date up to today (a birth date, an execution date). */
export function checkDateNotInFuture(value: string, options: DateCheckOptions = {}): string | null {
  const today = options.today ?? isoDateToday();
  return checkDate(value, { today }) ?? (value.trim() > today ? ValidationMessage.DateInFuture : null);
}
