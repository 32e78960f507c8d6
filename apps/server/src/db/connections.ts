import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

const connections = new WeakMap<Kysely<Database>, SQLite.Database>();

/** Remembers the SQLite connection under a database made by createDatabase. */
export function setSqliteConnection(db: Kysely<Database>, connection: SQLite.Database): void {
  connections.set(db, connection);
}

/**
 * The SQLite connection under a database made by createDatabase (not a transaction's), for the
 * prepared queries' direct reads (see prepared.ts); undefined on PostgreSQL.
 */
export function sqliteConnectionOf(db: Kysely<Database>): SQLite.Database | undefined {
  return connections.get(db);
}
