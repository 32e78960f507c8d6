import type { Socket } from 'node:net';
import { type ErrorCode, errorCatalogue } from '@stabile/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What happens at the edge of the server, before a route runs: URLs in the logs without their
 * secrets, and the answers Fastify and Node give on their own (a URL that does not decode, a path
 * parameter too long, headers too large) in the same envelope as every other answer.
 */

const HIDDEN = '[nascosto]';

/** Paths whose segment after the prefix is a bearer secret (links emailed to providers). */
const SECRET_SEGMENT = /^(\/api\/fornitore-portale\/|\/fornitore\/)[^/?#]+/;
/** Query parameters that carry a secret (portal tokens, reset links, sessions). */
const SECRET_PARAMETER = /token|session|secret|password|chiave|key/i;

/** The URL as logged: link tokens and secret query parameters replaced by "[nascosto]". */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const pathPart = (queryAt === -1 ? url : url.slice(0, queryAt)).replace(SECRET_SEGMENT, `$1${HIDDEN}`);
  if (queryAt === -1) return pathPart;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals === -1) return pair;
      let name = pair.slice(0, equals);
      try {
        name = decodeURIComponent(name);
      } catch {
        // an undecodable name is logged as sent
      }
      return SECRET_PARAMETER.test(name) ? `${pair.slice(0, equals)}=${HIDDEN}` : pair;
    })
    .join('&');
  return `${pathPart}?${query}`;
}

/** pino serializer of the request: Fastify's default fields, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const EDGE_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function envelope(code: ErrorCode, status: number, message: string): string {
  return JSON.stringify({ data: null, error: { code, message, status } });
}

const FRAMEWORK_MESSAGES: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: "L'indirizzo della richiesta non è valido." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: "L'indirizzo della richiesta è troppo lungo." },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, message: errorCatalogue[110].message },
};

/** Fastify's `frameworkErrors`: errors raised while routing, before any hook runs. */
export function onFrameworkError(
  error: Error & { code?: string },
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const known = FRAMEWORK_MESSAGES[error.code ?? ''] ?? { status: 400, message: errorCatalogue[110].message };
  request.log.info({ code: error.code, url: redactUrl(request.url) }, 'request refused while routing');
  return reply
    .code(known.status)
    .headers(EDGE_HEADERS)
    .send(envelope(110, known.status, known.message));
}

const CLIENT_ERRORS: Record<string, { status: number; reason: string; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: 'Request Header Fields Too Large',
    message: 'Le intestazioni della richiesta superano la dimensione massima consentita.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: 'Request Timeout',
    message: 'La richiesta non è arrivata in tempo: riprova.',
  },
};

/**
 * Node's `clientError` (the request could not even be parsed: headers too large, malformed HTTP):
 * the answer is written on the socket, in the envelope, and the connection closed.
 */
export function onClientError(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = (error.code && CLIENT_ERRORS[error.code]) || {
    status: 400,
    reason: 'Bad Request',
    message: 'La richiesta non è valida.',
  };
  const body = envelope(110, known.status, known.message);
  const head = [
    `HTTP/1.1 ${known.status} ${known.reason}`,
    ...Object.entries(EDGE_HEADERS).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ].join('\r\n');
  if (socket.writable) socket.end(`${head}\r\n\r\n${body}`);
  else socket.destroy(error);
}

/** `/api/*` and `/user/*` answers carry tokens and private data: never kept by a cache. */
export function isPrivateApiUrl(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/user/') || url.startsWith('/api?');
}
