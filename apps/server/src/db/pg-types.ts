import pg from 'pg';

/**
 * int8 (bigint) columns hold ids and cents, all below 2^53: read them as numbers. Set for every
 * thread that opens PostgreSQL connections (the server's, an export's worker).
 */
export function readInt8AsNumber(): void {
  pg.types.setTypeParser(20, (value) => Number(value));
}
