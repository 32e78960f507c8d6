// `npm run bench:profile -- <scenario>`: where one scenario's server time goes. Starts the real server
// (one process) on the generated archive with V8's CPU profiler, loads it with the scenario's requests,
// then prints the share of samples by package and by function (self time), and by package including
// what it calls. The raw profile is kept in bench/.results/ for Chrome DevTools. With
// BENCH_DATABASE_URL, on the archive generated in PostgreSQL by `npm run bench` (see run.ts).
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../../e2e/support/free-port.ts';
import { startServer } from '../../e2e/support/server.ts';
import { packageOf, printTally } from './frames.ts';
import { findScenario, generatedArchiveDir, generatedDatabaseUrl, RESULTS_DIR } from './scenario-files.ts';
import { scenarioRequests } from './session.ts';

const activities = Number(process.env.BENCH_ACTIVITIES ?? 1_000_000);
const duration = Number(process.env.BENCH_DURATION ?? 8);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
}

function report(profile: CpuProfile): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parent.set(child, n.id);
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const selfByPackage = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const inclusiveByPackage = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
  for (const [id, n] of hits) {
    const frame = byId.get(id)!.callFrame;
    add(selfByPackage, packageOf(frame.url), n);
    add(
      selfByFunction,
      `${frame.functionName || '(anonymous)'}  ${packageOf(frame.url)}:${frame.lineNumber + 1}`,
      n,
    );
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const pkg = packageOf(byId.get(cur)!.callFrame.url);
      if (!seen.has(pkg)) add(inclusiveByPackage, pkg, n);
      seen.add(pkg);
    }
  }
  const total = profile.samples.length;
  const share = (n: number) => `${((100 * n) / total).toFixed(1).padStart(6)}%`;
  printTally('Self time by package', selfByPackage, 20, share);
  printTally('Self time by function', selfByFunction, 30, share);
  printTally('Including callees, by package', inclusiveByPackage, 25, share);
}

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name) throw new Error('Usage: npm run bench:profile -- <scenario name>');
  const scenario = await findScenario(name);
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const dataDir = generatedArchiveDir(activities, databaseUrl ? 'postgres' : 'sqlite');
  const profileDir = path.join(RESULTS_DIR, 'cpu-profile');
  await rm(profileDir, { recursive: true, force: true });
  await mkdir(RESULTS_DIR, { recursive: true });
  const server = await startServer({
    port: await freePort(),
    dataDir,
    logFile: path.join(RESULTS_DIR, 'profile-server.log'),
    env: {
      LOG_LEVEL: 'warn',
      WORKERS: '1',
      ...(databaseUrl ? { DATABASE_URL: generatedDatabaseUrl(databaseUrl, activities).url } : {}),
    },
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    timeoutMs: 300_000,
  });
  try {
    const requests = await scenarioRequests(server.baseURL, scenario);
    const result = await autocannon({
      url: server.baseURL,
      connections: 32,
      duration,
      requests,
    });
    process.stdout.write(
      `${scenario.name}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms (profiler on)\n`,
    );
  } finally {
    await server.stop();
  }
  const [file] = (await readdir(profileDir)).filter((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('The server wrote no CPU profile.');
  report(JSON.parse(await readFile(path.join(profileDir, file), 'utf8')) as CpuProfile);
  process.stdout.write(`\nProfile: ${path.relative(process.cwd(), path.join(profileDir, file))}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
