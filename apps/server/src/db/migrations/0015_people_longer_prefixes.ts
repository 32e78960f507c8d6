import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';
import { rebuild } from './0011_people_prefix_index.ts';

/**
 * SQLite: the full-text indexes of persons and providers keep prefix lists up to 8 characters
 * (PEOPLE_INDEXED_PREFIX). A longer prefix with more than a few words (a surname, and the email
 * addresses that start with it: "ferrari", ferrari10020, ferrari10026...) made FTS5 merge the lists
 * of every such word before the first match: on 200,000 persons "ferrari giulia lecco" now costs
 * about a quarter of what it did, "milano" a little over half. The tables grow by half (20 to 30 MB
 * for 200,000 persons); the rebuild takes about 5 s for them. PostgreSQL needs nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await rebuild(db, '3 4 5 6 7 8');
}

export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) === 'sqlite') await rebuild(db, '3 4 5');
}
