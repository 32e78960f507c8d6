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
