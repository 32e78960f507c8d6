// `npm run bench:allocations -- <scenario>`: the memory one scenario's requests allocate. Starts the
// real server (one process) on the generated archive with allocation-sampler.mjs, warms it with the
// scenario's requests, then samples every allocation of BENCH_DURATION seconds of load (objects
// already collected included) and prints the bytes per request, in all and by function and package.
// Each young collection is a pause for every request waiting on that process: fewer bytes, fewer pauses.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { freePort } from '../../e2e/support/free-port.ts';
import { startServer } from '../../e2e/support/server.ts';
import { packageOf, printTally } from './frames.ts';
import { BENCH_DIR, findScenario, generatedArchiveDir, RESULTS_DIR } from './scenario-files.ts';
import { scenarioRequests } from './session.ts';

const activities = Number(process.env.BENCH_ACTIVITIES ?? 1_000_000);
const duration = Number(process.env.BENCH_DURATION ?? 8);
const warmup = Number(process.env.BENCH_WARMUP ?? 5);

interface SampledNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampledNode[];
}
interface AllocationProfile {
  profile: { head: SampledNode };
  requests: number;
  seconds: number;
}

function report({ profile, requests }: AllocationProfile): void {
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  let total = 0;
  const visit = (node: SampledNode) => {
    const { functionName, url, lineNumber } = node.callFrame;
    total += node.selfSize;
    add(byFunction, `${functionName || '(anonymous)'}  ${packageOf(url)}:${lineNumber + 1}`, node.selfSize);
    add(byPackage, packageOf(url), node.selfSize);
    for (const child of node.children) visit(child);
  };
  visit(profile.head);
  const perRequest = (n: number) =>
    `${Math.round(n / requests)
      .toLocaleString('en')
      .padStart(8)} B`;
  process.stdout.write(
    `\nAllocated per request: ${perRequest(total).trim()} (${requests} requests sampled)\n`,
  );
  printTally('By package, bytes per request', byPackage, 15, perRequest);
  printTally('By function, bytes per request', byFunction, 30, perRequest);
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name) throw new Error('Usage: npm run bench:allocations -- <scenario name>');
  const scenario = await findScenario(name);
  const dataDir = generatedArchiveDir(activities);
  const profileFile = path.join(RESULTS_DIR, 'allocations.json');
  await mkdir(RESULTS_DIR, { recursive: true });
  await rm(profileFile, { force: true });
  const server = await startServer({
    port: await freePort(),
    dataDir,
    logFile: path.join(RESULTS_DIR, 'allocations-server.log'),
    env: { LOG_LEVEL: 'warn', WORKERS: '1', ALLOCATION_PROFILE_FILE: profileFile },
    nodeArgs: ['--import', path.join(BENCH_DIR, 'src/allocation-sampler.mjs')],
    timeoutMs: 300_000,
  });
  try {
    const requests = await scenarioRequests(server.baseURL, scenario);
    const load = (seconds: number) =>
      autocannon({ url: server.baseURL, connections: 32, duration: seconds, requests });
    await load(warmup);
    server.process.kill('SIGUSR2');
    const result = await load(duration);
    server.process.kill('SIGUSR2');
    for (let i = 0; i < 100 && !existsSync(profileFile); i++) await sleep(100);
    process.stdout.write(
      `${scenario.name}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms (sampling on)\n`,
    );
  } finally {
    await server.stop();
  }
  if (!existsSync(profileFile)) throw new Error('The server wrote no allocation profile.');
  report(JSON.parse(await readFile(profileFile, 'utf8')) as AllocationProfile);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
