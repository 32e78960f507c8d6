import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CondominiumCreateModal } from './condominium-create-modal.tsx';

describe('leaving a new condominium', { timeout: 20_000 }, () => {
  it('opens on its first field, ready to type', async () => {
    renderWithProviders(<CondominiumCreateModal opened onClose={vi.fn()} />);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Intestazione/ })).toHaveFocus());
  });

  it('"Annulla" closes the empty form at once, and asks first once something is typed', async () => {
    const onClose = vi.fn();
    renderWithProviders(<CondominiumCreateModal opened onClose={onClose} />);
    const cancel = () => screen.getByRole('button', { name: 'Annulla' });
    await userEvent.click(cancel());
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.type(screen.getByRole('textbox', { name: /Intestazione/ }), 'Condominio Le Querce');
    await userEvent.click(cancel());
    expect(await screen.findByRole('dialog', { name: 'Modifiche non salvate' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Continua a modificare' }));
    expect(screen.getByRole('textbox', { name: /Intestazione/ })).toHaveValue('Condominio Le Querce');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
