import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from './database.ts';

/**
 * The only place for SQL that differs between SQLite and PostgreSQL. Everything else is portable
 * Kysely.
 */

/** Case-insensitive equality/prefix helpers. */
export function lowerOf(expr: Expression<string | null>): RawBuilder<string> {
  return sql<string>`lower(${expr})`;
}

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

export type SearchPredicate = RawBuilder<SqlBool>;

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
