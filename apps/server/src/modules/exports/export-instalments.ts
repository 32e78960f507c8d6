import type { RataGroup } from '@stabile/contract';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../db/schema.ts';
import { registerSearchFunctions } from '../../db/search-terms.ts';
import {
  type GroupListInput,
  type InstalmentContext,
  listGroups,
} from '../instalments/instalment.service.ts';
import { EXPORT_CONNECTION_NAME, type InstalmentsExportJob } from './export-jobs.ts';

/*
 * The instalments' export (decision 0028): the groups of an exercise are not one query but the
 * list's own service (each page's totals computed from its instalments), so a worker thread runs
 * that service, page after page, on a connection of its own. Loaded by the thread at its first
 * instalments export only.
 */

/** Groups read at a time (the list's largest page). */
const INSTALMENT_PAGE = 100;

/**
 * The groups of an exercise's instalments page by page through the list's own service (an exercise
 * has at most a few thousand groups, each page computed from its instalments).
 */
export async function* instalmentGroups(
  ctx: InstalmentContext,
  filters: GroupListInput,
): AsyncGenerator<RataGroup> {
  for (let pageNumber = 1; ; pageNumber++) {
    const page = await listGroups(ctx, filters, { pageNumber, pageSize: INSTALMENT_PAGE });
    yield* page.items;
    if (page.items.length < INSTALMENT_PAGE) return;
  }
}

/**
 * In an export's worker thread: the groups of the job read on a connection of the thread's own,
 * inside one read transaction (every page from the same snapshot of the archive, as one query's rows
 * are). Closing the iterator ends the transaction and the connection.
 */
export async function* instalmentGroupsOfJob(job: InstalmentsExportJob): AsyncGenerator<RataGroup> {
  const { source } = job;
  let db: Kysely<Database>;
  if (source.kind === 'sqlite') {
    // Read-only on the same file: WAL lets it read a consistent snapshot beside the server's writer.
    const sqlite = new SQLite(source.file, { readonly: true, fileMustExist: true, timeout: 5000 });
    sqlite.pragma('cache_size = -8192');
    registerSearchFunctions(sqlite);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  } else {
    // One connection (every query of a page waits for it in turn), named as the other exports'.
    const pool = new pg.Pool({ ...source.settings, max: 1, application_name: EXPORT_CONNECTION_NAME });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  try {
    await sql
      .raw(source.kind === 'sqlite' ? 'begin' : 'begin isolation level repeatable read read only')
      .execute(db);
    const ctx: InstalmentContext = {
      db,
      dialect: source.kind,
      archiveId: job.archiveId,
      today: job.today,
    };
    yield* instalmentGroups(ctx, job.filters);
  } finally {
    await sql
      .raw('rollback')
      .execute(db)
      .catch(() => {});
    await db.destroy();
  }
}
