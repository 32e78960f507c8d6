import type { ExportFormat } from '@stabile/contract';
import type { PostgresSettings } from '../../db/connections.ts';
import type { QuerySheetName } from './export-sheets.ts';

/*
 * What the request's thread and an export's worker thread say to each other (export-threads.ts,
 * export-worker.ts). Types and a name only: the worker thread loads no more than it needs.
 */

/** The PostgreSQL application name of an export thread's connection. */
export const EXPORT_CONNECTION_NAME = 'stabile-export';

/** Where an export's worker thread opens its own connection. */
export type ExportSource =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; settings: PostgresSettings };

/** One export for a worker thread: a compiled query, the sheet that writes its rows, the format. */
export interface ExportJob {
  source: ExportSource;
  sql: string;
  parameters: readonly unknown[];
  sheet: QuerySheetName;
  format: ExportFormat;
}

export type ToExportWorker =
  | { type: 'start'; job: ExportJob }
  /** The request's thread took that many pieces: the worker may send as many more. */
  | { type: 'ack'; pieces: number }
  /** The caller went away: stop writing and release the connection. */
  | { type: 'stop' };

export type FromExportWorker =
  /** The first row was read (or there is none): the answer can start. */
  | { type: 'started' }
  | { type: 'chunk'; bytes: ArrayBuffer }
  | { type: 'end' }
  | { type: 'failed'; message: string }
  /** The job's connection is released: the thread is free. */
  | { type: 'done' };
