import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { apiError, envelope, mockFetch } from '../../test/render.tsx';
import { resetRefreshForTests } from '../api/base-query.ts';
import { registerNavigate } from '../session/navigation.ts';
import { sessionStore } from '../session/session-storage.ts';
import { bootstrapSession, openArchive } from './session-thunks.ts';

const session = {
  username: 'demo@stabile.it',
  keepLogin: true,
  account: { versione: 1, gestioneAccessi: false, tipo: 'pro' as const, nome: 'Studio' },
};
const archive = { id: 7, nome: 'Studio Rossi' };

const isLogged = () =>
  envelope({
    versione: 1,
    gestioneAccessi: false,
    gestioneAccessiData: null,
    username: session.username,
    tipo: 'pro',
    nome: 'Studio',
  });
const opened = () =>
  envelope({
    aperto: true,
    info: {
      ...archive,
      protezione: 'nessuna',
      gestioneAccessi: false,
      revisioneDati: 1,
      revisioneRichiesta: 1,
      pubblicatoPortale: false,
      ultimoAccesso: null,
      pid: null,
      mioCondominioPremiumAbilitato: false,
      utente: null,
      permessi: {
        accAllegatiOn: true,
        accAttivitaOn: true,
        accImpiantiOn: true,
        accPersoneOn: true,
        accFornitoriOn: true,
      },
    },
  });
const unavailable = () => new Response('<html>Service Unavailable</html>', { status: 503 });

/** A reload: the login and the archive in use are stored, the store starts from them. */
function reloadedStore(accessToken: string | null = 'token') {
  if (accessToken) sessionStore.writeAccessToken(accessToken);
  sessionStore.writeSession(session);
  sessionStore.writeArchive(archive);
  return makeStore();
}

let navigate: ReturnType<typeof vi.fn<(to: string, options?: { replace?: boolean }) => void>>;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetRefreshForTests();
  navigate = vi.fn<(to: string, options?: { replace?: boolean }) => void>();
  registerNavigate(navigate);
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});

afterEach(() => {
  registerNavigate(null);
  vi.unstubAllGlobals();
});

describe('the session checked on load', () => {
  it('a 503 of the session check keeps the login and the archive, and the next check gets in', async () => {
    let up = false;
    const { fn } = mockFetch({
      'GET /user/islogged': () => (up ? isLogged() : unavailable()),
      'GET /api/db/open': () => opened(),
    });
    vi.stubGlobal('fetch', fn);
    const store = reloadedStore();

    await store.dispatch(bootstrapSession());

    expect(store.getState().auth.status).toBe('unreachable');
    expect(sessionStore.readSession()).toEqual(session);
    expect(sessionStore.readAccessToken()).toBe('token');
    expect(sessionStore.readArchive()).toEqual(archive);
    expect(navigate).not.toHaveBeenCalled();

    up = true;
    await store.dispatch(bootstrapSession());
    expect(store.getState().auth.status).toBe('authenticated');
    expect(store.getState().general.archive).toEqual(archive);
  });

  it('no answer when the archive in use is reopened keeps it in use', async () => {
    const { fn } = mockFetch({
      'GET /user/islogged': () => isLogged(),
      'GET /api/db/open': () => unavailable(),
    });
    vi.stubGlobal('fetch', fn);
    const store = reloadedStore();

    await store.dispatch(bootstrapSession());

    expect(store.getState().auth.status).toBe('unreachable');
    expect(store.getState().general.archive).toEqual(archive);
    expect(sessionStore.readArchive()).toEqual(archive);
    // The panel says it once: no toast beside it.
    expect(notifications.show).not.toHaveBeenCalled();
  });

  it('a new tab whose token renewal gets no answer keeps the login', async () => {
    const { fn } = mockFetch({ 'POST /user/refresh': () => unavailable() });
    vi.stubGlobal('fetch', fn);
    const store = reloadedStore(null);

    await store.dispatch(bootstrapSession());

    expect(store.getState().auth.status).toBe('unreachable');
    expect(sessionStore.readSession()).toEqual(session);
  });

  it('a session the server refuses ends: nothing stored, unauthenticated', async () => {
    const { fn } = mockFetch({
      'GET /user/islogged': () => apiError(111, 'Sessione scaduta.', 401),
      'POST /user/refresh': () => apiError(111, 'Sessione scaduta.', 401),
    });
    vi.stubGlobal('fetch', fn);
    const store = reloadedStore();

    await store.dispatch(bootstrapSession());

    expect(store.getState().auth.status).toBe('unauthenticated');
    expect(sessionStore.readSession()).toBeNull();
    expect(sessionStore.readArchive()).toBeNull();
  });

  it('an archive the server refuses is left: back to the chooser', async () => {
    const { fn } = mockFetch({
      'GET /user/islogged': () => isLogged(),
      'GET /api/db/open': () => apiError(100, 'Archivio non disponibile.', 403),
    });
    vi.stubGlobal('fetch', fn);
    const store = reloadedStore();

    await store.dispatch(bootstrapSession());

    expect(store.getState().auth.status).toBe('authenticated');
    expect(store.getState().general.archive).toBeNull();
    expect(notifications.show).not.toHaveBeenCalled();
  });
});

describe('an archive opened from the chooser', () => {
  it('without an answer, is not opened and a toast says why', async () => {
    const { fn } = mockFetch({ 'GET /api/db/open': () => unavailable() });
    vi.stubGlobal('fetch', fn);
    sessionStore.writeAccessToken('token');
    sessionStore.writeSession(session);
    const store = makeStore();

    expect(await store.dispatch(openArchive(archive)).unwrap()).toBe('refused');

    expect(store.getState().general.archive).toBeNull();
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red' }));
  });
});
