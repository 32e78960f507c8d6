import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../shared/session/session-storage.ts';
import { apiError, envelope, mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { LoginForm } from './login-form.tsx';

const loginData = {
  accessToken: 'jwt',
  refreshToken: 'refresh',
  username: 'demo@stabile.it',
  account: { versione: 1, gestioneAccessi: false, tipo: 'pro', nome: 'Studio Rossi' },
};

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByRole('textbox', { name: /email/i }), email);
  if (password) await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Accedi' }));
}

describe('login form', () => {
  it('asks for the missing fields one at a time, without calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />, { route: '/login' });

    await fillAndSubmit('', '');
    expect(screen.getByRole('textbox', { name: /email/i })).toHaveAccessibleDescription(
      'Manca un campo obbligatorio',
    );

    await fillAndSubmit('demo@stabile.it', '');
    expect(screen.getByLabelText(/^password/i)).toHaveAccessibleDescription('Manca un campo obbligatorio');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('names the button that shows the password in Italian', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />, { route: '/login' });
    expect(screen.getByRole('button', { name: 'Mostra o nascondi la password' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a 'one' account", async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'POST /user/login': () => apiError(117, 'Accesso riservato agli account Pro.', 403) }).fn,
    );
    const onLoggedIn = vi.fn();
    renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />, { route: '/login' });

    await fillAndSubmit('one@stabile.it', 'demo-stabile');

    expect(await screen.findByRole('alert')).toHaveTextContent('Accesso riservato agli account Pro.');
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(sessionStore.readSession()).toBeNull();
  });

  it('says in minutes how long to wait after too many attempts', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'POST /user/login': () =>
          new Response(
            JSON.stringify({
              data: null,
              error: { code: 121, message: 'Troppi tentativi. Riprova tra 4 minuti.', status: 429 },
            }),
            { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '200' } },
          ),
      }).fn,
    );
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />, { route: '/login' });

    await fillAndSubmit('demo@stabile.it', 'sbagliata');

    expect(await screen.findByRole('alert')).toHaveTextContent('Troppi tentativi. Riprova tra 4 minuti.');
  });

  it('shows wrong credentials', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'POST /user/login': () =>
          apiError(
            101,
            'Credenziali errate. Accedi con le tue attuali credenziali o recupera la password.',
            401,
          ),
      }).fn,
    );
    renderWithProviders(<LoginForm onLoggedIn={vi.fn()} />, { route: '/login' });

    await fillAndSubmit('demo@stabile.it', 'sbagliata');

    expect(await screen.findByRole('alert')).toHaveTextContent(/^Credenziali errate/);
  });

  it('keeps the session and sends keepLogin when "Rimani connesso" is ticked', async () => {
    const { fn, calls } = mockFetch({ 'POST /user/login': () => envelope(loginData) });
    vi.stubGlobal('fetch', fn);
    const onLoggedIn = vi.fn();
    renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />, { route: '/login' });

    await userEvent.click(screen.getByRole('checkbox', { name: /rimani connesso/i }));
    await fillAndSubmit('  demo@stabile.it ', 'demo-stabile');

    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
    expect(await calls[0]?.clone().json()).toEqual({
      username: 'demo@stabile.it',
      password: 'demo-stabile',
      keepLogin: true,
    });
    expect(sessionStore.readAccessToken()).toBe('jwt');
    expect(sessionStore.readSession()).toEqual({
      username: 'demo@stabile.it',
      keepLogin: true,
      account: loginData.account,
    });
  });
});
