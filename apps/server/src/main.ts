import { fork } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { createDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { WriteTurnServer } from './db/write-turns.ts';
import { ensureDemoData } from './seed/demo.ts';

/**
 * Starts Stabile. With WORKERS=1 (the default) one process does everything. With more, this
 * process migrates and seeds the database, then forks the workers that share the port (the API is
 * stateless: sessions, counters and rate limits live in the database), restarts a worker that dies,
 * and on SIGTERM lets every worker finish its requests in flight.
 *
 * Stopping (SIGTERM or SIGINT): no new connection is accepted, idle keep-alive connections are
 * closed, requests in flight get SHUTDOWN_TIMEOUT_MS (10 s) to finish; then whatever is still open
 * is cut, the database closed and the process exits (0 when everything finished, 1 when cut). A
 * second signal exits at once.
 */

const IS_WORKER = cluster.isWorker;

/**
 * Scheduled backups (BACKUP_DIR, every BACKUP_EVERY, the newest BACKUP_KEEP kept): each one runs
 * `npm run backup`'s script in a process of its own, so that the snapshot never holds up requests.
 */
function scheduleBackups(
  config: Config,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
) {
  const backup = config.backup;
  if (!backup) return () => undefined;
  const script = path.join(import.meta.dirname, 'scripts/backup.ts');
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    const child = fork(script, [backup.dir], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let output = '';
    child.stdout?.on('data', (d) => {
      output += String(d);
    });
    child.stderr?.on('data', (d) => {
      output += String(d);
    });
    child.on('exit', (code) => {
      running = false;
      if (code === 0) log.info({ output: output.trim() }, 'scheduled backup written');
      else log.error({ code, output: output.trim() }, 'scheduled backup failed');
    });
  }, backup.everyMs);
  timer.unref();
  log.info({ dir: backup.dir, everyMs: backup.everyMs, keep: backup.keep }, 'scheduled backups on');
  return () => clearInterval(timer);
}

/**
 * DATA_DIR/stabile.pid names the running server (its main process), so that `npm run restore`
 * refuses to replace the data under it. Removed at exit.
 */
function writePidFile(dataDir: string): void {
  const file = path.join(dataDir, 'stabile.pid');
  writeFileSync(file, `${process.pid}\n`, { mode: 0o600 });
  process.on('exit', () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  });
}

async function openDatabase(config: Config, migrate: boolean): Promise<DatabaseHandle> {
  let handle: DatabaseHandle | undefined;
  try {
    handle = createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
    if (migrate) await migrateToLatest(handle.db);
    return handle;
  } catch (error) {
    await handle?.destroy().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `${config.dataDir}/stabile.db`;
    throw new ConfigError(`Impossibile aprire il database ${where}: ${reason}`);
  }
}

async function runServer(config: Config) {
  const database = await openDatabase(config, !IS_WORKER);
  const app = await buildApp({ config, db: database.db, dialect: database.dialect });
  if (config.seed && !IS_WORKER) await ensureDemoData(database.db, app.log, { dataDir: config.dataDir });

  let closing = false;
  const closeDatabase = () => database.destroy().catch(() => undefined);
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    app.log.info(
      { signal, timeoutMs: config.shutdownTimeoutMs },
      'shutting down: finishing requests in flight',
    );
    const deadline = setTimeout(() => {
      app.log.warn('requests still open at the deadline: closing them and exiting');
      app.server.closeAllConnections();
      void closeDatabase().finally(() => process.exit(1));
      // Even if closing the database hangs.
      setTimeout(() => process.exit(1), 1000).unref();
    }, config.shutdownTimeoutMs);
    try {
      // Stop accepting connections, close the idle ones, let in-flight requests finish.
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing the server');
    }
    clearTimeout(deadline);
    await closeDatabase();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (!IS_WORKER) {
    writePidFile(config.dataDir);
    scheduleBackups(config, app.log);
  }
  return app;
}

async function runPrimary(config: Config) {
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config, true);
  try {
    if (config.seed) await ensureDemoData(database.db, log, { dataDir: config.dataDir });
  } finally {
    await database.destroy();
  }

  let closing = false;
  // Each running worker, and whether it ever listened (took its share of the port).
  const workers = new Map<Worker, boolean>();
  const forkWorker = () => workers.set(cluster.fork(), false);
  cluster.on('listening', (worker) => workers.set(worker, true));
  cluster.on('exit', (worker, code, signal) => {
    const listened = workers.get(worker) ?? false;
    workers.delete(worker);
    if (closing) {
      // 0 after a requested stop, 1 when a worker failed to start (process.exitCode).
      if (workers.size === 0) process.exit();
      return;
    }
    // A worker that cannot even start (port taken, database gone) would loop: stop instead. (Not a
    // time limit: on a loaded machine a worker can take longer than any guess to start and fail.)
    if (!listened) {
      log.fatal({ code, signal }, 'a server process stopped while starting: shutting down');
      closing = true;
      for (const other of workers.keys()) other.kill('SIGTERM');
      if (workers.size === 0) process.exit(1);
      process.exitCode = 1;
      return;
    }
    log.error({ code, signal }, 'a server process stopped: starting another');
    forkWorker();
  });
  const shutdown = (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: stopping every server process now');
      for (const worker of workers.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    closing = true;
    log.info({ signal, workers: workers.size }, 'shutting down: workers finish requests in flight');
    for (const worker of workers.keys()) worker.kill('SIGTERM');
    // Each worker keeps its own deadline; this one is for a worker that would not even do that.
    setTimeout(() => {
      log.warn('server processes still running after the deadline: stopping them');
      for (const worker of workers.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownTimeoutMs + 5000).unref();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  // One database file for every worker: they take turns at its write lock (db/write-turns.ts).
  if (!config.databaseUrl) new WriteTurnServer().serveCluster();
  for (let i = 0; i < config.workers; i++) forkWorker();
  writePidFile(config.dataDir);
  scheduleBackups(config, log);
  log.info({ workers: config.workers, port: config.port }, 'server processes started');
}

async function main() {
  const config = loadConfig();
  if (cluster.isPrimary && config.workers > 1) await runPrimary(config);
  else await runServer(config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Avvio non riuscito:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
