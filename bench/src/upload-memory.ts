// npm run bench:upload: the server's memory while it receives a large attachment (issue 26: a 20 MB
// upload must raise it by less than 10 MB, because uploads stream to the file store).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../e2e/support/free-port.ts';
import { startServer } from '../../e2e/support/server.ts';
import { rssOf } from './process-memory.ts';
import { openBenchSession } from './session.ts';

const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 20);
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
/** `BENCH_UPLOAD_WARMUP=0`: no 1 MB upload before the rounds. */
const WARMUP = process.env.BENCH_UPLOAD_WARMUP !== '0';
/** Node options for the server's processes, as in `npm run bench` (e.g. `--max-semi-space-size=4`). */
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** A PDF header followed by SIZE_MB of filler: accepted by the content check, streamed in 64 kB chunks. */
function body(boundary: string, sizeMb: number): ReadableStream<Uint8Array> {
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="RiferimentoAllegato.ID"\r\n\r\n1\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="RiferimentoAllegato.Tipo"\r\n\r\n4\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="grande.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n%PDF-1.4\n',
  );
  const tail = Buffer.from(`\n%%EOF\n\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  let left = sizeMb * 1024 * 1024 - 20;
  let started = false;
  return new ReadableStream({
    pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(head);
      } else if (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        controller.enqueue(chunk.subarray(0, n));
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stabile-upload-bench-'));
const port = await freePort();
const server = await startServer({
  port,
  dataDir,
  nodeArgs: NODE_ARGS,
  logFile: path.join(dataDir, 'server.log'),
  env: { WORKERS: '1', LOG_LEVEL: 'warn', MAX_UPLOAD_MB: String(Math.max(SIZE_MB + 1, 20)) },
});
try {
  const { session, notes } = await openBenchSession(server.baseURL, 'Studio Rossi');
  if (!session) throw new Error(notes.join('; '));
  const pid = server.process.pid as number;
  const headers = {
    authorization: `Bearer ${session.accessToken}`,
    'x-archive-id': String(session.archiveId),
  };
  /** One upload; its RSS rise (peak during the request over the value before it), sampled every 10 ms. */
  async function upload(label: string, sizeMb: number): Promise<void> {
    const before = await rssOf(pid);
    let peak = before;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssOf(pid));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const boundary = `----bench${label.replace(/\W/g, '')}`;
    const started = performance.now();
    const response = await fetch(`${server.baseURL}/api/allegati`, {
      method: 'POST',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: body(boundary, sizeMb),
      duplex: 'half',
    } as RequestInit);
    const answer = (await response.json()) as { data?: { dimensione: number }; error?: unknown };
    const ms = performance.now() - started;
    sampling = false;
    await sampler;
    if (!response.ok) throw new Error(`upload answered ${response.status}: ${JSON.stringify(answer.error)}`);
    console.log(
      `${label}: ${ms.toFixed(0)} ms, stored ${answer.data?.dimensione} bytes, RSS before ${before}, peak ${peak}, rise ${((peak - before) / 1024).toFixed(1)} MB`,
    );
  }
  console.log(`Upload of ${SIZE_MB} MB, ${ROUNDS} rounds; server RSS (primary + worker), kB`);
  // A 1 MB upload first loads the route's code (multipart parser, content check, store): what is left
  // of the rounds after it is what the size of a file costs.
  if (WARMUP) await upload('warm-up (1 MB)', 1);
  for (let round = 1; round <= ROUNDS; round++) await upload(`round ${round}`, SIZE_MB);
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
