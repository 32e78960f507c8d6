import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-storage.ts';
import { apiError, envelope, mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { ArchiveChooser } from './archive-chooser.tsx';

const base = {
  gestioneAccessi: false,
  revisioneDati: 3,
  revisioneRichiesta: 3,
  pubblicatoPortale: false,
  ultimoAccesso: null,
  sbloccato: false,
};
const archives = [
  { ...base, id: 1, nome: 'Studio Rossi', protezione: 'none' },
  { ...base, id: 2, nome: 'Archivio protetto', protezione: 'password' },
  { ...base, id: 3, nome: 'Archivio utenti', protezione: 'users', gestioneAccessi: true },
];
const permessi = {
  accAllegatiOn: true,
  accAttivitaOn: true,
  accImpiantiOn: true,
  accPersoneOn: true,
  accFornitoriOn: true,
};
const account = { versione: 1, gestioneAccessi: false, tipo: 'pro' as const, nome: 'Studio' };
const auth = {
  status: 'authenticated' as const,
  accessToken: 't',
  username: 'demo@stabile.it',
  account,
  gestioneAccessi: false,
  permissions: null,
};

function openInfo(id: number, nome: string, extra: object = {}) {
  return envelope({
    aperto: true,
    info: {
      ...base,
      id,
      nome,
      protezione: 'password',
      pid: null,
      mioCondominioPremiumAbilitato: false,
      utente: null,
      permessi,
      ...extra,
    },
  });
}

describe('archive chooser', () => {
  it('lists the archives with the preferred one first', async () => {
    sessionStore.writePreferredArchive('demo@stabile.it', 3);
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/db': () => envelope(archives) }).fn);
    renderWithProviders(<ArchiveChooser />, { preloadedState: { auth } });

    const items = await screen.findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Archivio utentiGestione utentiUltimo usato'),
      expect.stringContaining('Archivio protettoProtetto da password'),
      expect.stringContaining('Studio RossiAccesso libero'),
    ]);
  });

  it('asks the password of a protected archive, shows a wrong one, then opens it', async () => {
    let attempts = 0;
    const { fn, calls } = mockFetch({
      'GET /api/db': () => envelope(archives),
      'POST /api/db/login': () => {
        attempts += 1;
        return attempts === 1
          ? apiError(103, "La password dell'archivio è errata.", 401)
          : envelope({ archivioId: 2, sbloccato: true });
      },
      'GET /api/db/open': () => openInfo(2, 'Archivio protetto'),
    });
    vi.stubGlobal('fetch', fn);
    const user = userEvent.setup();
    const { store } = renderWithProviders(<ArchiveChooser />, { preloadedState: { auth } });

    await user.click(await screen.findByText('Archivio protetto'));
    const dialog = await screen.findByRole('dialog', { name: 'Archivio protetto' });
    await user.type(within(dialog).getByLabelText(/password dell.archivio/i), 'sbagliata');
    await user.click(within(dialog).getByRole('button', { name: 'Apri' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("La password dell'archivio è errata.");
    expect(store.getState().general.archive).toBeNull();

    await user.clear(within(dialog).getByLabelText(/password dell.archivio/i));
    await user.type(within(dialog).getByLabelText(/password dell.archivio/i), 'archivio-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Apri' }));

    await waitFor(() =>
      expect(store.getState().general.archive).toEqual({ id: 2, nome: 'Archivio protetto' }),
    );
    const unlock = calls.filter((c) => new URL(c.url).pathname === '/api/db/login').at(-1);
    expect(unlock?.headers.get('X-Archive-Id')).toBe('2');
    expect(await unlock?.clone().json()).toEqual({ password: 'archivio-2026' });
    expect(sessionStore.readPreferredArchive('demo@stabile.it')).toBe(2);
  });

  it('with user management asks user and password and keeps the permissions', async () => {
    const { fn } = mockFetch({
      'GET /api/db': () => envelope(archives),
      'GET /api/db/userManagement/users': () =>
        envelope([
          { id: 11, username: 'mario.rossi', nome: 'Mario Rossi', disattivato: false },
          { id: 12, username: 'giulia.bianchi', nome: 'Giulia Bianchi', disattivato: false },
        ]),
      'POST /api/db/userManagement/login': () => envelope({ archivioId: 3, sbloccato: true }),
      'GET /api/db/open': () =>
        openInfo(3, 'Archivio utenti', {
          gestioneAccessi: true,
          utente: { id: 12, username: 'giulia.bianchi', nome: 'Giulia Bianchi', ruolo: 'User' },
          permessi: { ...permessi, accFornitoriOn: false, accImpiantiOn: false },
        }),
    });
    vi.stubGlobal('fetch', fn);
    const user = userEvent.setup();
    const { store } = renderWithProviders(<ArchiveChooser />, { preloadedState: { auth } });

    await user.click(await screen.findByText('Archivio utenti'));
    const dialog = await screen.findByRole('dialog', { name: 'Accesso all’archivio' });
    await user.type(within(dialog).getByRole('combobox', { name: /utente/i }), 'giulia');
    await user.click(await screen.findByRole('option', { name: /giulia\.bianchi/, hidden: true }));
    await user.type(within(dialog).getByLabelText(/^password/i), 'giulia-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Apri' }));

    await waitFor(() => expect(store.getState().general.archive?.id).toBe(3));
    expect(store.getState().auth.gestioneAccessi).toBe(true);
    expect(store.getState().auth.permissions).toMatchObject({
      login: 'Giulia Bianchi',
      accFornitoriOn: false,
    });
  });
});
