import { type ApiError, ErrorCode, readApiError } from '@stabile/contract';
import { refreshAccessToken } from '../../shared/api/base-query.ts';
import { useAppStore } from '../../shared/hooks.ts';

/**
 * Uploads go through XMLHttpRequest rather than RTK Query's fetch: only XHR reports the progress of
 * a request body, which the upload area shows per file. Same headers and same expired-session
 * handling as the base query (one refresh, then one retry).
 */
export interface UploadResult<T> {
  ok: boolean;
  data?: T;
  error?: ApiError;
}

export interface UploadRequest {
  url: string;
  fields: Record<string, string | number>;
  file: File;
  onProgress: (fraction: number) => void;
  /** Aborting it stops the upload (the user left while it was running). */
  signal?: AbortSignal;
}

/** What an upload stopped by the user answers. */
export const UPLOAD_STOPPED = 'Caricamento interrotto';

function send<T>(
  request: UploadRequest,
  token: string | null,
  archiveId: number | null,
): Promise<UploadResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (archiveId !== null) xhr.setRequestHeader('X-Archive-Id', String(archiveId));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body && typeof body === 'object' && 'data' in body) {
        resolve({ ok: true, data: (body as { data: T }).data });
      } else {
        resolve({ ok: false, error: readApiError(body, xhr.status) });
      }
    };
    xhr.onerror = () => resolve({ ok: false, error: readApiError(null, 0) });
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () =>
      resolve({ ok: false, error: { code: ErrorCode.Unhandled, status: 0, message: UPLOAD_STOPPED } });
    if (request.signal?.aborted) {
      resolve({ ok: false, error: { code: ErrorCode.Unhandled, status: 0, message: UPLOAD_STOPPED } });
      return;
    }
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(request.fields)) form.append(name, String(value));
    form.append('file', request.file, request.file.name);
    xhr.send(form);
  });
}

/** A function that uploads one file with progress, for the current session and archive. */
export function useUploader() {
  const store = useAppStore();
  return async function upload<T>(request: UploadRequest): Promise<UploadResult<T>> {
    const state = store.getState();
    const archiveId = state.general.archive?.id ?? null;
    let result = await send<T>(request, state.auth.accessToken, archiveId);
    if (!result.ok && result.error?.code === ErrorCode.Unauthenticated && !request.signal?.aborted) {
      const renewal = await refreshAccessToken(store.dispatch);
      if (renewal.kind === 'renewed') result = await send<T>(request, renewal.token, archiveId);
      else if (renewal.kind === 'unreachable') result = { ok: false, error: readApiError(null, 0) };
    }
    return result;
  };
}
