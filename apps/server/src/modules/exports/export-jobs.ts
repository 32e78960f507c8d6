import type { ExportFormat } from '@stabile/contract';
import type { PostgresSettings } from '../../db/connections.ts';
import type { GroupListInput } from '../instalments/instalment.service.ts';
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
export interface QueryExportJob {
  source: ExportSource;
  sql: string;
  parameters: readonly unknown[];
  sheet: QuerySheetName;
  format: ExportFormat;
}

/**
 * The instalment groups of an exercise: not one query but the list's own service, page by page
 * (export-instalments.ts), run in the thread on its connection. The exercise was checked in the
 * archive by the request's thread, which also fixes the day the overdue amounts are counted at.
 */
export interface InstalmentsExportJob {
  source: ExportSource;
  sheet: 'rate';
  archiveId: number;
  today: string;
  filters: GroupListInput;
  format: ExportFormat;
}

export type ExportJob = QueryExportJob | InstalmentsExportJob;

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
