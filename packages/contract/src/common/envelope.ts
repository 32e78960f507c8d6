import { z } from 'zod';
import { type ErrorCode, httpStatusMessages, isErrorCode } from './errors.ts';
import { zCoerceNumber, zNumber, zString } from './primitives.ts';

/** Pagination as sent in the body and in the `x-pagination` header (JSON). */
export const paginationSchema = z.object({
  totalCount: zNumber().int().nonnegative(),
  currentPage: zNumber().int().positive(),
  pageSize: zNumber().int().positive(),
  totalPages: zNumber().int().nonnegative(),
  /** True when totalCount is a capped count ("oltre N"). */
  totalCapped: z.boolean().optional(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const PAGINATION_HEADER = 'x-pagination';

export const apiErrorSchema = z.object({
  code: zNumber().int(),
  message: zString(),
  status: zNumber().int(),
  details: z.array(z.object({ path: zString(), message: zString() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema> & { code: ErrorCode };

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ data, error: z.null(), pagination: paginationSchema.optional() });
}

export const errorEnvelopeSchema = z.object({ data: z.null(), error: apiErrorSchema });

export interface Envelope<T> {
  data: T;
  error: null;
  pagination?: Pagination;
}

export interface ErrorEnvelope {
  data: null;
  error: ApiError;
}

/** Reads an error body defensively: anything unreadable or without a known code is 999. */
export function readApiError(body: unknown, httpStatus: number): ApiError {
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (parsed.success && isErrorCode(parsed.data.error.code)) {
    return parsed.data.error as ApiError;
  }
  // Spec section 8: an answer without a code says what its HTTP status means (401, 403), else 999.
  const message = httpStatusMessages[httpStatus] ?? 'Abbiamo riscontrato un errore inaspettato';
  return { code: 999, message, status: httpStatus };
}

export function parsePaginationHeader(value: string | null | undefined): Pagination | undefined {
  if (!value) return undefined;
  try {
    const parsed = paginationSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export function makePagination(
  totalCount: number,
  currentPage: number,
  pageSize: number,
  totalCapped = false,
) {
  const pagination: Pagination = {
    totalCount,
    currentPage,
    pageSize,
    totalPages: Math.ceil(totalCount / pageSize),
  };
  if (totalCapped) pagination.totalCapped = true;
  return pagination;
}

/** Query parameters shared by every paged list. */
export const pageQuerySchema = z.object({
  pageNumber: zCoerceNumber().int().min(1).default(1),
  pageSize: zCoerceNumber().int().min(1).max(100).default(15),
});
