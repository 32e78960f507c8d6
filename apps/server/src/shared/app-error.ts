import { type ErrorCode, errorCatalogue } from '@stabile/contract';

export interface ErrorDetail {
  path: string;
  message: string;
}

/** The one error type of the server: a catalogue code, optionally with a more precise Italian message. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: ErrorDetail[] | undefined;
  /** Sent as the Retry-After header (a refused attempt, a busy server). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: ErrorCode,
    message?: string,
    options?: { status?: number; details?: ErrorDetail[]; retryAfterSeconds?: number },
  ) {
    super(message ?? errorCatalogue[code].message);
    this.code = code;
    this.status = options?.status ?? errorCatalogue[code].status;
    this.details = options?.details;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}

export function notFound(what = 'Elemento non trovato.'): AppError {
  return new AppError(122, what);
}

export function staleVersion(): AppError {
  return new AppError(115, 'I dati sono stati modificati da un altro utente. Ricarica e riprova.');
}
