import { notifications } from '@mantine/notifications';
import { ORIGIN_HEADER, ORIGIN_QUEUE, REQUEST_TIMEOUT_MS, readApiError } from '@stabile/contract';
import { api, TAG_TYPES } from '../api/api.ts';
import { refreshAccessToken } from '../api/base-query.ts';
import { sessionStore } from '../session/session-storage.ts';
import { newIdempotencyKey, offlineQueue, type QueuedWrite } from './queue.ts';
import { offlineTexts } from './texts.ts';

/** What the sender needs of the store (typed locally to keep the store out of this module). */
export interface SyncDeps {
  getState: () => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: the store's dispatch accepts thunks and actions alike
  dispatch: (action: any) => any;
}

interface SessionView {
  auth: { accessToken: string | null };
}

type Outcome =
  | { kind: 'network' }
  | { kind: 'http'; ok: boolean; status: number; body: unknown; retryAfter: string | null };

const currentAccount = () => sessionStore.readSession()?.username ?? null;

function headersOf(
  entry: Pick<QueuedWrite, 'archiveId'>,
  token: string,
  key?: string,
): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', Authorization: `Bearer ${token}` };
  if (entry.archiveId !== null) headers['X-Archive-Id'] = String(entry.archiveId);
  if (key) headers['Idempotency-Key'] = key;
  return headers;
}

async function send(entry: QueuedWrite, token: string): Promise<Outcome> {
  const headers = headersOf(entry, token, entry.key);
  if (entry.body !== undefined) headers['Content-Type'] = 'application/json';
  // The server records the change as a replay of an offline write (its history says so).
  headers[ORIGIN_HEADER] = ORIGIN_QUEUE;
  try {
    const response = await fetch(entry.url, {
      method: entry.method,
      headers,
      credentials: 'same-origin',
      ...(entry.body === undefined ? {} : { body: JSON.stringify(entry.body) }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    let body: unknown = null;
    try {
      body = await response.json();
    } catch {
      body = null;
    }
    return {
      kind: 'http',
      ok: response.ok,
      status: response.status,
      body,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch {
    return { kind: 'network' };
  }
}

let running: Promise<void> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | null = null;

function scheduleRetry(deps: SyncDeps, seconds: number): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(
    () => {
      retryTimer = null;
      void flushQueue(deps);
    },
    Math.min(Math.max(seconds, 1), 60) * 1000,
  );
}

/**
 * Sends the account's pending writes in order, each with its Idempotency-Key. A success leaves the
 * queue; a refusal (409 objVersion or 115, 120, 113, 122...) stays with its reason for the user to
 * decide; a missing connection, a busy server (429, 5xx, 124) or an expired token stops the round,
 * which is tried again later. Rounds never overlap.
 */
export function flushQueue(deps: SyncDeps): Promise<void> {
  running ??= run(deps).finally(() => {
    running = null;
  });
  return running;
}

async function run(deps: SyncDeps): Promise<void> {
  let sent = 0;
  let refused = 0;
  for (;;) {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) break;
    const account = currentAccount();
    const entry = offlineQueue.all().find((e) => e.account === account && e.state === 'pending');
    if (!entry) break;
    const token = (deps.getState() as SessionView).auth.accessToken;
    if (!token) break;
    offlineQueue.update(entry.id, { state: 'sending' });
    let outcome = await send(entry, token);
    if (outcome.kind === 'http' && outcome.status === 401) {
      const renewal = await refreshAccessToken(deps.dispatch);
      // No answer from the server: the entry waits as it does when the network fails.
      if (renewal.kind === 'unreachable') outcome = { kind: 'network' };
      else if (renewal.kind === 'renewed') outcome = await send(entry, renewal.token);
    }
    if (outcome.kind === 'network') {
      offlineQueue.update(entry.id, { state: 'pending' });
      scheduleRetry(deps, 10);
      break;
    }
    if (outcome.ok) {
      offlineQueue.remove(entry.id);
      sent += 1;
      continue;
    }
    if (outcome.status === 401 || outcome.status === 429 || outcome.status >= 500) {
      offlineQueue.update(entry.id, { state: 'pending' });
      scheduleRetry(deps, Number(outcome.retryAfter) || 10);
      break;
    }
    const error = readApiError(outcome.body, outcome.status);
    offlineQueue.update(entry.id, {
      state: 'refused',
      reason: { code: error.code, status: outcome.status, message: error.message },
    });
    refused += 1;
  }
  if (sent > 0 || refused > 0) deps.dispatch(api.util.invalidateTags([...TAG_TYPES]));
  if (sent > 0)
    notifications.show({ id: 'offline-sent', color: 'green', message: offlineTexts.sentToast(sent) });
  if (refused > 0)
    notifications.show({ id: 'offline-refused', color: 'orange', message: offlineTexts.refusedToast });
}

/** The entity's current objVersion: the write's own path read, then its parents (at most three). */
async function currentVersion(entry: QueuedWrite, token: string): Promise<number | null> {
  const segments = (entry.url.split('?')[0] ?? entry.url).split('/');
  for (let drop = 0; drop < 3 && segments.length - drop > 2; drop++) {
    const path = segments.slice(0, segments.length - drop).join('/');
    try {
      const response = await fetch(path, { headers: headersOf(entry, token), credentials: 'same-origin' });
      if (!response.ok) continue;
      const body = (await response.json()) as { data?: { objVersion?: unknown } | null };
      const version = body.data?.objVersion;
      if (typeof version === 'number') return version;
    } catch {
      return null;
    }
  }
  return null;
}

export function hasVersion(entry: Pick<QueuedWrite, 'url' | 'body'>): boolean {
  const body = entry.body;
  return (
    (typeof body === 'object' && body !== null && 'objVersion' in body) || /[?&]objVersion=/.test(entry.url)
  );
}

/**
 * The user's "retry": a refused write is sent again on the entity's current version (when it carries
 * one), with a new Idempotency-Key since it is now another request.
 */
export async function retryQueued(entry: QueuedWrite, deps: SyncDeps): Promise<void> {
  let { body, url } = entry;
  const token = (deps.getState() as SessionView).auth.accessToken;
  if (hasVersion(entry) && token) {
    const version = await currentVersion(entry, token);
    if (version !== null) {
      if (typeof body === 'object' && body !== null && 'objVersion' in body)
        body = { ...body, objVersion: version };
      url = url.replace(/([?&]objVersion=)\d+/, `$1${version}`);
    }
  }
  offlineQueue.update(entry.id, { body, url, key: newIdempotencyKey(), state: 'pending', reason: undefined });
  await flushQueue(deps);
}

export function discardQueued(entry: QueuedWrite): void {
  offlineQueue.remove(entry.id);
}
