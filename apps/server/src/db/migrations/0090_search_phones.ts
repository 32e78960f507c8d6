import { type Kysely, sql } from 'kysely';

/**
 * Search everything (issue 28): a contact or a provider is found by a phone number, which the
 * full-text documents do not hold. Each phone column gets a partial index of the number without its
 * separators (spaces, dashes, dots, slashes, parentheses), per archive, read as a prefix range
 * (`apps/server/src/modules/search/phone-search.ts` writes the same expression).
 */
const TABLES = ['persons', 'providers'] as const;
const COLUMNS = ['telefono1', 'telefono2', 'telefono3'] as const;

export const phoneDigitsSql = (column: string) =>
  `replace(replace(replace(replace(replace(replace(${column}, ' ', ''), '-', ''), '.', ''), '/', ''), '(', ''), ')', '')`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of COLUMNS) {
      await sql
        .raw(
          `create index ${table}_${column}_digits_idx on ${table} (archive_id, (${phoneDigitsSql(column)})) where ${column} is not null`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of TABLES) {
    for (const column of COLUMNS) {
      await sql.raw(`drop index ${table}_${column}_digits_idx`).execute(db);
    }
  }
}
