import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/**
 * SQLite: the reads that run directly on the connection (prepared.ts) share one read transaction
 * until the event loop's current turn ends, instead of each taking and releasing the WAL read lock
 * (fcntl calls on the -shm file: about three quarters of an indexed read, and contended between the
 * server's processes). Every statement that may write, BEGIN included, and every other use of the
 * connection end it first (database.ts), so writes and Kysely's transactions run as before and a
 * process always reads its own writes. Another process's commit is seen from the next turn: a
 * request that arrives after that commit is read from its socket in a later turn.
 */
export class ReadSnapshots {
  readonly #sqlite: SQLite.Database;
  readonly #begin: SQLite.Statement;
  readonly #commit: SQLite.Statement;
  #open = false;
  #scheduled = false;

  constructor(sqlite: SQLite.Database) {
    this.#sqlite = sqlite;
    this.#begin = sqlite.prepare('begin');
    this.#commit = sqlite.prepare('commit');
  }

  /** Opens the turn's read transaction if needed; false inside another transaction (a write's). */
  enter(): boolean {
    if (this.#open && this.#sqlite.inTransaction) return true;
    this.#open = false;
    if (this.#sqlite.inTransaction) return false;
    this.#begin.run();
    this.#open = true;
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(this.#endOfTurn);
    }
    return true;
  }

  /** Ends the read transaction, if one is open (throws while a statement is still being iterated). */
  readonly leave = (): void => {
    if (!this.#open) return;
    // (SQLite may have ended it already, after an error.)
    if (this.#sqlite.inTransaction) this.#commit.run();
    this.#open = false;
  };

  readonly #endOfTurn = (): void => {
    this.#scheduled = false;
    if (!this.#sqlite.open) return;
    try {
      this.leave();
    } catch {
      // A stream still reading holds the connection: its rows come from this transaction.
      this.#scheduled = true;
      setImmediate(this.#endOfTurn);
    }
  };
}

const connections = new WeakMap<
  Kysely<Database>,
  { connection: SQLite.Database; snapshots: ReadSnapshots }
>();

/** Remembers the SQLite connection under a database made by createDatabase. */
export function setSqliteConnection(
  db: Kysely<Database>,
  connection: SQLite.Database,
  snapshots: ReadSnapshots,
): void {
  connections.set(db, { connection, snapshots });
}

/**
 * The SQLite connection under a database made by createDatabase (not a transaction's) for a read
 * that runs on it at once, inside the turn's read transaction (see prepared.ts); undefined on
 * PostgreSQL and while a write transaction holds the connection.
 */
export function sqliteReader(db: Kysely<Database>): SQLite.Database | undefined {
  const entry = connections.get(db);
  return entry?.snapshots.enter() ? entry.connection : undefined;
}

/**
 * The file of the SQLite database under a database made by createDatabase; undefined on PostgreSQL
 * and for a database in memory (which no second connection can open).
 */
export function sqliteFileOf(db: Kysely<Database>): string | undefined {
  const entry = connections.get(db);
  if (!entry || entry.connection.memory) return undefined;
  return entry.connection.name;
}

/** How to open another connection to a PostgreSQL database made by createDatabase. */
export interface PostgresSettings {
  connectionString: string;
  /** The connection's startup options (the tests' own schema). */
  options?: string;
}

const postgresSettings = new WeakMap<Kysely<Database>, PostgresSettings>();

export function setPostgresSettings(db: Kysely<Database>, settings: PostgresSettings): void {
  postgresSettings.set(db, settings);
}

/**
 * The settings of a PostgreSQL database made by createDatabase, for a connection of its own outside
 * the pool (an export's worker thread); undefined on SQLite.
 */
export function postgresSettingsOf(db: Kysely<Database>): PostgresSettings | undefined {
  return postgresSettings.get(db);
}
