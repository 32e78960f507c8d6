import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DateField, type DateFieldProps, parseItalianDate } from './date-field.tsx';

/** The field as the forms use it: the value lives in the parent's state. */
function Controlled({ initial, onChange, ...props }: Omit<DateFieldProps, 'value'> & { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('date field', () => {
  it('shows an ISO date day first, and gg/mm/aaaa when empty', () => {
    renderWithProviders(
      <>
        <DateField label="Data prevista" value="2026-11-24" onChange={() => undefined} />
        <DateField label="Data di scadenza" value="" onChange={() => undefined} />
      </>,
    );
    expect(screen.getByRole('textbox', { name: 'Data prevista' })).toHaveValue('24/11/2026');
    const empty = screen.getByRole('textbox', { name: 'Data di scadenza' });
    expect(empty).toHaveValue('');
    expect(empty).toHaveAttribute('placeholder', 'gg/mm/aaaa');
  });

  it('reads a date typed day first and gives it as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Controlled label="Data prevista" initial="" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Data prevista' });

    await user.type(field, '3/2/2027');
    await user.tab();

    expect(onChange).toHaveBeenLastCalledWith('2027-02-03');
    expect(onChange).not.toHaveBeenCalledWith('2027-03-02');
    expect(field).toHaveValue('03/02/2027');
  });

  it('closes its calendar once a whole date is typed, and opens it again when clicked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Controlled label="Ultima esecuzione" initial="" onChange={() => undefined} />);
    const field = screen.getByRole('textbox', { name: 'Ultima esecuzione' });
    const calendar = () => document.querySelector('[data-dates-dropdown]');

    await user.click(field);
    await user.type(field, '31/03/20');
    // Not yet a date: the calendar helps.
    await waitFor(() => expect(calendar()).not.toBeNull());
    await user.type(field, '26');
    await waitFor(() => expect(calendar()).toBeNull());
    expect(field).toHaveValue('31/03/2026');

    await user.click(field);
    await waitFor(() => expect(calendar()).not.toBeNull());
    // On the typed date's month, the day chosen.
    expect(calendar()?.querySelector('[data-selected]')).toHaveTextContent('31');
  });

  it('gives an empty string when cleared, by the clear button or by emptying the text', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <Controlled label="Data prevista" initial="2026-11-24" clearable onChange={onChange} />,
    );
    const field = screen.getByRole('textbox', { name: 'Data prevista' });

    await user.click(screen.getByRole('button', { name: 'Cancella la data' }));
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(field).toHaveValue('');

    await user.type(field, '24/11/2026');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24');
    await user.clear(field);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('');
    expect(field).toHaveValue('');
  });

  it('does not take a date outside min and max', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <Controlled label="Eseguito il" initial="" min="2026-01-01" max="2026-11-24" onChange={onChange} />,
    );
    const field = screen.getByRole('textbox', { name: 'Eseguito il' });

    await user.type(field, '25/11/2026');
    await user.tab();

    expect(onChange).not.toHaveBeenCalled();
    expect(field).toHaveValue('');
  });

  it('parses the ways a date is typed in Italy, and refuses what is not a whole date', () => {
    expect(parseItalianDate('24/11/2026')).toBe('2026-11-24');
    expect(parseItalianDate('3/2/2027')).toBe('2027-02-03');
    expect(parseItalianDate(' 03-2-2027 ')).toBe('2027-02-03');
    expect(parseItalianDate('3.12.2027')).toBe('2027-12-03');
    expect(parseItalianDate('31/02/2027')).toBeNull();
    expect(parseItalianDate('12/31/2027')).toBeNull();
    expect(parseItalianDate('3/2/202')).toBeNull();
    expect(parseItalianDate('3/2/27')).toBeNull();
    expect(parseItalianDate('domani')).toBeNull();
  });
});
