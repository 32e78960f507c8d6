import { notifications } from '@mantine/notifications';
import { readApiError } from '@stabile/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { apiError, mockFetch, renderWithProviders } from '../../test/render.tsx';
import { api } from '../api/api.ts';
import { resetRefreshForTests } from '../api/base-query.ts';
import { registerNavigate } from '../session/navigation.ts';
import { sessionStore } from '../session/session-storage.ts';

/**
 * Spec section 8: an answer without a catalogue code says what its HTTP status means, 401 'La password
 * è errata' and 403 'Account non autorizzato'; any other status the generic 999 message.
 */
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({ statusProbe: build.query<unknown, string>({ query: (url) => url }) }),
});

const bare = (status: number) => () => new Response('<html>proxy</html>', { status });

let toast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetRefreshForTests();
  registerNavigate(vi.fn());
  toast = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});

afterEach(() => {
  registerNavigate(null);
  toast.mockRestore();
});

function loggedInStore() {
  sessionStore.writeAccessToken('token');
  sessionStore.writeArchive({ id: 7, nome: 'Studio Rossi' });
  return makeStore();
}

describe('HTTP 401 and 403 messages', () => {
  it('the contract reads a body without a code by its status', () => {
    expect(readApiError(null, 401).message).toBe('La password è errata');
    expect(readApiError('x', 403).message).toBe('Account non autorizzato');
    expect(readApiError({}, 500).message).toBe('Abbiamo riscontrato un errore inaspettato');
    // A body with a code keeps its own message.
    expect(
      readApiError({ data: null, error: { code: 120, message: 'Vietato.', status: 403 } }, 403).message,
    ).toBe('Vietato.');
  });

  it("a 403 without a code shows the toast 'Account non autorizzato'", async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/fornitore': bare(403) }).fn);
    const store = loggedInStore();
    const result = await store.dispatch(probeApi.endpoints.statusProbe.initiate('/api/fornitore'));
    expect(result.error).toMatchObject({ status: 403, message: 'Account non autorizzato' });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Account non autorizzato' }));
  });

  it('a 500 without a code keeps the generic message', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/fornitore': bare(500) }).fn);
    const store = loggedInStore();
    const result = await store.dispatch(probeApi.endpoints.statusProbe.initiate('/api/fornitore?p=2'));
    expect(result.error).toMatchObject({ message: 'Abbiamo riscontrato un errore inaspettato' });
  });

  it("the login form shows 'La password è errata' for a 401 without a code, the code's own text otherwise", async () => {
    const routes: Record<string, () => Response> = { 'POST /user/login': bare(401) };
    vi.stubGlobal('fetch', mockFetch(routes).fn);
    const user = userEvent.setup();
    renderWithProviders(<LoginForm onLoggedIn={() => {}} />, { route: '/login' });
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'demo@stabile.it');
    await user.type(screen.getByLabelText(/^password/i), 'sbagliata');
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('La password è errata')).toBeInTheDocument();

    routes['POST /user/login'] = () => apiError(101, 'Credenziali errate.', 401);
    await user.click(screen.getByRole('button', { name: 'Accedi' }));
    expect(await screen.findByText('Credenziali errate.')).toBeInTheDocument();
    expect(screen.queryByText('La password è errata')).not.toBeInTheDocument();
  }, 30_000);
});
