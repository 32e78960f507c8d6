import { makePagination, PAGINATION_HEADER, type Pagination } from '@stabile/contract';
import type { FastifyReply } from 'fastify';

/** Sends a success envelope; lists also get the x-pagination header. */
export function ok<T>(reply: FastifyReply, data: T, pagination?: Pagination) {
  if (pagination) {
    reply.header(PAGINATION_HEADER, JSON.stringify(pagination));
    return { data, error: null, pagination };
  }
  return { data, error: null };
}

export function paged<T>(
  reply: FastifyReply,
  items: T[],
  page: { pageNumber: number; pageSize: number },
  totalCount: number,
  totalCapped = false,
) {
  return ok(reply, items, makePagination(totalCount, page.pageNumber, page.pageSize, totalCapped));
}

const DATA_OPEN = Buffer.from('{"data":[');
const COMMA = Buffer.from(',');

/**
 * Sends a page whose items are JSON texts in UTF-8 already (written by the database: decision 0007),
 * as they are inside the envelope: the same answer as `paged`, without building and serialising each
 * item, nor decoding and encoding its text.
 */
export function sendPagedJson(
  reply: FastifyReply,
  items: readonly Uint8Array[],
  page: { pageNumber: number; pageSize: number },
  totalCount: number,
  totalCapped = false,
): FastifyReply {
  const pagination = JSON.stringify(makePagination(totalCount, page.pageNumber, page.pageSize, totalCapped));
  const parts: Uint8Array[] = [DATA_OPEN];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(item);
  });
  parts.push(Buffer.from(`],"error":null,"pagination":${pagination}}`));
  return reply
    .header(PAGINATION_HEADER, pagination)
    .type('application/json; charset=utf-8')
    .send(Buffer.concat(parts));
}
