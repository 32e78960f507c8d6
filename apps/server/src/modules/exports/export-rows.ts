import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { sqliteFileOf } from '../../db/connections.ts';
import type { Database } from '../../db/schema.ts';
import { registerSearchFunctions } from '../../db/search-terms.ts';

/** Rows asked of the database at a time (a PostgreSQL cursor's fetch). */
const CHUNK_ROWS = 1000;

/** Where one export reads its rows, and how to let it go. */
export interface ExportReader {
  db: Kysely<Database>;
  close(): Promise<void>;
}

/**
 * The database an export reads from. PostgreSQL: the server's pool (`.stream()` holds one of its
 * connections and reads through a cursor). SQLite: a read-only connection of the export's own,
 * because the server's single connection cannot run anything else while a statement is being
 * iterated (Kysely would hold every other request behind the export, and the reads that use the
 * connection directly would fail); WAL lets it read a consistent snapshot beside the writer. A
 * database in memory (tests) cannot be opened twice: its exports read on the one connection.
 */
export function exportReader(db: Kysely<Database>): ExportReader {
  const file = sqliteFileOf(db);
  if (!file) return { db, close: async () => {} };
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  sqlite.pragma('cache_size = -8192');
  registerSearchFunctions(sqlite);
  const own = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db: own, close: () => own.destroy() };
}

/** A query whose rows an export reads: streamed here, or compiled for a worker thread. */
export interface ExportQuery<R> {
  stream(chunkSize?: number): AsyncIterableIterator<R>;
  compile(): CompiledQuery<R>;
}

/**
 * The rows of a query built on the export's reader, as they come: the reader is closed when the
 * rows end or their reading stops (sendExport returns the iterator early).
 */
export async function* streamedRows<R>(
  db: Kysely<Database>,
  build: (reader: Kysely<Database>) => Promise<ExportQuery<R> | null> | ExportQuery<R> | null,
): AsyncGenerator<R> {
  const reader = exportReader(db);
  try {
    const query = await build(reader.db);
    if (!query) return;
    yield* query.stream(CHUNK_ROWS);
  } finally {
    await reader.close();
  }
}
