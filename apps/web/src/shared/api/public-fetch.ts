import {
  type ApiError,
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  ErrorCode,
  errorCatalogue,
  httpStatusMessages,
  isErrorCode,
  REQUEST_TIMEOUT_MS,
} from '@stabile/contract';
import { i18n } from '../../i18n/i18n.ts';
import { tooManyAttemptsMessage } from './retry-after.ts';

/**
 * A minimal JSON POST for the public login-area pages (login, password recovery and reset). These pages
 * must stay light (under 150 KB of JavaScript), so they do without the store and RTK Query, which the
 * private area loads. Same envelope and error catalogue as the base query.
 */
export type PublicResult<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError };

function readError(body: unknown, status: number, retryAfter: string | null): ApiError {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (error && isErrorCode(error.code)) {
    const message =
      tooManyAttemptsMessage(error.code, retryAfter) ??
      (typeof error.message === 'string' && error.message
        ? error.message
        : errorCatalogue[error.code].message);
    return { code: error.code, message, status };
  }
  // No code: the HTTP status's own message for 401 and 403 (spec section 8), else the generic one.
  const message = httpStatusMessages[status] ?? errorCatalogue[ErrorCode.Unhandled].message;
  return { code: ErrorCode.Unhandled, message, status };
}

/**
 * POSTs a declared call (a path without parameters) and reads its envelope; body and answer are typed
 * by the declaration, whose type alone is imported (the schemas stay out of the login page):
 *
 *   postJson<typeof AuthApi.login>(AuthPath.login, request)
 */
export async function postJson<E extends Endpoint>(
  path: E['path'],
  body: EndpointBody<E>,
): Promise<PublicResult<EndpointData<E>>> {
  type T = EndpointData<E>;
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch {
    return {
      error: {
        code: ErrorCode.Unhandled,
        status: 0,
        message: i18n.t('errors:network'),
      },
    };
  }
  const parsed: unknown = await response.json().catch(() => null);
  if (!response.ok) return { error: readError(parsed, response.status, response.headers.get('retry-after')) };
  return { data: (parsed as { data: T }).data };
}
