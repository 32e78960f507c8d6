// npm run bench:export: the server's memory while it streams the export of every activity of the
// generated archive (issue 28: 1M activities with a memory rise under 50 MB, because an export is
// written as its rows are read). Uses the archive of `npm run bench` (generated once, reused).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/free-port.ts';
import { startServer } from '../../e2e/support/server.ts';
import { rssOf, sampleRss } from './process-memory.ts';
import { generatedArchiveDir } from './scenario-files.ts';
import { openBenchSession } from './session.ts';

const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 1_000_000);
const FORMATS = (process.env.BENCH_EXPORT_FORMATS ?? 'csv,xlsx').split(',');
/**
 * `BENCH_EXPORT_SECONDS=40`: stop each download after that many seconds (the peak comes in the first
 * seconds, while V8 has not yet run a full collection); the figure is then of that part of the export.
 */
const CUT_AFTER_MS = Number(process.env.BENCH_EXPORT_SECONDS ?? 0) * 1000;
/**
 * `BENCH_EXPORT_PROBE=1`: during each export, `GET /health` every 50 ms (one at a time) and its
 * latency percentiles: what an export costs the other requests of its worker.
 */
const PROBE = process.env.BENCH_EXPORT_PROBE === '1';
/** Node options for the server's processes, as in `npm run bench` (e.g. `--max-semi-space-size=4`). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const archiveDir = generatedArchiveDir(ACTIVITIES);
if (!existsSync(path.join(archiveDir, 'stabile.db'))) {
  console.error(
    `No generated archive in ${archiveDir}: run \`npm run bench -- health\` once to generate it.`,
  );
  process.exit(1);
}

const logDir = await mkdtemp(path.join(os.tmpdir(), 'stabile-export-bench-'));
const port = await freePort();
const server = await startServer({
  port,
  dataDir: archiveDir,
  nodeArgs: NODE_ARGS,
  logFile: path.join(logDir, 'server.log'),
  env: { WORKERS: '1', LOG_LEVEL: 'warn' },
  timeoutMs: 120_000,
});

/**
 * Downloads one export, counting its bytes (and CSV lines) as they come; nothing is kept. With `pid`,
 * prints the server's memory every 30 s (does it level off, or grow with the rows?).
 */
async function download(url: string, headers: Record<string, string>, pid?: number, cutAfterMs = 0) {
  const started = performance.now();
  const response = await fetch(url, { headers });
  if (!response.ok || !response.body)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  let lines = 0;
  let firstByteMs = 0;
  let nextReport = started + 30_000;
  let stopped = false;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (cutAfterMs && performance.now() - started >= cutAfterMs) {
      // Leaving the loop cancels the body: the connection closes and the server stops writing.
      stopped = true;
      break;
    }
    if (bytes === 0) firstByteMs = performance.now() - started;
    if (pid && performance.now() >= nextReport) {
      nextReport += 30_000;
      const at = ((performance.now() - started) / 1000).toFixed(0);
      console.log(`  ${at} s: ${(bytes / 1048576).toFixed(1)} MB received, RSS ${await rssOf(pid)} kB`);
    }
    bytes += chunk.length;
    for (const b of chunk) if (b === 0x0a) lines++;
  }
  return { bytes, lines, firstByteMs, ms: performance.now() - started, stopped };
}

/** GET /health one after another, 50 ms apart, until `stop()`; then its latencies (ms) sorted. */
function probeHealth(baseURL: string): { stop(): Promise<number[]> } {
  const latencies: number[] = [];
  let probing = true;
  const loop = (async () => {
    while (probing) {
      const started = performance.now();
      await (await fetch(`${baseURL}/health`)).arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      probing = false;
      await loop;
      return latencies.sort((a, b) => a - b);
    },
  };
}

function percentile(sorted: number[], p: number): string {
  return (sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0).toFixed(1);
}

try {
  const { session, notes } = await openBenchSession(server.baseURL, process.env.BENCH_ARCHIVE ?? 'Grande');
  if (!session) throw new Error(notes.join('; '));
  for (const note of notes) console.log(`note: ${note}`);
  const headers = {
    authorization: `Bearer ${session.accessToken}`,
    'x-archive-id': String(session.archiveId),
  };
  const pid = server.process.pid as number;
  // Every closed activity too: the user's window of closed activities is "always" during the run
  // (and given back afterwards, so that the list scenarios of `npm run bench` see the archive as before).
  const settingsUrl = `${server.baseURL}/api/attivita/impostazioni`;
  const saved = ((await (await fetch(settingsUrl, { headers })).json()) as { data: unknown }).data;
  const putSettings = (settings: unknown) =>
    fetch(settingsUrl, {
      method: 'PUT',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(settings),
    });
  await putSettings({ giorniChiuseVisibili: 0, perCondominio: [] });
  try {
    // Warm-up: the first small export loads the export code and the spreadsheet library.
    for (const format of FORMATS) {
      await download(`${server.baseURL}/api/attivita/esporta?formato=${format}&condGenID=1`, headers);
    }
    console.log(`Export of every activity of the archive (${ACTIVITIES}); server RSS (primary + worker), kB`);
    const health = await download(`${server.baseURL}/health`, {});
    console.log(`baseline: GET /health ${health.ms.toFixed(1)} ms, idle RSS ${await rssOf(pid)} kB`);
    for (const format of FORMATS) {
      const before = await rssOf(pid);
      const sampler = sampleRss(pid);
      const probe = PROBE ? probeHealth(server.baseURL) : null;
      const url = `${server.baseURL}/api/attivita/esporta?formato=${format}`;
      const result = await download(url, headers, pid, CUT_AFTER_MS);
      const peak = await sampler.stop();
      const probed = await probe?.stop();
      const rows = format === 'csv' ? `${result.lines - 1} rows, ` : '';
      const part = result.stopped ? ' (stopped there: BENCH_EXPORT_SECONDS)' : '';
      console.log(
        `${format}: ${rows}${(result.bytes / 1048576).toFixed(1)} MB in ${(result.ms / 1000).toFixed(1)} s${part} ` +
          `(first byte ${result.firstByteMs.toFixed(0)} ms), RSS before ${before}, peak ${peak}, ` +
          `rise ${((peak - before) / 1024).toFixed(1)} MB`,
      );
      if (probed?.length) {
        console.log(
          `  GET /health during it: ${probed.length} requests, p50 ${percentile(probed, 50)} ms, ` +
            `p99 ${percentile(probed, 99)} ms, max ${percentile(probed, 100)} ms`,
        );
      }
    }
  } finally {
    await putSettings(saved);
  }
} finally {
  await server.stop();
  await rm(logDir, { recursive: true, force: true });
}
