import { type ErrorCode, errorCatalogue } from '@stabile/contract';
import { databaseRefusalOf } from '../db/dialect.ts';
import { AppError, type ErrorDetail } from './app-error.ts';

interface ErrorBody {
  data: null;
  error: { code: ErrorCode; message: string; status: number; details?: ErrorDetail[] };
}

function body(code: ErrorCode, status: number, message: string, details?: ErrorDetail[]): ErrorBody {
  return { data: null, error: { code, message, status, ...(details ? { details } : {}) } };
}

/** What busboy (under @fastify/multipart) throws for a form it cannot read. */
const MALFORMED_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (form|file|multipart data)|Malformed part header|Malformed urlencoded form|Part terminated early|Unsupported Content-Type\.|Missing Content-Type-header\.)/;
const MALFORMED_MULTIPART_MESSAGE = 'Il modulo inviato non è leggibile: invialo di nuovo.';

interface ZodLikeIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

/**
 * Maps anything thrown in a request to the envelope: catalogue codes keep their status; request
 * validation becomes 113 with the first field's message; framework 4xx become catalogue codes;
 * anything else is 999 with no detail (logged by the caller).
 */
export function toErrorEnvelope(
  error: unknown,
  isValidation: boolean,
): { status: number; body: ErrorBody; unexpected: boolean } {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: body(error.code, error.status, error.message, error.details),
      unexpected: false,
    };
  }
  const e = error as {
    code?: string | number;
    statusCode?: number;
    validation?: ZodLikeIssue[];
    message?: string;
  };
  if (isValidation && Array.isArray(e.validation)) {
    const details = e.validation.map((issue) => {
      const inner = issue.params?.issue;
      const pathText =
        inner?.path?.map(String).join('.') ??
        issue.instancePath?.replace(/^\//, '').replace(/\//g, '.') ??
        '';
      return { path: pathText, message: inner?.message ?? issue.message ?? errorCatalogue[113].message };
    });
    const first = details[0];
    const message = first
      ? first.path
        ? `${first.message} (${first.path})`
        : first.message
      : errorCatalogue[113].message;
    return { status: 400, body: body(113, 400, message, details), unexpected: false };
  }
  switch (databaseRefusalOf(error)) {
    case 'duplicate':
      return {
        status: 409,
        body: body(115, 409, 'Un elemento con questi dati esiste già: ricarica e riprova.'),
        unexpected: false,
      };
    case 'conflict':
      return {
        status: 409,
        body: body(115, 409, 'I dati sono stati modificati da un altro utente. Ricarica e riprova.'),
        unexpected: false,
      };
    case 'invalid':
      return { status: 400, body: body(113, 400, errorCatalogue[113].message), unexpected: true };
    case null:
      break;
  }
  if (typeof e.message === 'string' && MALFORMED_MULTIPART.test(e.message)) {
    return { status: 400, body: body(110, 400, MALFORMED_MULTIPART_MESSAGE), unexpected: false };
  }
  if (e.statusCode === 429 || e.code === 121) {
    return { status: 429, body: body(121, 429, e.message ?? errorCatalogue[121].message), unexpected: false };
  }
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        status: 400,
        body: body(110, 400, 'Il corpo della richiesta non è un JSON valido.'),
        unexpected: false,
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: body(110, 400, 'Il corpo della richiesta è vuoto.'), unexpected: false };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return { status: 413, body: body(123, 413, errorCatalogue[123].message), unexpected: false };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        body: body(110, 415, 'Formato della richiesta non supportato.'),
        unexpected: false,
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, body: body(110, 400, errorCatalogue[110].message), unexpected: false };
  }
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return {
      status: e.statusCode,
      body: body(110, e.statusCode, errorCatalogue[110].message),
      unexpected: false,
    };
  }
  return { status: 500, body: body(999, 500, errorCatalogue[999].message), unexpected: true };
}
