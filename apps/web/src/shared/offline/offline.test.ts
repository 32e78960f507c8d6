import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../app/store.ts';
import { apiError, envelope, mockFetch } from '../../test/render.tsx';
import { api } from '../api/api.ts';
import { resetRefreshForTests } from '../api/base-query.ts';
import { registerNavigate } from '../session/navigation.ts';
import { sessionStore } from '../session/session-storage.ts';
import { offlineQueue } from './queue.ts';
import { isQueuedError } from './queued-error.ts';
import { markFresh, readCache, staleData } from './read-cache.ts';
import { flushQueue, retryQueued } from './sync.ts';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    read: build.query<unknown, string>({ query: (url) => url }),
    write: build.mutation<unknown, { url: string; method: string; body?: unknown }>({
      query: ({ url, method, body }) => ({ url, method, body }),
    }),
  }),
});

const session = {
  username: 'demo@stabile.it',
  keepLogin: false,
  account: { versione: 1, gestioneAccessi: false, tipo: 'pro' as const, nome: 'Studio' },
};

function loggedInStore() {
  sessionStore.writeAccessToken('token');
  sessionStore.writeSession(session);
  sessionStore.writeArchive({ id: 7, nome: 'Studio Rossi' });
  return makeStore();
}

const offlineFetch = async () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => {
  resetRefreshForTests();
  offlineQueue.resetForTests();
  readCache.clear();
  markFresh();
  registerNavigate(vi.fn());
  vi.spyOn(notifications, 'show').mockImplementation(() => 'id');
});
afterEach(() => {
  registerNavigate(null);
  vi.unstubAllGlobals();
});

describe('writes and the offline queue', () => {
  it('sends every write with a new Idempotency-Key', async () => {
    const { fn, calls } = mockFetch({ 'POST /api/attivita': () => envelope({ id: 1 }, { status: 201 }) });
    vi.stubGlobal('fetch', fn);
    const store = loggedInStore();
    await store.dispatch(
      probeApi.endpoints.write.initiate({ url: '/api/attivita', method: 'POST', body: {} }),
    );
    await store.dispatch(
      probeApi.endpoints.write.initiate({ url: '/api/attivita', method: 'POST', body: {} }),
    );
    const keys = calls.map((c) => c.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^web-[A-Za-z0-9-]{8,}$/);
    expect(keys[1]).toMatch(/^web-/);
    expect(keys[0]).not.toBe(keys[1]);
    expect(calls[0]?.headers.get('X-Stabile-Origine')).toBeNull();
    expect(offlineQueue.all()).toHaveLength(0);
  });

  it('keeps a write whose network failed, with the key it was sent with, once', async () => {
    const { fn, calls } = mockFetch({});
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      await fn(input, init);
      throw new TypeError('Failed to fetch');
    });
    const store = loggedInStore();
    const body = { condGenID: 5, titolo: 'Perdita' };
    const result = await store.dispatch(
      probeApi.endpoints.write.initiate({ url: '/api/attivita', method: 'POST', body }),
    );
    expect(isQueuedError(result.error)).toBe(true);
    const [entry] = offlineQueue.all();
    expect(entry).toMatchObject({
      method: 'POST',
      url: '/api/attivita',
      body,
      archiveId: 7,
      account: 'demo@stabile.it',
      state: 'pending',
    });
    expect(entry?.key).toBe(calls[0]?.headers.get('Idempotency-Key'));
    // The same form submitted again while offline is not queued twice.
    await store.dispatch(probeApi.endpoints.write.initiate({ url: '/api/attivita', method: 'POST', body }));
    expect(offlineQueue.all()).toHaveLength(1);
  });

  it('never queues getting a session or a file upload', async () => {
    vi.stubGlobal('fetch', offlineFetch);
    const store = loggedInStore();
    await store.dispatch(
      probeApi.endpoints.write.initiate({ url: '/api/db/login', method: 'POST', body: {} }),
    );
    const form = new FormData();
    form.append('x', '1');
    await store.dispatch(
      probeApi.endpoints.write.initiate({ url: '/api/allegati', method: 'POST', body: form }),
    );
    expect(offlineQueue.all()).toHaveLength(0);
  });

  it('sends the queue in order with each key, keeps a refusal with its reason, then retries it on the new version', async () => {
    const store = loggedInStore();
    const add = (url: string, method: string, body: unknown, key: string) =>
      offlineQueue.add({ key, account: 'demo@stabile.it', archiveId: 7, method, url, body });
    add('/api/attivita', 'POST', { titolo: 'Uno' }, 'key-00000001');
    add('/api/attivita/3/stato', 'PUT', { stato: 2, operatore: 'M', objVersion: 1 }, 'key-00000002');
    add('/api/attivita/3/eventi/nota', 'POST', { testo: 'n', operatore: 'M' }, 'key-00000003');
    const { fn, calls } = mockFetch({
      'POST /api/attivita': () => envelope({ id: 9 }, { status: 201 }),
      'PUT /api/attivita/3/stato': (r) =>
        r.headers.get('Idempotency-Key') === 'key-00000002'
          ? apiError(115, 'I dati sono stati modificati da un altro utente.', 409)
          : envelope({ id: 3, objVersion: 5 }),
      'POST /api/attivita/3/eventi/nota': () => envelope({ id: 1 }, { status: 201 }),
      'GET /api/attivita/3': () => envelope({ id: 3, objVersion: 4 }),
    });
    vi.stubGlobal('fetch', fn);

    await flushQueue({ getState: store.getState, dispatch: store.dispatch });
    expect(
      calls.map((c) => `${c.method} ${new URL(c.url).pathname} ${c.headers.get('Idempotency-Key')}`),
    ).toEqual([
      'POST /api/attivita key-00000001',
      'PUT /api/attivita/3/stato key-00000002',
      'POST /api/attivita/3/eventi/nota key-00000003',
    ]);
    expect(calls[0]?.headers.get('X-Archive-Id')).toBe('7');
    // The server's history marks these changes as sent again after a time offline.
    expect(calls.map((c) => c.headers.get('X-Stabile-Origine'))).toEqual(['coda', 'coda', 'coda']);
    const [refused, ...rest] = offlineQueue.all();
    expect(rest).toHaveLength(0);
    expect(refused).toMatchObject({
      state: 'refused',
      reason: { code: 115, status: 409, message: 'I dati sono stati modificati da un altro utente.' },
    });

    await retryQueued(refused as NonNullable<typeof refused>, {
      getState: store.getState,
      dispatch: store.dispatch,
    });
    const retried = calls.at(-1) as Request;
    expect(retried.headers.get('Idempotency-Key')).not.toBe('key-00000002');
    expect(await retried.json()).toEqual({ stato: 2, operatore: 'M', objVersion: 4 });
    expect(offlineQueue.all()).toHaveLength(0);
  });

  it('stops the round when the network fails and keeps the write pending', async () => {
    const store = loggedInStore();
    offlineQueue.add({
      key: 'key-00000010',
      account: 'demo@stabile.it',
      archiveId: 7,
      method: 'POST',
      url: '/api/attivita',
      body: {},
    });
    vi.stubGlobal('fetch', offlineFetch);
    await flushQueue({ getState: store.getState, dispatch: store.dispatch });
    expect(offlineQueue.all()).toMatchObject([{ key: 'key-00000010', state: 'pending' }]);
  });
});

describe('reading offline', () => {
  it('answers a read with its last answer kept on the device, and says the data are not up to date', async () => {
    const { fn } = mockFetch({ 'GET /api/attivita': () => envelope([{ id: 1, titolo: 'Kept' }]) });
    vi.stubGlobal('fetch', fn);
    const store = loggedInStore();
    await store.dispatch(probeApi.endpoints.read.initiate('/api/attivita?pageNumber=1'));
    expect(staleData.since()).toBeNull();

    vi.stubGlobal('fetch', offlineFetch);
    const fresh = makeStore();
    const result = await fresh.dispatch(probeApi.endpoints.read.initiate('/api/attivita?pageNumber=1'));
    expect(result.data).toEqual([{ id: 1, titolo: 'Kept' }]);
    expect(staleData.since()).not.toBeNull();

    // Another request was never read: an error, as before.
    const other = await fresh.dispatch(probeApi.endpoints.read.initiate('/api/attivita?pageNumber=2'));
    expect(other.error).toMatchObject({ status: 0 });
  });
});
