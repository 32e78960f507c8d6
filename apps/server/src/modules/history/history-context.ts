import { AsyncLocalStorage } from 'node:async_hooks';
import { type HistoryVia, ORIGIN_HEADER, ORIGIN_QUEUE, SupplierPortalPath } from '@stabile/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Who changes a record, and through which route, is a property of the request: the hook keeps the
 * request for the code it runs, so each area's write function records its change with one line and
 * no new parameter (decision 0026). Outside a request (scripts, seeds) the change is the server's.
 */
const current = new AsyncLocalStorage<FastifyRequest>();

const SUPPLIER_PREFIX = SupplierPortalPath.info.split('/:')[0] ?? '/api/fornitore-portale';
const RESIDENT_PREFIX = '/api/portale';

export interface ChangeAuthor {
  accountId: number | null;
  archiveUserId: number | null;
  via: HistoryVia;
}

function viaOf(request: FastifyRequest): HistoryVia {
  const url = request.url;
  if (url.startsWith(SUPPLIER_PREFIX)) return 'fornitore';
  if (url.startsWith(RESIDENT_PREFIX)) return 'portale';
  return request.headers[ORIGIN_HEADER] === ORIGIN_QUEUE ? 'coda' : 'web';
}

/** The author of a change made now: the request being served, or the server itself. */
export function changeAuthor(): ChangeAuthor {
  const request = current.getStore();
  if (!request) return { accountId: null, archiveUserId: null, via: 'sistema' };
  return {
    accountId: request.auth?.accountId ?? null,
    archiveUserId: request.archive?.archiveUserId ?? null,
    via: viaOf(request),
  };
}

/** Keeps each write request available to its handler (after the body is read; reads need nothing). */
export function registerChangeAuthor(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    if (request.method === 'GET' || request.method === 'HEAD') return done();
    current.run(request, done);
  });
}
