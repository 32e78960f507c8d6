// The load of `npm run bench`: 32 connections sending a scenario's requests in turn, measured by wrk
// (a C program: about half of autocannon's CPU per request, most of the rest being the kernel's
// loopback work, so that on a machine of two cores the load generator takes less of the server's)
// or by autocannon where wrk is not installed.
import { execFile, execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { BenchRequest } from './scenarios/types.ts';

export type LoadClient = 'wrk' | 'autocannon';

export interface LoadOptions {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of load before the measured ones (not counted). */
  warmup: number;
  /** The server's process, whose CPU time (with its workers') per request is measured (Linux). */
  serverPid?: number | undefined;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses with a status that is not 2xx (wrk: 4xx and 5xx), with their counts where known. */
  non2xx: number;
  statuses: string[];
  errors: number;
  /** CPU time of the load generator per request, in microseconds (user + system). */
  clientCpuUs: number;
  /**
   * CPU time of the server per request, its workers' included, in microseconds (user + system, the
   * kernel's work for its sockets included): unlike requests per second it does not depend on how
   * much of the cores the load generator took. Undefined without serverPid or /proc.
   */
  serverCpuUs?: number | undefined;
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * user + system CPU time of a process and its children (the server's workers), in microseconds;
 * undefined without a process or /proc.
 */
export function processTreeCpuUs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  const ticksOf = (stat: string) => {
    // The fields after the command name "(...)": state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  };
  try {
    let ticks = ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8')).ticks;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
      try {
        const child = ticksOf(readFileSync(`/proc/${entry}/stat`, 'utf8'));
        if (child.parent === pid) ticks += child.ticks;
      } catch {
        // The process ended meanwhile.
      }
    }
    return (ticks / CLOCK_TICKS) * 1e6;
  } catch {
    return undefined;
  }
}

/** The server's CPU per request between two readings of processTreeCpuUs. */
function perRequest(before: number | undefined, after: number | undefined, requests: number) {
  return before === undefined || after === undefined || requests === 0
    ? undefined
    : (after - before) / requests;
}

export type LoadRequest = BenchRequest & { headers: Record<string, string> };

/** `BENCH_CLIENT`, else wrk when it is on the PATH (Debian: `apt-get install wrk`), else autocannon. */
export function chooseClient(wanted = process.env.BENCH_CLIENT): LoadClient {
  if (wanted === 'wrk' || wanted === 'autocannon') return wanted;
  if (wanted) throw new Error(`BENCH_CLIENT must be wrk or autocannon, not "${wanted}"`);
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (error) {
    // wrk prints its usage and exits with 1 on --version: only a missing program is an error.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'autocannon';
  }
  return 'wrk';
}

export function load(
  client: LoadClient,
  url: string,
  requests: LoadRequest[],
  options: LoadOptions,
): Promise<LoadResult> {
  return client === 'wrk' ? loadWithWrk(url, requests, options) : loadWithAutocannon(url, requests, options);
}

function bodyOf(r: LoadRequest): string | undefined {
  return r.body === undefined ? undefined : JSON.stringify(r.body);
}

function headersOf(r: LoadRequest): Record<string, string> {
  return { ...r.headers, ...(r.body === undefined ? {} : { 'content-type': 'application/json' }) };
}

async function loadWithAutocannon(
  url: string,
  requests: LoadRequest[],
  options: LoadOptions,
): Promise<LoadResult> {
  const { connections, duration, warmup, serverPid } = options;
  const cpuBefore = process.cpuUsage();
  const serverBefore = processTreeCpuUs(serverPid);
  const result = await autocannon({
    url,
    connections,
    duration,
    warmup: warmup > 0 ? { connections, duration: warmup } : undefined,
    requests: requests.map((r) => ({
      method: r.method ?? 'GET',
      path: r.path,
      headers: headersOf(r),
      body: bodyOf(r),
    })),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = processTreeCpuUs(serverPid);
  const statuses = Object.entries(result.statusCodeStats)
    .filter(([status]) => !status.startsWith('2'))
    .map(([status, { count }]) => `${count}×${status}`);
  // The warm-up's requests are not in the result but its CPU is in `cpu`: counted by rate.
  const sent = result.requests.average * (duration + warmup);
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    statuses,
    errors: result.errors + result.timeouts,
    clientCpuUs: sent > 0 ? (cpu.user + cpu.system) / sent : 0,
    serverCpuUs: perRequest(serverBefore, serverAfter, sent),
  };
}

/** A Lua string literal of any text (every byte outside printable ASCII as a decimal escape). */
function luaString(text: string): string {
  let out = '"';
  for (const byte of Buffer.from(text, 'utf8')) {
    const printable = byte >= 0x20 && byte < 0x7f && byte !== 0x22 && byte !== 0x5c;
    // Three digits: Lua reads up to three after the backslash, so `\34` before a digit ("2026...) was
    // another byte, and the script failed (wrk then sent its default GET /).
    out += printable ? String.fromCharCode(byte) : `\\${String(byte).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/**
 * The wrk script: every request formatted once per thread, then sent in turn; at the end one line of
 * JSON with the totals and the latency percentiles (microseconds).
 */
function wrkScript(requests: LoadRequest[]): string {
  const formatted = requests.map((r) => {
    const headers = Object.entries(headersOf(r))
      .map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
      .join(', ');
    const body = bodyOf(r);
    return `  requests[#requests + 1] = wrk.format(${luaString(r.method ?? 'GET')}, ${luaString(r.path)}, { ${headers} }, ${body === undefined ? 'nil' : luaString(body)})`;
  });
  return `local requests = {}
local turn = 0
function init(args)
${formatted.join('\n')}
end
function request()
  turn = turn % #requests + 1
  return requests[turn]
end
function done(summary, latency, _)
  local e = summary.errors
  io.write(string.format(
    '\\n{"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;
}

interface WrkSummary {
  requests: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50: number;
  p99: number;
}

/**
 * Runs wrk (one thread) through the shell so that the shell's `times` reports wrk's CPU time; wrk's
 * own report is the script's last line of JSON.
 */
function runWrk(
  script: string,
  url: string,
  connections: number,
  seconds: number,
): Promise<{ summary: WrkSummary; cpuUs: number }> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', script, url];
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      ['-c', 'wrk "$@" || exit $?; times', 'wrk', ...args],
      { maxBuffer: 1 << 20 },
      (error, stdout, stderr) => {
        if (error) {
          reject(new Error(`wrk failed: ${stderr || error.message}`));
          return;
        }
        const lines = stdout.trim().split('\n');
        const json = lines.find((line) => line.startsWith('{'));
        if (!json) {
          reject(new Error(`wrk gave no summary: ${stdout}`));
          return;
        }
        // `times`: the shell's own user/system times, then its children's ("0m1.234s 0m0.567s").
        const children = lines[lines.length - 1] ?? '';
        const cpuUs = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
          (sum, [, minutes, secs]) => sum + (Number(minutes) * 60 + Number(secs)) * 1e6,
          0,
        );
        resolve({ summary: JSON.parse(json) as WrkSummary, cpuUs });
      },
    );
  });
}

async function loadWithWrk(url: string, requests: LoadRequest[], options: LoadOptions): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stabile-bench-'));
  const script = path.join(dir, 'requests.lua');
  try {
    await writeFile(script, wrkScript(requests));
    if (options.warmup > 0) await runWrk(script, url, options.connections, options.warmup);
    const serverBefore = processTreeCpuUs(options.serverPid);
    const { summary, cpuUs } = await runWrk(script, url, options.connections, options.duration);
    const serverAfter = processTreeCpuUs(options.serverPid);
    const seconds = summary.durationUs / 1e6;
    return {
      requestsPerSecond: summary.requests / seconds,
      p50Ms: summary.p50 / 1000,
      p99Ms: summary.p99 / 1000,
      non2xx: summary.status,
      statuses: summary.status > 0 ? [`${summary.status}×4xx/5xx`] : [],
      errors: summary.connect + summary.read + summary.write + summary.timeout,
      clientCpuUs: summary.requests > 0 ? cpuUs / summary.requests : 0,
      serverCpuUs: perRequest(serverBefore, serverAfter, summary.requests),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
