import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

dayjs.extend(customParseFormat);

export type DateFieldProps = Pick<
  DateInputProps,
  | 'label'
  | 'description'
  | 'error'
  | 'required'
  | 'disabled'
  | 'clearable'
  | 'placeholder'
  | 'miw'
  | 'aria-label'
  | 'aria-describedby'
> & {
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
  /** Called with `YYYY-MM-DD`, or '' when the field is emptied. */
  onChange: (value: string) => void;
  /** The earliest date offered, `YYYY-MM-DD`. */
  min?: string;
  /** The latest date offered, `YYYY-MM-DD`. */
  max?: string;
};

/** Day first, as dates are written in Italy; the separator is normalised to '/' before parsing. */
const TYPED_FORMATS = ['D/M/YYYY', 'DD/MM/YYYY', 'D/MM/YYYY', 'DD/M/YYYY'];

/**
 * A typed date, day first (24/11/2026, 3/2/2027, 3-2-2027, 3.2.2027): the ISO date `YYYY-MM-DD`, or
 * null when it is not a complete, real calendar date (strict: 31/02/2027 and 3/2/27 are refused).
 */
export function parseItalianDate(text: string): string | null {
  const typed = text.trim().replace(/[-.]/g, '/');
  const date = dayjs(typed, TYPED_FORMATS, true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}

/**
 * A date field shown and typed as dd/mm/yyyy, with the calendar in Italian (DatesProvider), whatever
 * the browser's language: a native date input follows the browser (mm/dd/yyyy in an English one).
 * Values are `YYYY-MM-DD` strings as the API takes them, '' for no date.
 */
export function DateField({ value, onChange, min, max, placeholder, ...rest }: DateFieldProps) {
  const { t } = useTranslation('common');
  // While the calendar is open, Escape closes the calendar only, not the modal around the field.
  const [calendarOpen, setCalendarOpen] = useState(false);
  // A whole date typed closes the calendar until the field is clicked again: left open below the
  // field, it covered the form's buttons on a phone, and a tap meant for "Salva" picked a day.
  const [typedWhole, setTypedWhole] = useState(false);
  return (
    <DateInput
      {...rest}
      data-mantine-stop-propagation={calendarOpen || undefined}
      popoverProps={{
        onOpen: () => setCalendarOpen(true),
        onClose: () => setCalendarOpen(false),
        ...(typedWhole ? { opened: false } : {}),
      }}
      onInput={(event) => setTypedWhole(parseItalianDate(event.currentTarget.value) !== null)}
      onClick={() => setTypedWhole(false)}
      onBlur={() => setTypedWhole(false)}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat="DD/MM/YYYY"
      dateParser={parseItalianDate}
      placeholder={placeholder ?? t('datePlaceholder')}
      minDate={min}
      maxDate={max}
      clearButtonProps={{ 'aria-label': t('clearDate') }}
    />
  );
}
