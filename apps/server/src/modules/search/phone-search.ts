import { type Kysely, sql } from 'kysely';
import { phoneDigitsSql } from '../../db/migrations/0090_search_phones.ts';
import type { Database } from '../../db/schema.ts';

/**
 * Contacts and providers by phone number (migration 0090): the number as typed, without spaces,
 * dashes, dots or slashes, is the prefix of one of the three phone columns. The full-text documents
 * of persons and providers do not hold phones, so this is the one extra read of search everything.
 */

/** The digits of a query that is a phone number ("02 1234-567" -> "021234567"; also "+39 (02) ..."), else null. */
export function phoneDigits(query: string): string | null {
  const compact = query.replace(/[\s\-./()]/g, '');
  return /^\+?\d{3,20}$/.test(compact) ? compact : null;
}

export interface PhoneRow {
  id: number;
  descr: string;
  codice_fiscale: string | null;
  partita_iva: string | null;
  email: string | null;
  telefono1: string | null;
  telefono2: string | null;
  telefono3: string | null;
  citta: string | null;
}

/**
 * Up to `limit` rows of one archive with a phone starting with `digits`, in description order:
 * one range of each column's index (each partial, `where telefonoN is not null`), the ids merged.
 */
export async function rowsByPhone(
  db: Kysely<Database>,
  table: 'persons' | 'providers',
  archiveId: number,
  digits: string,
  limit: number,
): Promise<PhoneRow[]> {
  // The end of the prefix range: every text starting with `digits` sorts below it.
  const end = `${digits}\u{10FFFF}`;
  const ranges = (['telefono1', 'telefono2', 'telefono3'] as const).map(
    (column) =>
      // The range reads the index (exact on SQLite and on PostgreSQL's C collations); the LIKE keeps
      // the answer right under any collation.
      sql`select id from ${sql.table(table)} where archive_id = ${archiveId} and ${sql.ref(column)} is not null and ${sql.raw(phoneDigitsSql(column))} >= ${digits} and ${sql.raw(phoneDigitsSql(column))} < ${end} and ${sql.raw(phoneDigitsSql(column))} like ${`${digits}%`}`,
  );
  const result =
    await sql<PhoneRow>`select r.id, r.descr, r.codice_fiscale, r.partita_iva, r.email, r.telefono1, r.telefono2, r.telefono3, r.citta from ${sql.table(table)} as r where r.archive_id = ${archiveId} and r.id in (${sql.join(ranges, sql` union `)}) order by r.descr_sort, r.id limit ${sql.raw(`+${Math.trunc(limit)}`)}`.execute(
      db,
    );
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}
