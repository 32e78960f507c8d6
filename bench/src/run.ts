// `npm run bench`: builds (or reuses) a large generated archive, starts the real server on it, and runs
// every registered scenario with wrk (or autocannon) next to a bare-Fastify baseline measured in the same run.
// With `BENCH_DATABASE_URL` the archive is also generated in PostgreSQL and every scenario runs on both
// databases in turn, shown side by side.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../e2e/support/free-port.ts';
import { REPO_ROOT, type RunningServer, startServer } from '../../e2e/support/server.ts';
import { chooseClient, type LoadRequest, type LoadResult, load } from './load.ts';
import {
  BENCH_DIR,
  type BenchDatabase,
  generatedArchiveDir,
  generatedDatabaseUrl,
  loadScenarios,
  RESULTS_DIR,
} from './scenario-files.ts';
import type { BenchContext, Scenario } from './scenarios/types.ts';
import { archiveHeaders, describeFailure, openBenchSession } from './session.ts';

const SEED_CLI = path.join(REPO_ROOT, 'apps/server/src/seed/cli.ts');

const settings = {
  activities: Number(process.env.BENCH_ACTIVITIES ?? 1_000_000),
  archive: process.env.BENCH_ARCHIVE ?? 'Grande',
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'warn',
  /** Server processes (the server's WORKERS): one per core, as in production. */
  workers: process.env.BENCH_WORKERS ?? 'auto',
  /**
   * Also measure each archive scenario on a small archive of this many activities, right after the
   * large one in the same run, and report the p50 ratio (cost must not grow with the archive).
   */
  compare: Number(process.env.BENCH_COMPARE ?? 0),
  /** Node options for the servers' processes, e.g. `--trace-gc` (their output goes to the server log). */
  nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  /** The server's AUTH_RATE_LIMIT_FACTOR: 1 as in production, unless BENCH_AUTH_RATE_LIMIT_FACTOR. */
  authRateLimitFactor: process.env.BENCH_AUTH_RATE_LIMIT_FACTOR ?? '1',
  /** The load generator: `BENCH_CLIENT`, else wrk where installed, else autocannon (see load.ts). */
  client: chooseClient(),
  /**
   * `BENCH_DATABASE_URL` (postgres://...): also generate the archives in PostgreSQL, on that server, in
   * databases of their own (generatedDatabaseUrl), and measure every scenario there too.
   */
  databaseUrl: process.env.BENCH_DATABASE_URL,
  /** `BENCH_DATABASES=postgres` (or `sqlite`): measure one of them only. */
  databases: (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',').filter(Boolean),
};

// The servers choose their database from the bench's settings, never from the shell's DATABASE_URL.
delete process.env.DATABASE_URL;

const DATABASE_LABEL: Record<BenchDatabase, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

interface Row {
  scenario: string;
  database?: BenchDatabase;
  /** The p50 of the large archive over the small one's (BENCH_COMPARE). */
  sizeRatio?: number;
  description: string;
  requestsPerSecond?: number;
  p50Ms?: number;
  p99Ms?: number;
  ratioToBaseline?: number;
  non2xx?: number;
  errors?: number;
  /** The load generator's CPU time per request (microseconds). */
  clientCpuUs?: number;
  /** The server's CPU time per request, its workers' included (microseconds). */
  serverCpuUs?: number | undefined;
  note?: string;
}

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

/** Where an archive is generated: its server's data folder and, for PostgreSQL, its database. */
interface ArchiveLocation {
  dataDir: string;
  databaseUrl?: string;
}

/** Drops and creates the database of a generated PostgreSQL archive (on BENCH_DATABASE_URL's server). */
async function recreateDatabase(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: settings.databaseUrl });
  await client.connect();
  try {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    await client.query(`drop database if exists ${quoted} with (force)`);
    await client.query(`create database ${quoted}`);
  } finally {
    await client.end();
  }
}

async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
}

/**
 * The archive of that many activities on one database, generated once by the seed CLI and then
 * reused (the marker `bench-ready.json` in its data folder; delete the folder to generate it again).
 */
async function ensureArchive(
  database: BenchDatabase,
  notes: string[],
  activities = settings.activities,
): Promise<ArchiveLocation> {
  const target =
    database === 'postgres' && settings.databaseUrl
      ? generatedDatabaseUrl(settings.databaseUrl, activities)
      : undefined;
  const dataDir = generatedArchiveDir(activities, database, target?.name);
  const location: ArchiveLocation = { dataDir, ...(target ? { databaseUrl: target.url } : {}) };
  const marker = path.join(dataDir, 'bench-ready.json');
  if (existsSync(marker)) {
    log(
      `Reusing the generated archive in ${path.relative(REPO_ROOT, dataDir)}${target ? ` (${target.name})` : ''}`,
    );
    return location;
  }
  if (!existsSync(SEED_CLI)) {
    const demoDir = path.join(BENCH_DIR, '.bench-data', 'demo-only');
    notes.push('seed CLI not available yet: measured on the demo data only, not on a large archive');
    return { dataDir: demoDir };
  }
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  if (target) await recreateDatabase(target.name);
  log(
    `Generating "${settings.archive}" with ${activities} activities in ${DATABASE_LABEL[database]} (once; reused next time)...`,
  );
  const started = Date.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', SEED_CLI, '--archive', settings.archive, '--activities', String(activities)],
      {
        cwd: REPO_ROOT,
        stdio: 'inherit',
        env: { ...process.env, ...serverEnv(location), LOG_LEVEL: 'warn' },
      },
    );
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`The seed CLI failed (exit code ${code}); see its output above.`);
  // A bulk load leaves PostgreSQL without statistics and without the visibility map that index-only
  // scans need, until autovacuum comes by: the bench measures the archive as it is once settled.
  if (target) await vacuumAnalyze(target.url);
  const seconds = (Date.now() - started) / 1000;
  await writeFile(marker, JSON.stringify({ activities, database, seconds, createdAt: new Date() }));
  log(`Generated in ${seconds.toFixed(0)} s`);
  return location;
}

/** The environment that points a server (or the seed CLI) at an archive's database. */
function serverEnv(location: ArchiveLocation): Record<string, string> {
  return {
    DATA_DIR: location.dataDir,
    ...(location.databaseUrl ? { DATABASE_URL: location.databaseUrl } : {}),
  };
}

/** One database under test: the server on the large archive and, with BENCH_COMPARE, on the small one. */
interface Target {
  database: BenchDatabase;
  large: { server: RunningServer; context: BenchContext };
  small?: { server: RunningServer; context: BenchContext };
}

async function startOn(
  database: BenchDatabase,
  location: ArchiveLocation,
  logName: string,
  notes: string[],
): Promise<{ server: RunningServer; context: BenchContext }> {
  const server = await startServer({
    port: Number(
      (logName === 'server' && database === 'sqlite' && process.env.BENCH_PORT) || (await freePort()),
    ),
    dataDir: location.dataDir,
    logFile: path.join(RESULTS_DIR, `${logName}-${database}.log`),
    env: {
      LOG_LEVEL: settings.logLevel,
      WORKERS: settings.workers,
      // The production limits (the end-to-end suite's factor is 50); the login flood comes from an
      // address of its own through X-Forwarded-For, as behind a reverse proxy.
      AUTH_RATE_LIMIT_FACTOR: settings.authRateLimitFactor,
      TRUST_PROXY: '127.0.0.1',
      ...serverEnv(location),
    },
    nodeArgs: settings.nodeArgs,
    timeoutMs: 300_000,
  });
  const opened = await openBenchSession(server.baseURL, settings.archive);
  notes.push(...opened.notes.map((note) => `${DATABASE_LABEL[database]}: ${note}`));
  sessionOpenedAt.set(server, Date.now());
  return { server, context: { baseURL: server.baseURL, session: opened.session } };
}

/** When each server's bench session was opened: a run longer than the access token's 15 minutes logs in again. */
const sessionOpenedAt = new Map<RunningServer, number>();
const SESSION_REFRESH_MS = 10 * 60 * 1000;

/** Logs in again when the session is older than SESSION_REFRESH_MS (before a scenario, never during one). */
async function keepSessionFresh(target: { server: RunningServer; context: BenchContext } | undefined) {
  if (!target?.context.session) return;
  if (Date.now() - (sessionOpenedAt.get(target.server) ?? 0) < SESSION_REFRESH_MS) return;
  const opened = await openBenchSession(target.server.baseURL, settings.archive);
  if (opened.session) target.context.session = opened.session;
  sessionOpenedAt.set(target.server, Date.now());
}

function measure(url: string, requests: LoadRequest[], serverPid: number | undefined): Promise<LoadResult> {
  return load(settings.client, url, requests, { ...settings, serverPid });
}

function toRow(scenario: Pick<Scenario, 'name' | 'description'>, result: LoadResult, baseline?: number): Row {
  return {
    scenario: scenario.name,
    description: scenario.description,
    requestsPerSecond: Math.round(result.requestsPerSecond),
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    ratioToBaseline: baseline ? result.requestsPerSecond / baseline : undefined,
    non2xx: result.non2xx,
    errors: result.errors,
    clientCpuUs: Math.round(result.clientCpuUs),
    serverCpuUs: result.serverCpuUs === undefined ? undefined : Math.round(result.serverCpuUs),
    note:
      result.statuses.length || result.errors
        ? `non-2xx ${result.statuses.join(' ')} errors ${result.errors}`
        : undefined,
  };
}

async function startBaseline(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, 'src/baseline.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${url}/baseline`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error('The bare-Fastify baseline did not start');
}

/** A share of the baseline: whole percents, tenths below 10%, hundredths below 1%. */
function formatShare(ratio: number): string {
  const percent = ratio * 100;
  return `${percent.toFixed(percent >= 10 ? 0 : percent >= 1 ? 1 : 2)}%`;
}

/** Latencies to a tenth of a millisecond (wrk measures microseconds, autocannon milliseconds). */
function formatMs(ms: number): string {
  return Number.isInteger(ms) ? String(ms) : ms.toFixed(1);
}

function printTable(rows: Row[]): void {
  const header = [
    'scenario',
    'database',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs baseline',
    'server µs',
    'client µs',
    'note',
  ];
  const lines = rows.map((r) => [
    r.scenario,
    r.database ? DATABASE_LABEL[r.database] : '',
    r.requestsPerSecond?.toLocaleString('en-US') ?? '-',
    r.p50Ms === undefined ? '-' : formatMs(r.p50Ms),
    r.p99Ms === undefined ? '-' : formatMs(r.p99Ms),
    r.ratioToBaseline === undefined ? '-' : formatShare(r.ratioToBaseline),
    r.serverCpuUs?.toString() ?? '-',
    r.clientCpuUs?.toString() ?? '-',
    r.note ?? '',
  ]);
  log(formatTable(header, lines, [0, 1, header.length - 1]));
}

/** A text table: the columns of `left` aligned left, the others right. */
function formatTable(header: string[], lines: string[][], left: number[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (left.includes(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [`\n${format(header)}`, widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join(
    '\n',
  );
}

/**
 * The databases side by side: per scenario, each one's requests per second, p50, p99 and server CPU
 * per request on the large archive and its p50 over the small archive's (BENCH_COMPARE).
 */
function printSideBySide(rows: Row[], databases: BenchDatabase[]): void {
  const measured = rows.filter((r) => r.database && !r.scenario.startsWith(' '));
  const scenarios = [...new Set(measured.map((r) => r.scenario))];
  if (databases.length < 2 || scenarios.length === 0) return;
  const header = [
    'scenario',
    ...databases.flatMap((d) => [
      `${DATABASE_LABEL[d]} req/s`,
      'p50 ms',
      'p99 ms',
      'server µs',
      '1M/small p50',
    ]),
  ];
  const lines = scenarios.map((name) => [
    name,
    ...databases.flatMap((d) => {
      const r = measured.find((row) => row.scenario === name && row.database === d);
      if (!r || r.p99Ms === undefined) return [r?.note ? 'not measured' : '-', '-', '-', '-', '-'];
      return [
        r.requestsPerSecond?.toLocaleString('en-US') ?? '-',
        formatMs(r.p50Ms ?? 0),
        formatMs(r.p99Ms),
        r.serverCpuUs?.toString() ?? '-',
        r.sizeRatio === undefined ? '-' : `${r.sizeRatio.toFixed(1)}x`,
      ];
    }),
  ]);
  log(formatTable(header, lines, [0]));
}

async function main(): Promise<void> {
  const notes: string[] = [];
  if (settings.client === 'autocannon' && !process.env.BENCH_CLIENT) {
    notes.push(
      "wrk is not installed (Debian: apt-get install wrk): measured with autocannon, whose CPU per request (the client µs column) is about twice wrk's and is taken from the server's cores",
    );
  }
  const databases = (['sqlite', 'postgres'] as const).filter(
    (d) => settings.databases.includes(d) && (d === 'sqlite' || settings.databaseUrl),
  );
  if (databases.length === 0) {
    throw new Error('No database to measure: BENCH_DATABASES=postgres needs BENCH_DATABASE_URL.');
  }
  const scenarios = await loadScenarios(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
  const locations = new Map<BenchDatabase, { large: ArchiveLocation; small?: ArchiveLocation }>();
  for (const database of databases) {
    const large = await ensureArchive(database, notes);
    const small = settings.compare > 0 ? await ensureArchive(database, notes, settings.compare) : undefined;
    locations.set(database, { large, ...(small ? { small } : {}) });
  }
  await mkdir(RESULTS_DIR, { recursive: true });

  const targets: Target[] = [];
  let baseline: { url: string; child: ChildProcess } | undefined;
  const rows: Row[] = [];
  try {
    for (const database of databases) {
      const location = locations.get(database)!;
      log(`Starting the ${DATABASE_LABEL[database]} server${location.small ? 's' : ''}...`);
      const large = await startOn(database, location.large, 'server', notes);
      const target: Target = { database, large };
      targets.push(target);
      if (location.small) target.small = await startOn(database, location.small, 'server-small', notes);
    }

    baseline = await startBaseline();
    log(
      `Measuring ${settings.connections} connections × ${settings.duration} s per scenario with ${settings.client}`,
    );
    const baselineResult = await measure(
      baseline.url,
      [{ path: '/baseline', headers: {} }],
      baseline.child.pid,
    );
    const baselineRps = baselineResult.requestsPerSecond;
    rows.push(
      toRow({ name: 'baseline (bare Fastify)', description: 'small JSON, no database' }, baselineResult),
    );
    baseline.child.kill('SIGTERM');
    baseline = undefined;

    // Scenario by scenario, each database in turn: a slower minute of the shared machine then weighs
    // on both databases alike.
    for (const scenario of scenarios) {
      for (const { database, large, small } of targets) {
        const label = databases.length > 1 ? ` on ${DATABASE_LABEL[database]}` : '';
        const base = { name: scenario.name, description: scenario.description };
        await keepSessionFresh(large);
        await keepSessionFresh(small);
        if (scenario.needsArchive && !large.context.session) {
          rows.push({
            scenario: scenario.name,
            database,
            description: scenario.description,
            note: 'skipped: no archive session',
          });
          continue;
        }
        const headers = archiveHeaders(scenario, large.context.session);
        const requests = (await scenario.requests(large.context)).map((r) => ({ ...r, headers }));
        const probe = await probeAll(large.server.baseURL, requests);
        if (probe) {
          rows.push({
            scenario: scenario.name,
            database,
            description: scenario.description,
            note: `not measured: ${probe}`,
          });
          continue;
        }
        if (scenario.measure) {
          log(`  ${scenario.name}${label}...`);
          const running = large.server;
          const measured = await scenario.measure(
            large.context,
            (loadRequests, connections) =>
              load(settings.client, running.baseURL, loadRequests, {
                ...settings,
                connections,
                serverPid: running.process.pid,
              }),
            headers,
          );
          for (const row of measured) {
            rows.push({
              ...toRow({ name: row.name, description: row.description }, row.result, baselineRps),
              database,
              ...(row.note ? { note: row.note } : {}),
            });
          }
          continue;
        }
        log(`  ${scenario.name}${label}...`);
        const row: Row = {
          ...toRow(
            base,
            await measure(large.server.baseURL, requests, large.server.process.pid),
            baselineRps,
          ),
          database,
        };
        rows.push(row);
        if (small && scenario.needsArchive && small.context.session) {
          const smallHeaders = archiveHeaders(scenario, small.context.session);
          const smallRequests = (await scenario.requests(small.context)).map((r) => ({
            ...r,
            headers: smallHeaders,
          }));
          log(`  ${scenario.name}${label} on ${settings.compare} activities...`);
          const smallRow: Row = {
            ...toRow(
              {
                name: `  same on ${settings.compare.toLocaleString('en-US')}`,
                description: scenario.description,
              },
              await measure(small.server.baseURL, smallRequests, small.server.process.pid),
              baselineRps,
            ),
            database,
          };
          if (row.p50Ms && smallRow.p50Ms) {
            row.sizeRatio = row.p50Ms / smallRow.p50Ms;
            row.note = [row.note, `p50 ${row.sizeRatio.toFixed(1)}x the small archive's`]
              .filter(Boolean)
              .join('; ');
          }
          rows.push(smallRow);
        }
      }
    }
  } finally {
    baseline?.child.kill('SIGTERM');
    for (const target of targets) {
      await target.large.server.stop();
      await target.small?.server.stop();
    }
  }

  printTable(rows);
  printSideBySide(rows, databases);
  for (const note of notes) log(`NOTE: ${note}`);
  const generated: Record<string, unknown> = {};
  for (const [database, location] of locations) {
    generated[database] = await readFile(path.join(location.large.dataDir, 'bench-ready.json'), 'utf8').then(
      JSON.parse,
      () => null,
    );
  }
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model,
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
    },
    node: process.version,
    settings: { ...settings, databaseUrl: settings.databaseUrl ? '(set)' : undefined },
    databases,
    generated,
    notes,
    rows,
  };
  const json = JSON.stringify(report, null, 2);
  await writeFile(path.join(RESULTS_DIR, 'latest.json'), json);
  await writeFile(path.join(RESULTS_DIR, `bench-${report.date.replace(/[:.]/g, '-')}.json`), json);
  log(`\nResults written to ${path.relative(REPO_ROOT, path.join(RESULTS_DIR, 'latest.json'))}`);
}

/** One request of each kind before loading: a scenario whose route fails is reported, not measured. */
async function probeAll(baseURL: string, requests: LoadRequest[]): Promise<string | undefined> {
  for (const r of requests) {
    const response = await fetch(`${baseURL}${r.path}`, {
      method: r.method ?? 'GET',
      headers: { ...r.headers, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    if (!response.ok) {
      const text = await response.text();
      let body: { data: unknown; error: { code?: number; message?: string } | null } | undefined;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      return `${r.method ?? 'GET'} ${r.path} answered ${describeFailure({ status: response.status, body })}`;
    }
  }
  return undefined;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
