// `npm run bench:instructions -- <scenario> [<scenario>...]`: the CPU instructions the real server
// runs per request of a scenario, counted by valgrind's callgrind. Unlike requests per second on a
// shared machine, the count changes little from one run to the next (a few percent), so it tells
// whether a change made the server's work smaller. It counts the server process's own code (ours,
// Node, V8, SQLite), not the kernel's: socket writes and file locks are left out.
//
// For each scenario: one server process (WORKERS=1) on the generated archive starts under callgrind
// with counting off; after BENCH_WARM_REQUESTS requests (default 20,000: V8 has compiled the hot
// code by then) counting is switched on for BENCH_COUNTED_REQUESTS (default 3,000), 4 at a time.
// Threads are counted apart: the main thread runs the requests; the others (mostly V8's optimizing
// compiler and its concurrent and parallel collection) were about a quarter of a search's count and
// vary from run to run with when the compiler and the collector happen to run.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../e2e/support/free-port.ts';
import { REPO_ROOT, SERVER_MAIN } from '../../e2e/support/server.ts';
import { findScenario, generatedArchiveDir, RESULTS_DIR } from './scenario-files.ts';
import type { Scenario } from './scenarios/types.ts';
import { scenarioRequests } from './session.ts';

const activities = Number(process.env.BENCH_ACTIVITIES ?? 1_000_000);
const warmRequests = Number(process.env.BENCH_WARM_REQUESTS ?? 20_000);
const countedRequests = Number(process.env.BENCH_COUNTED_REQUESTS ?? 3_000);
/** Node options for the server, as `npm run bench` takes them (`BENCH_NODE_ARGS`). */
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

// valgrind's control pipes are named after the user and host of the environment: the server and
// callgrind_control must see the same ones.
const HOST = '127.0.0.1';
const controlEnv = { ...process.env, USER: process.env.USER ?? 'stabile', HOST };

function requireValgrind(): void {
  try {
    execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
  } catch {
    throw new Error('valgrind is needed (Debian: apt-get install valgrind).');
  }
}

interface PerRequest {
  total: number;
  /** The main thread's: the event loop, where the requests are handled. */
  main: number;
}

async function instructionsPerRequest(scenario: Scenario, dataDir: string): Promise<PerRequest> {
  const outDir = path.join(RESULTS_DIR, 'callgrind');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const port = await freePort();
  const server = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${outDir}/callgrind.%p`,
      process.execPath,
      ...nodeArgs,
      '--import',
      'tsx',
      SERVER_MAIN,
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...controlEnv,
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://${HOST}:${port}`,
        LOG_LEVEL: 'warn',
        WORKERS: '1',
        AUTH_RATE_LIMIT_FACTOR: '50',
      },
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  );
  const control = (...args: string[]) =>
    execFileSync('callgrind_control', [...args, String(server.pid)], { env: controlEnv, stdio: 'ignore' });
  try {
    const baseURL = `http://${HOST}:${port}`;
    const deadline = Date.now() + 600_000;
    while (
      !(await fetch(`${baseURL}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (server.exitCode !== null || Date.now() > deadline) throw new Error('The server did not start.');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const requests = await scenarioRequests(baseURL, scenario);
    const load = async (amount: number) => {
      // Under valgrind a write takes a hundred times as long: no timeout of autocannon's 10 s.
      const result = await autocannon({ url: baseURL, connections: 4, amount, requests, timeout: 600 });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(
          `${scenario.name}: requests failed (${result.non2xx} answers not 2xx, ${result.errors} errors, ${result.timeouts} timeouts).`,
        );
    };
    await load(warmRequests);
    control('--instr=on');
    await load(countedRequests);
    control('--instr=off');
    control('--dump');
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  // One file per thread (callgrind.<pid>.<dump>-<thread>); thread 1 is the main thread.
  let total = 0;
  let main = 0;
  for (const file of await readdir(outDir)) {
    const totals = /^totals: (\d+)/m.exec(await readFile(path.join(outDir, file), 'utf8'));
    const count = Number(totals?.[1] ?? 0);
    total += count;
    if (/-0*1$/.test(file)) main += count;
  }
  if (total === 0) throw new Error('callgrind counted nothing.');
  return { total: total / countedRequests, main: main / countedRequests };
}

async function main(): Promise<void> {
  const names = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
  if (names.length === 0) throw new Error('Usage: npm run bench:instructions -- <scenario> [<scenario>...]');
  requireValgrind();
  await mkdir(RESULTS_DIR, { recursive: true });
  const dataDir = generatedArchiveDir(activities);
  if (!existsSync(path.join(dataDir, 'bench-ready.json'))) {
    throw new Error(`No generated archive of ${activities} activities: \`npm run bench\` makes it first.`);
  }
  const rows: Array<{ scenario: string; instructionsPerRequest: number; mainThread: number }> = [];
  const k = (n: number) => `${(n / 1000).toFixed(0)} k`;
  for (const name of names) {
    const scenario = await findScenario(name);
    const { total, main: mainThread } = await instructionsPerRequest(scenario, dataDir);
    rows.push({
      scenario: name,
      instructionsPerRequest: Math.round(total),
      mainThread: Math.round(mainThread),
    });
    process.stdout.write(
      `${name}: ${k(total)} instructions per request (main thread ${k(mainThread)}, other threads ${k(total - mainThread)})\n`,
    );
  }
  await writeFile(
    path.join(RESULTS_DIR, 'instructions-latest.json'),
    JSON.stringify(
      {
        date: new Date().toISOString(),
        node: process.version,
        cpu: os.cpus()[0]?.model,
        activities,
        warmRequests,
        countedRequests,
        rows,
      },
      null,
      2,
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
