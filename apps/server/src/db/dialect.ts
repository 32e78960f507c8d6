import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from './database.ts';

/**
 * The only place for SQL that differs between SQLite and PostgreSQL. Everything else is portable
 * Kysely.
 */

/** Turns free text into a prefix full-text query: "mario ros" -> "mario* ros*" (FTS5) or "mario:* & ros:*" (tsquery). */
export function fullTextQuery(dialect: DialectName, text: string): string | null {
  const terms = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0)
    .slice(0, 8);
  if (terms.length === 0) return null;
  return dialect === 'sqlite'
    ? terms.map((t) => `"${t}"*`).join(' ')
    : terms.map((t) => `${t}:*`).join(' & ');
}

/** Text normalised for the search documents we index (lowercase, no accents). */
export function searchDocument(...parts: Array<string | number | null | undefined>): string {
  return parts
    .filter((p) => p !== null && p !== undefined && p !== '')
    .join(' ')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Tells the dialect of a Kysely instance (migrations use it for FTS5 vs tsvector DDL). */
export function dialectOf(db: { getExecutor(): { adapter: unknown } }): DialectName {
  return db.getExecutor().adapter?.constructor?.name === 'SqliteAdapter' ? 'sqlite' : 'postgres';
}

/**
 * Ids as one query parameter, so that a query's shape does not depend on how many there are (it can
 * be compiled once): a JSON array on SQLite, an array on PostgreSQL. Pair with `inIdList`.
 */
export function idList(dialect: DialectName, ids: number[]): string | number[] {
  return dialect === 'sqlite' ? JSON.stringify(ids) : ids;
}

/** `column` is one of the ids of an `idList` parameter. */
export function inIdList(dialect: DialectName, column: string, list: unknown): RawBuilder<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${list}))`
    : sql<SqlBool>`${sql.ref(column)} = any(${list}::bigint[])`;
}

/**
 * The ids of an `idList` parameter as rows `(id, position)`, position counting from the first, for
 * a FROM clause: SQLite `json_each`, PostgreSQL `unnest ... with ordinality`. On PostgreSQL the
 * array is read through a subquery, so that its length is unknown to the planner in every plan:
 * known, a custom plan for a few ids (search everything's five activities) looked cheaper than the
 * generic one, and `plan_cache_mode = auto` planned the page's items anew on every run (planning
 * cost about six times the run on 1M activities).
 */
export function idPositions(
  dialect: DialectName,
  list: unknown,
): RawBuilder<{ id: number; position: number }> {
  return dialect === 'sqlite'
    ? sql`(select value as id, key as position from json_each(${list}))`
    : sql`(select id, position from unnest((select ${list}::bigint[])) with ordinality as u(id, position))`;
}

/**
 * The texts of a group joined by commas in the order of `order`, as one text (NULL for no rows):
 * JSON texts so joined are the inside of a JSON array.
 */
export function joinedByCommas(text: RawBuilder<string>, order: RawBuilder<unknown>): RawBuilder<string> {
  return sql`string_agg(${text}, ',' order by ${order})`;
}

/**
 * How a value of a JSON object built by the database is written: a number (integer column), a
 * number or null, a string, a string or null, or a boolean (a 0/1 column).
 */
export type JsonValueKind = 'number' | 'number?' | 'text' | 'text?' | 'boolean';

/** One member of a JSON object built by the database: its key, how its value is written, its SQL. */
export type JsonMember = readonly [key: string, kind: JsonValueKind, value: RawBuilder<unknown>];

/**
 * A JSON object built by the database, as text, from SQL values: the API objects of the hot lists
 * are written by SQLite or PostgreSQL in one value per row, instead of a JavaScript value per column
 * that is then mapped and serialised (docs/decisions/0007). SQLite: `concat` of the members, text
 * through `json_quote` (which also writes NULL as null). PostgreSQL: `json_build_object`.
 */
export function jsonObject(dialect: DialectName, members: readonly JsonMember[]): RawBuilder<string> {
  if (dialect === 'postgres') {
    const args = members.flatMap(([key, kind, value]) => [
      sql.lit(key),
      kind === 'boolean' ? sql`(${value} = 1)` : value,
    ]);
    return sql<string>`json_build_object(${sql.join(args)})::text`;
  }
  return sql<string>`concat(${sql.join([sql.lit('{'), ...sqliteMemberParts(members), sql.lit('}')])})`;
}

/**
 * SQLite: the members of a JSON object as one text without its braces (`"id":1,"titolo":"..."`),
 * as migration 0020 kept them in a column (removed by 0025).
 */
export function sqliteJsonMembers(members: readonly JsonMember[]): RawBuilder<string> {
  return sql<string>`concat(${sql.join(sqliteMemberParts(members))})`;
}

function sqliteMemberParts(members: readonly JsonMember[]): RawBuilder<unknown>[] {
  return members.flatMap(([key, kind, value], i) => [
    sql.lit(`${i === 0 ? '' : ','}${JSON.stringify(key)}:`),
    sqliteJsonValue(kind, value),
  ]);
}

/**
 * A text as its UTF-8 bytes, read as a Buffer (SQLite: a blob; PostgreSQL: bytea). A JSON text the
 * server only forwards is sent as the database wrote it, without being decoded into a JavaScript
 * string and encoded back on the way out (decision 0007).
 */
export function utf8Bytes(dialect: DialectName, text: RawBuilder<string>): RawBuilder<Buffer> {
  return dialect === 'postgres'
    ? sql<Buffer>`convert_to(${text}, 'UTF8')`
    : sql<Buffer>`cast(${text} as blob)`;
}

function sqliteJsonValue(kind: JsonValueKind, value: RawBuilder<unknown>): RawBuilder<unknown> {
  switch (kind) {
    case 'number':
      return value;
    case 'number?':
      return sql`coalesce(${value}, 'null')`;
    case 'text':
    case 'text?':
      return sql`json_quote(${value})`;
    case 'boolean':
      return sql`case when ${value} = 1 then 'true' else 'false' end`;
  }
}

/** What a database error means for the caller, the same on both databases (null: a real fault). */
export type DatabaseRefusal = 'duplicate' | 'conflict' | 'invalid';

/**
 * Classifies the errors SQLite (better-sqlite3) and PostgreSQL (pg) raise for a request that two
 * people made at once or that carries a value the column cannot hold.
 */
export function databaseRefusalOf(error: unknown): DatabaseRefusal | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  // PostgreSQL SQLSTATE: unique violation; serialization failure and deadlock; data exceptions.
  if (code === '23505') return 'duplicate';
  if (code === '40001' || code === '40P01') return 'conflict';
  if (/^22[0-9A-Z]{3}$/.test(code)) return 'invalid';
  // SQLite extended result codes.
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') return 'duplicate';
  if (code === 'SQLITE_TOOBIG' || code === 'SQLITE_MISMATCH') return 'invalid';
  return null;
}

/**
 * Whether a search text has a letter or a digit. Searches match words, so a text of symbols only
 * ("%%%", "___", "***") matches nothing; it never becomes "no search" and lists everything.
 */
export function hasWordCharacter(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
