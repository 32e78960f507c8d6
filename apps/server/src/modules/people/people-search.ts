import { COUNT_CAP } from '@stabile/contract';
import { type Kysely, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DialectName } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Full-text search of persons and providers, the one place with dialect-specific query SQL for
 * them: SQLite walks the FTS5 table (rowid = archive_id * 2^32 + id, so one archive is one rowid
 * range), PostgreSQL the GIN index on to_tsvector('simple', search_doc). Both match every term as
 * a prefix ("ros mar" finds "Rossi Mario").
 */

export type RegistryTable = 'persons' | 'providers';

const ROWID_BASE = 4294967296;

/** Search terms: lowercase, no accents, letters and digits only; one-letter terms are dropped. */
export function searchTerms(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length >= 2)
    .slice(0, 6);
}

/**
 * A predicate on `alias.id` limiting rows to those matching every term, or null when the text has
 * no usable term. The caller also filters `alias.archive_id`.
 */
export function searchPredicate(
  dialect: DialectName,
  table: RegistryTable,
  alias: string,
  archiveId: number,
  text: string,
): RawBuilder<SqlBool> | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  if (dialect === 'sqlite') {
    const match = terms.map((t) => `"${t}"*`).join(' ');
    const low = archiveId * ROWID_BASE;
    return sql<SqlBool>`${sql.ref(`${alias}.id`)} in (select rowid - ${low} from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${match} and rowid between ${low} and ${low + ROWID_BASE - 1})`;
  }
  const query = terms.map((t) => `${t}:*`).join(' & ');
  return sql<SqlBool>`to_tsvector('simple', ${sql.ref(`${alias}.search_doc`)}) @@ to_tsquery('simple', ${query})`;
}

/** Number of rows matching a predicate, counted up to COUNT_CAP + 1 (then shown as "oltre"). */
export async function cappedCount(
  db: Kysely<Database>,
  table: RegistryTable,
  archiveId: number,
  predicates: RawBuilder<SqlBool>[],
): Promise<{ count: number; capped: boolean }> {
  let inner = db
    .selectFrom(`${table} as r` as 'persons as r')
    .select(sql`1`.as('one'))
    .where('r.archive_id', '=', archiveId);
  for (const p of predicates) inner = inner.where(p);
  const row = await db
    .selectFrom(inner.limit(COUNT_CAP + 1).as('t'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return n > COUNT_CAP ? { count: COUNT_CAP, capped: true } : { count: n, capped: false };
}
