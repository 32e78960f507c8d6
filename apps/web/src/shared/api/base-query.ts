import { notifications } from '@mantine/notifications';
import type { BaseQueryApi, BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query';
import {
  ArchiveApi,
  AuthPath,
  ErrorCode,
  PAGINATION_HEADER,
  type Pagination,
  parsePaginationHeader,
  REQUEST_TIMEOUT_MS,
  readApiError,
} from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';
import { isNativeWrapper } from '../native/native-bridge.ts';
import { newIdempotencyKey, offlineQueue } from '../offline/queue.ts';
import { QUEUED_ERROR } from '../offline/queued-error.ts';
import { markFresh, markStale, readCache, readCacheKey } from '../offline/read-cache.ts';
import { offlineTexts } from '../offline/texts.ts';
import { navigateTo } from '../session/navigation.ts';
import { sessionStore } from '../session/session-storage.ts';
import { accessTokenRefreshed } from '../state/auth-slice.ts';
import { archiveUnset } from '../state/general-slice.ts';
import { modalOpened } from '../state/modals-slice.ts';
import { loggedOut, resetState } from '../state/store-actions.ts';
import type { ApiErrorResult, ApiExtraOptions, ApiMeta } from './api-types.ts';
import { withoutFieldName } from './error-message.ts';
import { tooManyAttemptsMessage } from './retry-after.ts';

/** The part of the store the base query reads (typed locally to keep the store out of this module). */
interface SessionView {
  auth: { accessToken: string | null };
  general: { archive: { id: number } | null };
}

const origin = () => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/** Calls that are part of getting a session: a 401 there is an answer, not an expired token. */
const SESSION_PATHS: readonly string[] = [
  AuthPath.login,
  AuthPath.loginMobile,
  AuthPath.refresh,
  AuthPath.logout,
  AuthPath.passwordRecovery,
  AuthPath.passwordReset,
  AuthPath.unattended,
];

/** The account and archive calls: getting a session or unlocking an archive is never queued. */
const UNQUEUED_PATHS: ReadonlySet<string> = new Set([
  ...Object.values(AuthPath),
  ...Object.values(ArchiveApi).map((call) => call.path),
]);

const rawBaseQuery = fetchBaseQuery({
  baseUrl: origin(),
  timeout: REQUEST_TIMEOUT_MS,
  credentials: 'same-origin',
  prepareHeaders: (headers, { getState }) => {
    const state = getState() as SessionView;
    const token = state.auth.accessToken;
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    const archive = state.general.archive;
    if (archive && !headers.has('X-Archive-Id')) headers.set('X-Archive-Id', String(archive.id));
    if (!headers.has('Accept')) headers.set('Accept', 'application/json');
    return headers;
  },
});

function pathOf(args: string | FetchArgs): string {
  const url = typeof args === 'string' ? args : args.url;
  return url.split('?')[0] ?? url;
}

// ---------------------------------------------------------------------------------------------
// Refresh: ONE request shared by every call that found its access token expired.
// ---------------------------------------------------------------------------------------------

/**
 * What renewing the access token gave: a new token, the end of the session (the server refused the
 * refresh cookie), or no answer from the server (a network failure, a timeout, a 5xx of a proxy
 * during a deploy, a 429), in which case the session may well be alive and is kept.
 */
export type Renewal = { kind: 'renewed'; token: string } | { kind: 'ended' } | { kind: 'unreachable' };

/** A status that says nothing about the request or the session: try again later, forget nothing. */
export function isServerUnavailable(status: number | undefined): boolean {
  if (status === undefined) return false;
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

let refreshInFlight: Promise<Renewal> | null = null;

/**
 * POST /user/refresh with the httpOnly cookie (the web app never reads the refresh token). Concurrent
 * callers share the same promise.
 */
export function refreshAccessToken(dispatch: BaseQueryApi['dispatch']): Promise<Renewal> {
  refreshInFlight ??= (async (): Promise<Renewal> => {
    try {
      const response = await fetch(new URL(AuthPath.refresh, origin()), {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      if (isServerUnavailable(response.status)) return { kind: 'unreachable' };
      if (!response.ok) return { kind: 'ended' };
      const body = (await response.json()) as { data?: { accessToken?: unknown } | null };
      const token = body.data?.accessToken;
      if (typeof token !== 'string' || token === '') return { kind: 'ended' };
      sessionStore.writeAccessToken(token);
      dispatch(accessTokenRefreshed(token));
      return { kind: 'renewed', token };
    } catch {
      return { kind: 'unreachable' };
    } finally {
      refreshInFlight = null;
    }
  })();
  return refreshInFlight;
}

/** Test hook: forget a refresh left pending by a test. */
export function resetRefreshForTests(): void {
  refreshInFlight = null;
}

// ---------------------------------------------------------------------------------------------
// Session end and error handling (spec section 8)
// ---------------------------------------------------------------------------------------------

export function loginPath(): string {
  return isNativeWrapper() ? '/mobileLogin' : '/login';
}

/** The session cannot be renewed: say so, forget every login data, go to the login page. */
export function expireSession(dispatch: BaseQueryApi['dispatch']): void {
  sessionStore.clearLoginData();
  dispatch(loggedOut());
  notifications.show({
    id: 'session-expired',
    color: 'red',
    title: i18n.t('errors:sessionExpiredTitle'),
    message: i18n.t('errors:sessionExpired'),
  });
  navigateTo(loginPath(), { replace: true });
}

/**
 * One toast per message: the same error from two calls at once (two lists failing alike) shows once,
 * and never with the field path some server messages append.
 */
export function showErrorToast(message: string): void {
  const text = withoutFieldName(message);
  notifications.show({
    id: `error:${text}`,
    color: 'red',
    title: i18n.t('errors:toastErrorTitle'),
    message: text,
  });
}

function handleError(error: ApiErrorResult, dispatch: BaseQueryApi['dispatch'], options: ApiExtraOptions) {
  if (error.code === ErrorCode.Unauthenticated) {
    expireSession(dispatch);
    return;
  }
  const handled = options.handledCodes;
  if (handled === 'all' || handled?.includes(error.code)) return;
  if (
    (error.code === ErrorCode.InvalidArchivePassword || error.code === ErrorCode.InvalidUserPassword) &&
    error.status === 401
  ) {
    sessionStore.writeArchive(null);
    dispatch(archiveUnset());
    dispatch(resetState());
    navigateTo('/', { replace: true });
    return;
  }
  if (error.code === ErrorCode.ArchiveNotUpdated) {
    dispatch(modalOpened('databaseNotUpdated'));
    return;
  }
  // Offline, the connection toast already says why nothing loads: one message per cause.
  if (error.status === 0 && typeof navigator !== 'undefined' && navigator.onLine === false) return;
  showErrorToast(error.message || i18n.t('errors:error_999'));
}

function toApiError(error: unknown, status: number | string, retryAfter?: string | null): ApiErrorResult {
  if (status === 'TIMEOUT_ERROR') {
    return { code: ErrorCode.Unhandled, status: 0, message: i18n.t('errors:timeout') };
  }
  if (status === 'FETCH_ERROR') return networkError();
  const httpStatus = typeof status === 'number' ? status : 0;
  const apiError = readApiError(error, httpStatus);
  const waitMessage = tooManyAttemptsMessage(apiError.code, retryAfter);
  if (waitMessage) return { ...apiError, message: waitMessage };
  // readApiError's fallback (999) speaks for a body without a code: use the Italian text we hold,
  // the HTTP status's own for 401 and 403 (spec section 8).
  if (apiError.code === ErrorCode.Unhandled && !isErrorBody(error)) {
    const key = httpStatus === 401 || httpStatus === 403 ? `errors:http_${httpStatus}` : 'errors:error_999';
    return { ...apiError, message: i18n.t(key) };
  }
  return apiError;
}

/** The error of a request that got no answer (status 0). */
export function networkError(): ApiErrorResult {
  return { code: ErrorCode.Unhandled, status: 0, message: i18n.t('errors:network') };
}

function isErrorBody(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    'error' in body &&
    Boolean((body as { error: unknown }).error)
  );
}

type Attempt =
  | { ok: true; data: unknown; meta: ApiMeta }
  | { ok: false; error: ApiErrorResult; meta: ApiMeta };

async function attempt(
  args: string | FetchArgs,
  api: BaseQueryApi,
  extraOptions: ApiExtraOptions,
): Promise<Attempt> {
  const result = await rawBaseQuery(args, api, extraOptions);
  const response = result.meta?.response;
  const meta: ApiMeta = { status: response?.status };
  if (result.error) {
    const { status } = result.error;
    const body = 'data' in result.error ? result.error.data : undefined;
    return {
      ok: false,
      error: toApiError(
        body,
        status === 'PARSING_ERROR' ? result.error.originalStatus : status,
        response?.headers.get('retry-after'),
      ),
      meta,
    };
  }
  const body = result.data as { data?: unknown; pagination?: Pagination } | null | undefined;
  const pagination = parsePaginationHeader(response?.headers.get(PAGINATION_HEADER)) ?? body?.pagination;
  if (pagination) meta.pagination = pagination;
  return { ok: true, data: body && typeof body === 'object' && 'data' in body ? body.data : body, meta };
}

const isUnauthenticated = (error: ApiErrorResult) =>
  error.code === ErrorCode.Unauthenticated || (error.status === 401 && error.code === ErrorCode.Unhandled);

/**
 * The one base query of the app. It sends the bearer and archive headers, times out at 120 s, unwraps
 * the envelope (`data` becomes the result, pagination goes to `meta.pagination`), refreshes the access
 * token once on an expired session (one refresh shared by concurrent calls) and retries, and applies
 * the error handling of spec section 8 unless the endpoint handles the code itself (`extraOptions`).
 */
const onlineQuery = async (
  args: string | FetchArgs,
  api: BaseQueryApi,
  extraOptions: ApiExtraOptions,
  /** A write that goes to the offline queue when the network fails: no toast for that failure. */
  queueable = false,
): Promise<{ data: unknown; meta: ApiMeta } | { error: ApiErrorResult; meta: ApiMeta }> => {
  const tokenUsed = (api.getState() as SessionView).auth.accessToken;
  let result = await attempt(args, api, extraOptions);

  if (!result.ok && isUnauthenticated(result.error) && !SESSION_PATHS.includes(pathOf(args))) {
    const current = (api.getState() as SessionView).auth.accessToken;
    // Another call may already have renewed the token while this one was in flight.
    const renewal: Renewal =
      current && current !== tokenUsed
        ? { kind: 'renewed', token: current }
        : await refreshAccessToken(api.dispatch);
    if (renewal.kind === 'renewed') {
      result = await attempt(args, api, extraOptions);
    } else if (renewal.kind === 'unreachable') {
      // As if the network had failed: a read answers from the device, a write waits in the queue.
      result = { ok: false, error: networkError(), meta: { status: 0 } };
    } else if (tokenUsed || sessionStore.readSession()) {
      expireSession(api.dispatch);
      return { error: result.error, meta: result.meta };
    }
  }

  if (result.ok) return { data: result.data, meta: result.meta };
  if (queueable && result.error.status === 0) return { error: result.error, meta: result.meta };
  if (!SESSION_PATHS.includes(pathOf(args)) || result.error.code !== ErrorCode.Unauthenticated) {
    handleError(result.error, api.dispatch, extraOptions);
  }
  return { error: result.error, meta: result.meta };
};

// ---------------------------------------------------------------------------------------------
// Offline (decision 0021): writes carry an Idempotency-Key and wait in the offline queue when the
// network fails; reads fall back to their last answer kept on the device.
// ---------------------------------------------------------------------------------------------

/** Calls that make no sense later (getting a session, unlocking an archive) are never queued. */
function isQueueable(args: string | FetchArgs): args is FetchArgs {
  if (typeof args === 'string') return false;
  const path = pathOf(args);
  if (UNQUEUED_PATHS.has(path)) return false;
  const body: unknown = args.body;
  return !(
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob)
  );
}

function urlWithParams(args: FetchArgs): string {
  const params = Object.entries((args.params ?? {}) as Record<string, unknown>).filter(
    ([, value]) => value !== undefined,
  );
  if (params.length === 0) return args.url;
  const search = new URLSearchParams(params.map(([k, v]) => [k, String(v)]));
  return `${args.url}${args.url.includes('?') ? '&' : '?'}${search.toString()}`;
}

function withIdempotencyKey(args: FetchArgs, key: string): FetchArgs {
  const headers = new Headers(args.headers as HeadersInit | undefined);
  headers.set('Idempotency-Key', key);
  return { ...args, headers };
}

const sessionAccount = () => sessionStore.readSession()?.username ?? null;
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

function queue(args: FetchArgs, key: string, api: BaseQueryApi) {
  offlineQueue.add({
    key,
    account: sessionAccount() ?? '',
    archiveId: (api.getState() as SessionView).general.archive?.id ?? null,
    method: (args.method ?? 'GET').toUpperCase(),
    url: urlWithParams(args),
    body: args.body,
  });
  notifications.show({
    id: 'offline-queued',
    color: 'blue',
    title: offlineTexts.queuedTitle,
    message: offlineTexts.queuedToast,
  });
  return { error: QUEUED_ERROR, meta: {} as ApiMeta };
}

/**
 * The one base query of the app: `onlineQuery` above, plus the offline behaviour. A write (RTK
 * mutation) is sent with a new Idempotency-Key; when the device is offline or the answer is lost it is
 * kept in the offline queue with that key (sent again later, applied once by the server). A read
 * keeps its answer on the device; offline, it answers with the last one and marks the data as not up
 * to date.
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  ApiErrorResult,
  ApiExtraOptions,
  ApiMeta
> = async (args, api, extraOptions = {}) => {
  if (api.type === 'mutation' && isQueueable(args)) {
    const key = newIdempotencyKey();
    const sent = withIdempotencyKey(args, key);
    if (isOffline()) return queue(sent, key, api);
    const result = await onlineQuery(sent, api, extraOptions, true);
    if ('error' in result && result.error.status === 0) return queue(sent, key, api);
    return result;
  }
  if (api.type !== 'query') return onlineQuery(args, api, extraOptions);
  const request = typeof args === 'string' ? { url: args } : args;
  const cacheKey = readCacheKey({
    account: sessionAccount(),
    archiveId: (api.getState() as SessionView).general.archive?.id ?? null,
    method: (request.method ?? 'GET').toUpperCase(),
    url: request.url,
    params: request.params,
    body: request.body,
  });
  const result = await onlineQuery(args, api, extraOptions);
  if ('data' in result) {
    readCache.save(cacheKey, result.data, result.meta);
    markFresh();
    return result;
  }
  if (result.error.status === 0) {
    const stored = readCache.load(cacheKey);
    if (stored) {
      markStale(stored.savedAt);
      return { data: stored.data, meta: stored.meta };
    }
  }
  return result;
};
