// `npm run bench`: builds (or reuses) a large generated archive, starts the real server on it, and runs
// every registered scenario with wrk (or autocannon) next to a bare-Fastify baseline measured in the same run.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/free-port.ts';
import { REPO_ROOT, type RunningServer, startServer } from '../../e2e/support/server.ts';
import { chooseClient, type LoadRequest, type LoadResult, load } from './load.ts';
import { BENCH_DIR, generatedArchiveDir, loadScenarios, RESULTS_DIR } from './scenario-files.ts';
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
};

interface Row {
  scenario: string;
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

/** The data directory holding the large archive, generated once per activity count and then reused. */
async function ensureLargeArchive(notes: string[], activities = settings.activities): Promise<string> {
  const dataDir = generatedArchiveDir(activities);
  const marker = path.join(dataDir, 'bench-ready.json');
  if (existsSync(marker)) {
    log(`Reusing the generated archive in ${path.relative(REPO_ROOT, dataDir)}`);
    return dataDir;
  }
  if (!existsSync(SEED_CLI)) {
    const demoDir = path.join(BENCH_DIR, '.bench-data', 'demo-only');
    notes.push('seed CLI not available yet: measured on the demo data only, not on a large archive');
    return demoDir;
  }
  await rm(dataDir, { recursive: true, force: true });
  await mkdir(dataDir, { recursive: true });
  log(`Generating "${settings.archive}" with ${activities} activities (once; reused next time)...`);
  const started = Date.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', SEED_CLI, '--archive', settings.archive, '--activities', String(activities)],
      { cwd: REPO_ROOT, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
    );
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`The seed CLI failed (exit code ${code}); see its output above.`);
  const seconds = (Date.now() - started) / 1000;
  await writeFile(marker, JSON.stringify({ activities, seconds, createdAt: new Date() }));
  log(`Generated in ${seconds.toFixed(0)} s`);
  return dataDir;
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

/** Latencies to a tenth of a millisecond (wrk measures microseconds, autocannon milliseconds). */
function formatMs(ms: number): string {
  return Number.isInteger(ms) ? String(ms) : ms.toFixed(1);
}

function printTable(rows: Row[]): void {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'vs baseline', 'server µs', 'client µs', 'note'];
  const lines = rows.map((r) => [
    r.scenario,
    r.requestsPerSecond?.toLocaleString('en-US') ?? '-',
    r.p50Ms === undefined ? '-' : formatMs(r.p50Ms),
    r.p99Ms === undefined ? '-' : formatMs(r.p99Ms),
    r.ratioToBaseline === undefined ? '-' : `${(r.ratioToBaseline * 100).toFixed(0)}%`,
    r.serverCpuUs?.toString() ?? '-',
    r.clientCpuUs?.toString() ?? '-',
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) log(format(line));
}

async function main(): Promise<void> {
  const notes: string[] = [];
  if (settings.client === 'autocannon' && !process.env.BENCH_CLIENT) {
    notes.push(
      "wrk is not installed (Debian: apt-get install wrk): measured with autocannon, whose CPU per request (the client µs column) is about twice wrk's and is taken from the server's cores",
    );
  }
  const scenarios = await loadScenarios(process.argv.slice(2).filter((arg) => !arg.startsWith('-')));
  const dataDir = await ensureLargeArchive(notes);
  await mkdir(RESULTS_DIR, { recursive: true });

  let server: RunningServer | undefined;
  let small: { server: RunningServer; context: BenchContext } | undefined;
  let baseline: { url: string; child: ChildProcess } | undefined;
  const rows: Row[] = [];
  try {
    log('Starting the server...');
    server = await startServer({
      port: Number(process.env.BENCH_PORT ?? (await freePort())),
      dataDir,
      logFile: path.join(RESULTS_DIR, 'server.log'),
      env: {
        LOG_LEVEL: settings.logLevel,
        WORKERS: settings.workers,
        // The production limits (the end-to-end suite's factor is 50); the login flood comes from
        // an address of its own through X-Forwarded-For, as behind a reverse proxy.
        AUTH_RATE_LIMIT_FACTOR: settings.authRateLimitFactor,
        TRUST_PROXY: '127.0.0.1',
      },
      nodeArgs: settings.nodeArgs,
      timeoutMs: 300_000,
    });
    const opened = await openBenchSession(server.baseURL, settings.archive);
    notes.push(...opened.notes);
    const context: BenchContext = { baseURL: server.baseURL, session: opened.session };
    if (settings.compare > 0) {
      const smallServer = await startServer({
        port: await freePort(),
        dataDir: await ensureLargeArchive(notes, settings.compare),
        logFile: path.join(RESULTS_DIR, 'server-small.log'),
        env: { LOG_LEVEL: settings.logLevel, WORKERS: settings.workers },
        nodeArgs: settings.nodeArgs,
        timeoutMs: 300_000,
      });
      const smallSession = await openBenchSession(smallServer.baseURL, settings.archive);
      small = {
        server: smallServer,
        context: { baseURL: smallServer.baseURL, session: smallSession.session },
      };
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

    for (const scenario of scenarios) {
      if (scenario.needsArchive && !context.session) {
        rows.push({
          scenario: scenario.name,
          description: scenario.description,
          note: 'skipped: no archive session',
        });
        continue;
      }
      const headers = archiveHeaders(scenario, context.session);
      const requests = scenario.requests(context).map((r) => ({ ...r, headers }));
      const probe = await probeAll(server.baseURL, requests);
      if (probe) {
        rows.push({
          scenario: scenario.name,
          description: scenario.description,
          note: `not measured: ${probe}`,
        });
        continue;
      }
      if (scenario.measure) {
        log(`  ${scenario.name}...`);
        const running = server;
        const measured = await scenario.measure(
          context,
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
            ...(row.note ? { note: row.note } : {}),
          });
        }
        continue;
      }
      log(`  ${scenario.name}...`);
      const large = toRow(scenario, await measure(server.baseURL, requests, server.process.pid), baselineRps);
      rows.push(large);
      if (small && scenario.needsArchive && small.context.session) {
        const smallHeaders = archiveHeaders(scenario, small.context.session);
        const smallRequests = scenario.requests(small.context).map((r) => ({ ...r, headers: smallHeaders }));
        log(`  ${scenario.name} on ${settings.compare} activities...`);
        const row = toRow(
          {
            name: `  same on ${settings.compare.toLocaleString('en-US')}`,
            description: scenario.description,
          },
          await measure(small.server.baseURL, smallRequests, small.server.process.pid),
          baselineRps,
        );
        const ratio = large.p50Ms && row.p50Ms ? large.p50Ms / row.p50Ms : undefined;
        if (ratio !== undefined) {
          large.note = [large.note, `p50 ${ratio.toFixed(1)}x the small archive's`]
            .filter(Boolean)
            .join('; ');
        }
        rows.push(row);
      }
    }
  } finally {
    baseline?.child.kill('SIGTERM');
    await server?.stop();
    await small?.server.stop();
  }

  printTable(rows);
  for (const note of notes) log(`NOTE: ${note}`);
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model,
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
    },
    node: process.version,
    settings,
    dataDir: path.relative(REPO_ROOT, dataDir),
    generated: await readFile(path.join(dataDir, 'bench-ready.json'), 'utf8').then(JSON.parse, () => null),
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
