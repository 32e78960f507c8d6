import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from '../../../features/contacts/components/contact-form.tsx';
import { useCreateContactMutation } from '../../../features/contacts/contacts-api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { resetRefreshForTests } from '../../api/base-query.ts';
import { offlineQueue } from '../../offline/queue.ts';
import { nullUnlessQueued } from '../../offline/queued-error.ts';
import { sessionStore } from '../../session/session-storage.ts';
import { RegistryCreateModal } from './registry-create-modal.tsx';
import type { RegistryKindFormProps } from './registry-form.tsx';
import { emptyValues } from './registry-form-values.ts';

/** A stand-in for the contact's long form: one button that submits a filled body. */
function QuickForm({ onSubmit, submitLabel }: RegistryKindFormProps) {
  return (
    <button type="button" onClick={() => onSubmit({ ...emptyValues(), descr: 'Rossi Mario' } as never)}>
      {submitLabel}
    </button>
  );
}

function NewContact({
  onClose,
  onCreated,
  Form = QuickForm,
}: {
  onClose: () => void;
  onCreated: () => void;
  Form?: typeof QuickForm;
}) {
  const [create, { isLoading }] = useCreateContactMutation();
  return (
    <RegistryCreateModal
      opened
      onClose={onClose}
      title="Nuovo contatto"
      Form={Form}
      creating={isLoading}
      onCreate={(body) => create(body).unwrap().catch(nullUnlessQueued)}
      onCreated={onCreated}
    />
  );
}

beforeEach(() => {
  resetRefreshForTests();
  offlineQueue.resetForTests();
  sessionStore.writeAccessToken('token');
  sessionStore.writeSession({
    username: 'demo@stabile.it',
    keepLogin: false,
    account: { versione: 1, gestioneAccessi: false, tipo: 'pro', nome: 'Studio' },
  });
  sessionStore.writeArchive({ id: 7, nome: 'Studio Rossi' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a new contact while offline', { timeout: 20_000 }, () => {
  it('is done once the write waits in the offline queue: the form closes, no record to open yet', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const onClose = vi.fn();
    const onCreated = vi.fn();
    renderWithProviders(<NewContact onClose={onClose} onCreated={onCreated} />);
    await userEvent.click(screen.getByRole('button', { name: 'Salva' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(onCreated).not.toHaveBeenCalled();
    expect(offlineQueue.all()).toEqual([expect.objectContaining({ method: 'POST', url: '/api/persona' })]);
  });
});

describe('leaving a new contact', { timeout: 20_000 }, () => {
  it('"Annulla" closes the empty form at once, and asks first once something is typed', async () => {
    const onClose = vi.fn();
    renderWithProviders(<NewContact onClose={onClose} onCreated={vi.fn()} Form={ContactForm} />);
    // It opens on the name, ready to type.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Descrizione/ })).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(onClose).toHaveBeenCalledTimes(1);

    await userEvent.type(screen.getByRole('textbox', { name: /Descrizione/ }), 'Rossi Mario');
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(await screen.findByRole('dialog', { name: 'Modifiche non salvate' })).toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
    await userEvent.click(await screen.findByRole('button', { name: 'Continua a modificare' }));
    expect(screen.getByRole('textbox', { name: /Descrizione/ })).toHaveValue('Rossi Mario');
    await userEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Esci senza salvare' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
