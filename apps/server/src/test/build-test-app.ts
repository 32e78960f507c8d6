import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type AppInstance, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { createDatabase, type DatabaseHandle } from '../db/database.ts';
import { MigrationError, migrateToLatest } from '../db/migrate.ts';
import type { Mailer, MailMessage } from '../shared/mailer.ts';
import { ArchiveScopeRecorder, archiveTablesOf } from './archive-scope.ts';

export interface TestApp {
  app: AppInstance;
  database: DatabaseHandle;
  config: Config;
  /** Every email the app sent during the test. */
  outbox: MailMessage[];
  close(): Promise<void>;
}

const BOUND_LIMIT = /\blimit\s+\?/i;

/**
 * Which database the suite runs on: PostgreSQL (TEST_DATABASE_URL) when TEST_DIALECT=postgres, as
 * `npm run test:postgres` sets it; SQLite otherwise.
 */
const postgresUrl = process.env.TEST_DIALECT === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
export const testDialect = postgresUrl ? 'postgres' : 'sqlite';

/**
 * Kysely's migrator, before any migration, looks for its own tables through the catalog of every
 * schema of the database (`pg_get_serial_sequence` on each column of each table): a test file that
 * drops its schema at that moment fails the look-up with `schema "t_..." does not exist`, or
 * `column "descrizione" of relation "common_part_services" does not exist`, about the other file's
 * schema. The look-up is tried again; a migration of our own that fails is not (it names itself).
 * The migrations run one transaction each, so running them again resumes where they stopped.
 */
async function migrateOwnSchema(database: DatabaseHandle, schema: string | undefined): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(database.db, schema ? { schema } : {});
      return;
    } catch (error) {
      const lookUpRace =
        error instanceof MigrationError &&
        error.migration === undefined &&
        /does not exist/.test(error.message);
      if (!schema || !lookUpRace || attempt === 5) throw error;
    }
  }
}

/**
 * A fresh app on a fresh database: an in-memory SQLite, or its own schema in the PostgreSQL of
 * TEST_DATABASE_URL (dropped on close). Logging is off unless TEST_LOG is set.
 */
export async function buildTestApp(
  overrides: Partial<Record<string, string>> = {},
  /** Extra routes a test needs (registered before the app is ready), e.g. a dummy route of an area. */
  extraRoutes?: (app: AppInstance) => Promise<void>,
  /** Where the app's log goes (with LOG_LEVEL in `overrides`), for tests that read it. */
  logStream?: { write(line: string): void },
  /** SQLite in a file of the data folder, which other connections can open (an export's thread). */
  options: { sqliteOnDisk?: boolean } = {},
): Promise<TestApp> {
  // SQLite compiles a statement again on every run when its LIMIT is a bare bound parameter
  // (db/database.ts, StableLimitCompiler): each one is reported when the app closes.
  const boundLimits = new Set<string>();
  // Every query the app sends names its archive (test/archive-scope.ts): reported when the app closes.
  const archiveScope = new ArchiveScopeRecorder();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stabile-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LINK_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: process.env.TEST_LOG ? 'debug' : 'silent',
    PUBLIC_URL: 'http://stabile.test',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...overrides,
  });
  const testUrl = postgresUrl;
  let schema: string | undefined;
  if (testUrl) {
    schema = `t_${randomBytes(6).toString('hex')}`;
    const client = new pg.Client({ connectionString: testUrl });
    await client.connect();
    await client.query(`create schema ${schema}`);
    await client.end();
  }
  const database = createDatabase({
    dataDir,
    databaseUrl: testUrl,
    ...(schema
      ? { pgSchema: schema }
      : { sqliteFile: options.sqliteOnDisk ? path.join(dataDir, 'stabile.db') : ':memory:' }),
    onPrepare: (source) => {
      if (BOUND_LIMIT.test(source)) boundLimits.add(source);
    },
    plugins: [archiveScope],
  });
  await migrateOwnSchema(database, schema);
  archiveScope.start(await archiveTablesOf(database.db, database.dialect), database.db);
  const outbox: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      outbox.push(message);
    },
  };
  const app = await buildApp({
    config,
    db: database.db,
    dialect: database.dialect,
    mailer,
    checkResponses: true,
    ...(logStream ? { logStream } : {}),
  });
  if (extraRoutes) await app.register(extraRoutes);
  await app.ready();
  return {
    app,
    database,
    config,
    outbox,
    async close() {
      await app.close();
      archiveScope.stop();
      if (schema) await sql.raw(`drop schema ${schema} cascade`).execute(database.db);
      await database.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      const unscoped = archiveScope.report();
      if (unscoped) throw new Error(unscoped);
      if (boundLimits.size > 0) {
        throw new Error(
          `SQLite statements with a bare bound LIMIT (write \`limit +\${n}\`):\n${[...boundLimits].join('\n')}`,
        );
      }
    },
  };
}
