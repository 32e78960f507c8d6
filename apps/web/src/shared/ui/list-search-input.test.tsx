import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ListSearchInput } from './list-search-input.tsx';

function Field() {
  const [value, setValue] = useState('');
  return <ListSearchInput placeholder="Cerca per nome" value={value} onChange={setValue} />;
}

describe('the search field of a list', () => {
  it('says how many letters a search needs while fewer are typed, in a status a screen reader announces', async () => {
    renderWithProviders(<Field />);
    const field = screen.getByRole('textbox', { name: 'Cerca' });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent(/^$/);

    await userEvent.type(field, 'ro');
    expect(status).toHaveTextContent('Almeno 3 caratteri');
    expect(status).toBeVisible();

    await userEvent.type(field, 's');
    expect(status).toHaveTextContent(/^$/);
    expect(field).toHaveValue('ros');

    await userEvent.clear(field);
    await userEvent.type(field, '  ');
    expect(status).toHaveTextContent(/^$/);
  });
});
