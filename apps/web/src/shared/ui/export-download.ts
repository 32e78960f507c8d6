import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { ErrorCode, type ExportFormat, readApiError } from '@stabile/contract';
import { expireSession, networkError, refreshAccessToken } from '../api/base-query.ts';

/** What the export needs of the session: the token and archive the base query sends too. */
export interface ExportSession {
  accessToken: () => string | null;
  archiveId: () => number | null;
  dispatch: BaseQueryApi['dispatch'];
}

export interface ExportRequest {
  /** Path and query of the list's export (the list's filters and `formato`). */
  url: string;
  method: 'GET' | 'POST';
  body?: unknown;
  format: ExportFormat;
  signal: AbortSignal;
  /** Called as the file arrives: bytes received and, for a CSV, its lines (rows) so far. */
  onProgress: (received: { bytes: number; rows: number | null }) => void;
}

/** A refused export: the catalogue's Italian message. */
export class ExportRefused extends Error {}

/** The file's name from its RFC 6266 Content-Disposition (`filename*` first), else a fallback. */
export function fileNameOf(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      // An invalid encoding: the plain name below.
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

function send(request: ExportRequest, session: ExportSession, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'text/csv, application/octet-stream, application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const archiveId = session.archiveId();
  if (archiveId !== null) headers['X-Archive-Id'] = String(archiveId);
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(request.url, {
    method: request.method,
    headers,
    credentials: 'same-origin',
    signal: request.signal,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
}

/**
 * Downloads an export with the app's headers (bearer and archive, refreshed once on an expired
 * session, as the base query does), reading the stream to report progress. Resolves to the file.
 */
export async function fetchExport(
  request: ExportRequest,
  session: ExportSession,
): Promise<{ blob: Blob; fileName: string }> {
  let token = session.accessToken();
  let response = await send(request, session, token);
  if (response.status === 401) {
    const renewal = await refreshAccessToken(session.dispatch);
    if (renewal.kind === 'unreachable') throw new ExportRefused(networkError().message);
    if (renewal.kind === 'ended') {
      expireSession(session.dispatch);
      throw new ExportRefused(readApiError(null, 401).message);
    }
    token = renewal.token;
    response = await send(request, session, token);
  }
  if (!response.ok || !response.body) {
    const body: unknown = await response.json().catch(() => null);
    const error = readApiError(body, response.status);
    if (error.code === ErrorCode.Unauthenticated) expireSession(session.dispatch);
    throw new ExportRefused(error.message);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    if (request.format === 'csv') for (const b of value) if (b === 0x0a) lines++;
    request.onProgress({ bytes, rows: request.format === 'csv' ? Math.max(0, lines - 1) : null });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const fallback = `esportazione.${request.format}`;
  return {
    blob: new Blob(chunks as BlobPart[], { type }),
    fileName: fileNameOf(response.headers.get('content-disposition'), fallback),
  };
}
