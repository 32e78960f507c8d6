import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { DateField, parseItalianDate } from './date-field.tsx';

function Controlled({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Scadenza"
      value={value}
      clearable
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('date field', () => {
  it('shows an ISO date day first, whatever the browser language', () => {
    renderWithProviders(<DateField label="Scadenza" value="2026-11-24" onChange={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Scadenza' })).toHaveValue('24/11/2026');
  });

  it('reads a typed date day first and gives it as YYYY-MM-DD, and empties', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<Controlled initial="" onChange={onChange} />);
    const field = screen.getByRole('textbox', { name: 'Scadenza' });
    expect(field).toHaveAttribute('placeholder', 'gg/mm/aaaa');
    await user.type(field, '3/2/2027');
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('2027-02-03');
    expect(field).toHaveValue('03/02/2027');
    await user.clear(field);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('parses the ways a date is typed in Italy, and refuses what is not a date', () => {
    expect(parseItalianDate('24/11/2026')).toBe('2026-11-24');
    expect(parseItalianDate(' 3-2-2027 ')).toBe('2027-02-03');
    expect(parseItalianDate('3.12.2027')).toBe('2027-12-03');
    expect(parseItalianDate('2027-02-03')).toBe('2027-02-03');
    expect(parseItalianDate('31/02/2027')).toBeNull();
    expect(parseItalianDate('12/31/2027')).toBeNull();
    expect(parseItalianDate('domani')).toBeNull();
  });
});
