import { existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type KyselyPlugin,
  type LimitNode,
  PostgresDialect,
  type QueryCompiler,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  SqliteQueryCompiler,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import Cursor from 'pg-cursor';
import { ensurePrivateFileSync } from '../shared/private-files.ts';
import { ReadSnapshots, setPostgresSettings, setSqliteConnection } from './connections.ts';
import { nameRepeatedStatements } from './pg-statements.ts';
import { readInt8AsNumber } from './pg-types.ts';
import type { Database } from './schema.ts';
import { registerSearchFunctions } from './search-terms.ts';
import { WalFlush } from './wal-flush.ts';
import { type ReleaseTurn, writeTurnsOfProcess } from './write-turns.ts';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (tests run each file in its own schema). */
  pgSchema?: string;
  /** SQLite file; ':memory:' for throwaway databases. Defaults to DATA_DIR/stabile.db. */
  sqliteFile?: string;
  /** SQLite: sees the text of each statement prepared (the tests use it to check our SQL). */
  onPrepare?: (source: string) => void;
  /** Kysely plugins (the tests check every query's archive with one, test/archive-scope.ts). */
  plugins?: KyselyPlugin[];
}

readInt8AsNumber();

export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const settings = {
      connectionString: options.databaseUrl,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    };
    const pool = new pg.Pool({ ...settings, max: 10 });
    nameRepeatedStatements(pool);
    // `cursor`: a query's `.stream()` reads its rows through a cursor (exports, decision 0025).
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool, cursor: Cursor }),
      plugins: options.plugins ?? [],
    });
    setPostgresSettings(db, settings);
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = options.sqliteFile ?? path.join(options.dataDir, 'stabile.db');
  // Owner-only before SQLite opens it: its -wal and -shm files take the database file's mode.
  if (file !== ':memory:' && file !== '') {
    ensurePrivateFileSync(file);
    for (const extra of [`${file}-wal`, `${file}-shm`]) if (existsSync(extra)) ensurePrivateFileSync(extra);
  }
  const sqlite = new SQLite(file, { timeout: 5000 });
  sqlite.pragma('journal_mode = WAL');
  // A file's writes are answered after their log is synced, several commits at a time (wal-flush.ts).
  const walFlush = sqlite.memory ? undefined : new WalFlush(`${file}-wal`);
  sqlite.pragma(walFlush ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Reads go through a memory map and a 64 MB page cache instead of a read() per page: on a large
  // archive most of a list request's database time was copying pages.
  sqlite.pragma('mmap_size = 1073741824');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = memory');
  registerSearchFunctions(sqlite);
  const snapshots = new ReadSnapshots(sqlite);
  const connection = withStatementCache(sqlite, snapshots, options.onPrepare);
  const db = new Kysely<Database>({
    dialect: new StableSqliteDialect({ database: connection }, walFlush),
    plugins: options.plugins ?? [],
  });
  setSqliteConnection(db, connection, snapshots);
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * SQLite (3.47 and later) reads the value bound to a bare `limit ?` while planning a statement, and
 * so marks the statement to be compiled again whenever that parameter is bound: each run of a cached
 * statement with a LIMIT was parsed and planned anew, about half the database time of a list page
 * (on 1M activities, with the same plan). A LIMIT written `+?` is an expression the planner does
 * not read, so the statement is compiled once. Raw SQL with a LIMIT is written the same way
 * (`limit +${n}`); the tests refuse any statement with a bare bound LIMIT (test/build-test-app.ts).
 */
class StableLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit +');
    this.visitNode(node.limit);
  }
}

/**
 * SQLite transactions begin IMMEDIATE (unless asked read-only): the server runs one process per
 * core on one database file, and a deferred transaction that has read and then writes, while
 * another process wrote in between, fails at once with SQLITE_BUSY instead of waiting its turn
 * (busy_timeout does not apply to that upgrade). Two payments recorded at once by two processes
 * gave "database is locked" (500); an immediate transaction waits for the write lock first.
 *
 * In a server with several processes, each write transaction and each write outside one first
 * takes its turn from the primary (write-turns.ts), waiting without blocking the process.
 *
 * A use of the connection that wrote (a transaction that committed, a write outside one) ends once
 * the connection is free for the next and the log holds the write on disk (wal-flush.ts).
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #sqlite: SQLite.Database;
  readonly #turns = writeTurnsOfProcess();
  readonly #walFlush: WalFlush | undefined;
  /** The turn of the transaction under way. */
  #transactionTurn: ReleaseTurn | null = null;
  #inTransaction = false;
  #readOnlyTransaction = false;
  /** The connection's current use has written: the log is synced before that use ends. */
  #wrote = false;

  constructor(config: SqliteDialectConfig, walFlush: WalFlush | undefined) {
    super(config);
    this.#sqlite = config.database as SQLite.Database;
    this.#walFlush = walFlush;
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection();
    const turns = this.#turns;
    if (!turns && !this.#walFlush) return connection;
    return {
      executeQuery: async <R>(query: CompiledQuery) => {
        if (this.#inTransaction || this.#sqlite.prepare(query.sql).readonly)
          return connection.executeQuery<R>(query);
        const release = await turns?.acquire();
        try {
          const result = await connection.executeQuery<R>(query);
          this.#wrote = true;
          return result;
        } finally {
          release?.();
        }
      },
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) =>
        connection.streamQuery<R>(query, chunkSize),
    };
  }

  override async releaseConnection(): Promise<void> {
    const wrote = this.#wrote;
    this.#wrote = false;
    await super.releaseConnection();
    if (wrote) await this.#walFlush?.flush();
  }

  override async beginTransaction(
    connection: DatabaseConnection,
    settings?: TransactionSettings,
  ): Promise<void> {
    const readOnly = settings?.accessMode === 'read only';
    if (!readOnly && this.#turns) this.#transactionTurn = await this.#turns.acquire();
    // From here the connection's statements are the transaction's (BEGIN IMMEDIATE included, which
    // SQLite does not count as read-only): none asks for a turn of its own.
    this.#inTransaction = true;
    this.#readOnlyTransaction = readOnly;
    try {
      await connection.executeQuery(CompiledQuery.raw(readOnly ? 'begin' : 'begin immediate'));
    } catch (error) {
      this.#giveTurnBack();
      throw error;
    }
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.commitTransaction(connection);
      if (!this.#readOnlyTransaction) this.#wrote = true;
    } finally {
      this.#giveTurnBack();
    }
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    try {
      await super.rollbackTransaction(connection);
    } finally {
      this.#giveTurnBack();
    }
  }

  #giveTurnBack(): void {
    this.#inTransaction = false;
    this.#transactionTurn?.();
    this.#transactionTurn = null;
  }
}

class StableSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  readonly #walFlush: WalFlush | undefined;

  constructor(config: SqliteDialectConfig, walFlush: WalFlush | undefined) {
    super(config);
    this.#config = config;
    this.#walFlush = walFlush;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config, this.#walFlush);
  }

  override createQueryCompiler(): QueryCompiler {
    return new StableLimitCompiler();
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query again; preparing costs about as much as running a small indexed
 * query. Statements are reused by their SQL text (the queries are parameterised, so the set is
 * small). better-sqlite3 re-prepares a cached statement by itself after a schema change. A
 * statement that may write, and any other use of the connection, first ends the turn's read
 * transaction (ReadSnapshots).
 */
function withStatementCache(
  sqlite: SQLite.Database,
  snapshots: ReadSnapshots,
  onPrepare?: (source: string) => void,
): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>();
  const prepare = (source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      onPrepare?.(source);
      const prepared = sqlite.prepare(source);
      // A statement that only reads runs as it is; any other first ends the read transaction.
      statement = prepared.reader && prepared.readonly ? prepared : leavingFirst(prepared, snapshots.leave);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  };
  return leavingFirst(sqlite, snapshots.leave, { prepare });
}

/** `target` whose methods call `before` first (but those of `own`, used as they are). */
function leavingFirst<T extends object>(target: T, before: () => void, own: Record<string, unknown> = {}): T {
  return new Proxy(target, {
    get(object, property) {
      if (typeof property === 'string' && property in own) return own[property];
      const value = Reflect.get(object, property, object) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        before();
        return (value as (...a: unknown[]) => unknown).apply(object, args);
      };
    },
  });
}
