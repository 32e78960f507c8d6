import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ApiError,
  errorEnvelopeSchema,
  paginationSchema,
  parsePaginationHeader,
  readApiError,
} from './envelope.ts';
import { httpStatusMessages, isErrorCode } from './errors.ts';

/** What the readers returned when they parsed with the schemas: the reference they must keep. */
function readApiErrorWithSchema(body: unknown, httpStatus: number): ApiError {
  const parsed = errorEnvelopeSchema.safeParse(body);
  if (parsed.success && isErrorCode(parsed.data.error.code)) return parsed.data.error as ApiError;
  const message = httpStatusMessages[httpStatus] ?? 'Abbiamo riscontrato un errore inaspettato';
  return { code: 999, message, status: httpStatus };
}

function parsePaginationWithSchema(value: string | null | undefined) {
  if (!value) return undefined;
  try {
    const parsed = paginationSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// Values at and around each rule's edges: the integer column's bounds, NUL, wrong types.
const edgeNumber = fc.oneof(
  fc.constantFrom(0, 1, -1, 0.5, 2 ** 31 - 1, 2 ** 31, -(2 ** 31), -(2 ** 31) - 1, Number.NaN, 113, 999),
  fc.integer(),
  fc.double(),
);
const edgeText = fc.oneof(fc.string(), fc.constantFrom('', 'a\u0000b', 'Testo'));
const anyValue = fc.oneof(
  edgeNumber,
  edgeText,
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.anything(),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(arb, anyValue);

const errorBody = fc.record(
  {
    data: fc.oneof(fc.constant(null), anyValue),
    error: fc.oneof(
      fc.record(
        {
          code: maybe(edgeNumber),
          message: maybe(edgeText),
          status: maybe(edgeNumber),
          details: maybe(
            fc.array(fc.record({ path: maybe(edgeText), message: maybe(edgeText) }, { requiredKeys: [] })),
          ),
          extra: anyValue,
        },
        { requiredKeys: [] },
      ),
      anyValue,
    ),
  },
  { requiredKeys: [] },
);

const paginationBody = fc.record(
  {
    totalCount: maybe(edgeNumber),
    currentPage: maybe(edgeNumber),
    pageSize: maybe(edgeNumber),
    totalPages: maybe(edgeNumber),
    totalCapped: maybe(fc.boolean()),
    extra: anyValue,
  },
  { requiredKeys: [] },
);

describe('the envelope readers (without zod) agree with the schemas', () => {
  it('readApiError reads any body as errorEnvelopeSchema would, unknown keys left out', () => {
    fc.assert(
      fc.property(fc.oneof(errorBody, anyValue), fc.constantFrom(400, 401, 403, 500), (body, status) => {
        // toEqual: zod keeps an optional key given as undefined (`details: undefined`), the reader
        // leaves it out; the two read the same values and drop the same unknown keys.
        expect(readApiError(body, status)).toEqual(readApiErrorWithSchema(body, status));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a well-formed error and its details', () => {
    const body = {
      data: null,
      error: {
        code: 113,
        message: 'Dati non validi',
        status: 400,
        details: [{ path: 'x', message: 'm', y: 1 }],
      },
    };
    expect(readApiError(body, 400)).toStrictEqual({
      code: 113,
      message: 'Dati non validi',
      status: 400,
      details: [{ path: 'x', message: 'm' }],
    });
    expect(
      readApiError({ data: null, error: { code: 113, message: 'a\u0000', status: 400 } }, 401).code,
    ).toBe(999);
  });

  it('parsePaginationHeader reads any header as paginationSchema would', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          paginationBody.map((body) => JSON.stringify(body)),
          fc.string(),
          fc.constantFrom('', 'null', '[]', '{', '{"totalCount":1}'),
        ),
        (header) => {
          expect(parsePaginationHeader(header)).toStrictEqual(parsePaginationWithSchema(header));
        },
      ),
      { numRuns: 2000 },
    );
    expect(parsePaginationHeader(null)).toBeUndefined();
    expect(
      parsePaginationHeader(
        '{"totalCount":2000,"currentPage":1,"pageSize":20,"totalPages":100,"totalCapped":true}',
      ),
    ).toStrictEqual({ totalCount: 2000, currentPage: 1, pageSize: 20, totalPages: 100, totalCapped: true });
  });
});
