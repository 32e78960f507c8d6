import { z } from 'zod';

/**
 * The building blocks of every string and number in the contract. Each carries the rules the
 * databases impose, so that a request both databases would store differently (or refuse with an
 * error of their own) is refused here first, with 113 and an Italian message:
 * - a string never holds U+0000 (PostgreSQL text cannot store it; SQLite would cut it short);
 * - a number has the bounds of its column: `integer` columns -2^31 .. 2^31-1 (`zNumber`), `bigint`
 *   ids and timestamps the safe-integer range of JavaScript (`zBigNumber`).
 * A test of the contract refuses `z.string(`, `z.number(` and `z.coerce.number(` anywhere else.
 */

export const INTEGER_COLUMN_MIN = -2_147_483_648;
export const INTEGER_COLUMN_MAX = 2_147_483_647;

export const NUL_CHARACTER_MESSAGE = 'Il testo contiene un carattere non ammesso';

type StringParams = Parameters<typeof z.string>[0];
type NumberParams = Parameters<typeof z.number>[0];

const hasNoNul = (value: string) => !value.includes('\u0000');

/** A string without NUL characters; chain `.min`, `.max`, `.trim`... as on `z.string()`. */
export function zString(params?: StringParams) {
  return z.string(params).refine(hasNoNul, { message: NUL_CHARACTER_MESSAGE, abort: true });
}

/** A number stored in an `integer` column (4 bytes on PostgreSQL). */
export function zNumber(params?: NumberParams) {
  return z.number(params).min(INTEGER_COLUMN_MIN).max(INTEGER_COLUMN_MAX);
}

/** A number stored in a `bigint` column (ids, timestamps): within JavaScript's safe integers. */
export function zBigNumber(params?: NumberParams) {
  return z.number(params).min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
}

/** `zNumber` read from a query string or a path (text coerced to a number). */
export function zCoerceNumber(params?: NumberParams) {
  return z.coerce.number(params).min(INTEGER_COLUMN_MIN).max(INTEGER_COLUMN_MAX);
}

/** `zBigNumber` read from a query string or a path. */
export function zCoerceBigNumber(params?: NumberParams) {
  return z.coerce.number(params).min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);
}
