import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { apiError, envelope, mockFetch } from '../../test/render.tsx';
import { registerNavigate } from '../session/navigation.ts';
import { sessionStore } from '../session/session-storage.ts';
import { api } from './api.ts';
import { resetRefreshForTests } from './base-query.ts';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (url) => url }),
    probeHandled: build.query<unknown, string>({
      query: (url) => url,
      extraOptions: { handledCodes: [103] },
    }),
  }),
});

const session = {
  username: 'demo@stabile.it',
  keepLogin: false,
  account: { versione: 1, gestioneAccessi: false, tipo: 'pro' as const, nome: 'Studio' },
};

function loggedInStore(token = 'old-token') {
  sessionStore.writeAccessToken(token);
  sessionStore.writeSession(session);
  sessionStore.writeArchive({ id: 7, nome: 'Studio Rossi' });
  return makeStore();
}

let navigate: ReturnType<typeof vi.fn<(to: string, options?: { replace?: boolean }) => void>>;
let toast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetRefreshForTests();
  navigate = vi.fn<(to: string, options?: { replace?: boolean }) => void>();
  registerNavigate(navigate);
  toast = vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});

afterEach(() => registerNavigate(null));

describe('base query', () => {
  it('sends the bearer and archive headers, unwraps data and reads x-pagination', async () => {
    const pagination = { totalCount: 40, currentPage: 2, pageSize: 15, totalPages: 3 };
    const { fn, calls } = mockFetch({
      'GET /api/attivita': () =>
        envelope([{ id: 1 }], { headers: { 'x-pagination': JSON.stringify(pagination) } }),
    });
    vi.stubGlobal('fetch', fn);
    const store = loggedInStore();

    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/attivita?pageNumber=2'));

    expect(result.data).toEqual([{ id: 1 }]);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer old-token');
    expect(calls[0]?.headers.get('X-Archive-Id')).toBe('7');
    const meta = probeApi.endpoints.probe.select('/api/attivita?pageNumber=2')(store.getState());
    expect(meta.data).toEqual([{ id: 1 }]);
    expect(toast).not.toHaveBeenCalled();
  });

  it('refreshes an expired token once for concurrent calls, then retries them', async () => {
    let refreshes = 0;
    const { fn, calls } = mockFetch({
      'GET /api/a': (r) =>
        r.headers.get('Authorization') === 'Bearer new-token'
          ? envelope('a')
          : apiError(111, 'Sessione scaduta.', 401),
      'GET /api/b': (r) =>
        r.headers.get('Authorization') === 'Bearer new-token'
          ? envelope('b')
          : apiError(111, 'Sessione scaduta.', 401),
      'POST /user/refresh': async () => {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return envelope({ accessToken: 'new-token', refreshToken: 'r2' });
      },
    });
    vi.stubGlobal('fetch', fn);
    const store = loggedInStore();

    const [a, b] = await Promise.all([
      store.dispatch(probeApi.endpoints.probe.initiate('/api/a')),
      store.dispatch(probeApi.endpoints.probe.initiate('/api/b')),
    ]);

    expect(a.data).toBe('a');
    expect(b.data).toBe('b');
    expect(refreshes).toBe(1);
    const refreshCall = calls.find((c) => new URL(c.url).pathname === '/user/refresh');
    expect(refreshCall?.credentials).toBe('include');
    expect(store.getState().auth.accessToken).toBe('new-token');
    expect(sessionStore.readAccessToken()).toBe('new-token');
    expect(toast).not.toHaveBeenCalled();
  });

  it('ends the session when the refresh fails: message, nothing stored, login page', async () => {
    const { fn } = mockFetch({
      'GET /api/a': () => apiError(111, 'Sessione scaduta.', 401),
      'POST /user/refresh': () => apiError(111, 'Sessione scaduta.', 401),
    });
    vi.stubGlobal('fetch', fn);
    const store = loggedInStore();

    await store.dispatch(probeApi.endpoints.probe.initiate('/api/a'));

    // Logout resets every slice, the api cache included.
    expect(store.getState().auth.accessToken).toBeNull();
    expect(store.getState().general.archive).toBeNull();
    expect(sessionStore.readSession()).toBeNull();
    expect(sessionStore.readAccessToken()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Sessione scaduta' }));
  });

  it('keeps the session when the refresh gets no answer (a 503 of a proxy): the call fails as offline', async () => {
    const { fn } = mockFetch({
      'GET /api/a': () => apiError(111, 'Sessione scaduta.', 401),
      'POST /user/refresh': () => new Response('<html>Service Unavailable</html>', { status: 503 }),
    });
    vi.stubGlobal('fetch', fn);
    const store = loggedInStore();

    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/a'));

    expect(result.error).toMatchObject({ status: 0 });
    expect(sessionStore.readSession()).toEqual(session);
    expect(store.getState().general.archive).toEqual({ id: 7, nome: 'Studio Rossi' });
    expect(navigate).not.toHaveBeenCalled();
    expect(toast).not.toHaveBeenCalledWith(expect.objectContaining({ title: 'Sessione scaduta' }));
  });

  it('102 or 104 with HTTP 401 unsets the archive and goes home', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/a': () => apiError(104, 'Password utente errata', 401) }).fn,
    );
    const store = loggedInStore();

    await store.dispatch(probeApi.endpoints.probe.initiate('/api/a'));

    expect(store.getState().general.archive).toBeNull();
    expect(sessionStore.readArchive()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it('105 opens the "database not updated" modal', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/a': () => apiError(105, 'Da aggiornare', 409) }).fn);
    const store = loggedInStore();

    await store.dispatch(probeApi.endpoints.probe.initiate('/api/a'));

    expect(store.getState().modals.status.databaseNotUpdated).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('other codes show an error toast with the catalogue message', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/a': () => apiError(115, 'Operazione non consentita nello stato attuale.', 409) })
        .fn,
    );
    const store = loggedInStore();

    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/a'));

    expect(result.error).toEqual({
      code: 115,
      message: 'Operazione non consentita nello stato attuale.',
      status: 409,
    });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'Operazione non consentita nello stato attuale.' }),
    );
  });

  it('leaves codes the endpoint handles to the caller', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/a': () => apiError(103, 'Password errata', 401) }).fn);
    const store = loggedInStore();

    const result = await store.dispatch(probeApi.endpoints.probeHandled.initiate('/api/a'));

    expect(result.error).toMatchObject({ code: 103 });
    expect(toast).not.toHaveBeenCalled();
    expect(store.getState().general.archive).not.toBeNull();
  });

  it('an unreadable error body becomes 999 with the generic Italian message', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/a': () => new Response('<html>Bad gateway</html>', { status: 502 }) }).fn,
    );
    const store = loggedInStore();

    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/a'));

    expect(result.error).toMatchObject({
      code: 999,
      message: 'Abbiamo riscontrato un errore inaspettato',
      status: 502,
    });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Abbiamo riscontrato un errore inaspettato' }),
    );
  });

  it('a network failure says the server cannot be reached', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const store = loggedInStore();

    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/a'));

    expect(result.error).toMatchObject({ code: 999, status: 0 });
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringContaining('Impossibile contattare il server') }),
    );
  });

  it('shows one toast per message, without the field path the server appends', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({
        'GET /api/x': () => apiError(113, 'La data non è valida (dataConcludereEntro)', 400),
        'GET /api/y': () => apiError(113, 'La data non è valida (dataConcludereEntro)', 400),
      }).fn,
    );
    const store = loggedInStore();
    await Promise.all([
      store.dispatch(probeApi.endpoints.probe.initiate('/api/x')),
      store.dispatch(probeApi.endpoints.probe.initiate('/api/y')),
    ]);
    const shown = toast.mock.calls.map((call: unknown[]) => call[0] as { id?: string; message: string });
    expect(shown.map((n: { message: string }) => n.message)).toEqual([
      'La data non è valida',
      'La data non è valida',
    ]);
    // The same id: the toasts' store shows the second one as the first, not again.
    expect(new Set(shown.map((n: { id?: string }) => n.id)).size).toBe(1);
  });

  it('adds no "server unreachable" toast while offline: the connection toast already says why', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const store = loggedInStore();
    const result = await store.dispatch(probeApi.endpoints.probe.initiate('/api/persona'));
    expect(result.error).toBeDefined();
    expect(toast).not.toHaveBeenCalled();
    online.mockRestore();
  });
});
