import { DateInput } from '@mantine/dates';
import { isValidIsoDate } from '@stabile/contract';
import 'dayjs/locale/it';
import type { ReactNode } from 'react';

export interface DateFieldProps {
  label: ReactNode;
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
  /** `YYYY-MM-DD`, or '' when the field is emptied. */
  onChange: (value: string) => void;
  /** The earliest and latest dates offered, `YYYY-MM-DD`. */
  min?: string;
  max?: string;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Shows a button that empties the field. */
  clearable?: boolean;
  miw?: number;
}

const DAY_FIRST = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/**
 * A date as Italians type it, day first (24/11/2026, 3/2/2027, 3-2-2027, 3.2.2027), or as
 * `YYYY-MM-DD`: the ISO date, or null when it is not a real calendar date.
 */
export function parseItalianDate(text: string): string | null {
  const typed = text.trim();
  const parts = DAY_FIRST.exec(typed);
  const iso = parts ? `${parts[3]}-${parts[2]?.padStart(2, '0')}-${parts[1]?.padStart(2, '0')}` : typed;
  return isValidIsoDate(iso) ? iso : null;
}

/**
 * A date field shown and typed as dd/mm/yyyy with a calendar in Italian, whatever the browser's
 * language (a native date input follows the browser: mm/dd/yyyy in an English one). Values are
 * `YYYY-MM-DD` strings, as the API takes them.
 */
export function DateField({ value, onChange, min, max, clearable, ...rest }: DateFieldProps) {
  return (
    <DateInput
      {...rest}
      locale="it"
      valueFormat="DD/MM/YYYY"
      placeholder="gg/mm/aaaa"
      dateParser={parseItalianDate}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      minDate={min}
      maxDate={max}
      clearable={clearable}
      firstDayOfWeek={1}
    />
  );
}
