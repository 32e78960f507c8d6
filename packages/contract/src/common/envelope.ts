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

/*
 * readApiError and parsePaginationHeader check a body the way apiErrorSchema and paginationSchema
 * would (same rules, same output: unknown keys left out), without zod: the web calls them on every
 * answer, and a page that validates no form then loads no zod (decision 0022). A test of the contract
 * compares them with the schemas.
 */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
// zNumber's bounds (an integer column), written here so that reading an answer needs no schema module.
const isColumnInteger = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= -(2 ** 31) && (value as number) <= 2 ** 31 - 1;
const isText = (value: unknown): value is string => typeof value === 'string' && !value.includes('\u0000');

function readErrorBody(body: unknown): z.infer<typeof apiErrorSchema> | undefined {
  if (!isRecord(body) || body.data !== null || !isRecord(body.error)) return undefined;
  const { code, message, status, details } = body.error;
  if (!isColumnInteger(code) || !isText(message) || !isColumnInteger(status)) return undefined;
  if (details === undefined) return { code, message, status };
  if (!Array.isArray(details)) return undefined;
  const read: Array<{ path: string; message: string }> = [];
  for (const detail of details) {
    if (!isRecord(detail) || !isText(detail.path) || !isText(detail.message)) return undefined;
    read.push({ path: detail.path, message: detail.message });
  }
  return { code, message, status, details: read };
}

/** Reads an error body defensively: anything unreadable or without a known code is 999. */
export function readApiError(body: unknown, httpStatus: number): ApiError {
  const error = readErrorBody(body);
  if (error && isErrorCode(error.code)) return error as ApiError;
  // Spec section 8: an answer without a code says what its HTTP status means (401, 403), else 999.
  const message = httpStatusMessages[httpStatus] ?? 'Abbiamo riscontrato un errore inaspettato';
  return { code: 999, message, status: httpStatus };
}

export function parsePaginationHeader(value: string | null | undefined): Pagination | undefined {
  if (!value) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const { totalCount, currentPage, pageSize, totalPages, totalCapped } = parsed;
  const valid =
    isColumnInteger(totalCount) &&
    totalCount >= 0 &&
    isColumnInteger(currentPage) &&
    currentPage > 0 &&
    isColumnInteger(pageSize) &&
    pageSize > 0 &&
    isColumnInteger(totalPages) &&
    totalPages >= 0 &&
    (totalCapped === undefined || typeof totalCapped === 'boolean');
  if (!valid) return undefined;
  const pagination: Pagination = { totalCount, currentPage, pageSize, totalPages };
  if (totalCapped !== undefined) pagination.totalCapped = totalCapped;
  return pagination;
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
