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

/**
 * Sends a page whose items are JSON texts already (written by the database: decision 0007), as they
 * are inside the envelope: the same answer as `paged`, without building and serialising each item.
 */
export function sendPagedJson(
  reply: FastifyReply,
  items: readonly string[],
  page: { pageNumber: number; pageSize: number },
  totalCount: number,
  totalCapped = false,
): FastifyReply {
  const pagination = JSON.stringify(makePagination(totalCount, page.pageNumber, page.pageSize, totalCapped));
  return reply
    .header(PAGINATION_HEADER, pagination)
    .type('application/json; charset=utf-8')
    .send(`{"data":[${items.join(',')}],"error":null,"pagination":${pagination}}`);
}
