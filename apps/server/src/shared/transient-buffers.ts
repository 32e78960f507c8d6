import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * Streams that pass many megabytes through the process (an upload, an export) leave one dead buffer
 * per piece, outside V8's heap: Node's HTTP parser copies each piece of a request body into a buffer
 * of its own, and each piece written to an answer is one. Such a buffer is freed only when V8 next
 * collects its young generation, and V8 starts that collection when the young generation's
 * JavaScript objects fill it (up to 16 MB of them per semi-space), not when the buffers add up: a
 * stream allocates few objects per megabyte, so on a server whose young generation has grown, a
 * 20 MB upload kept all of its 20 MB of buffers until the end (`process.memoryUsage().arrayBuffers`
 * from 2 to 29 MB during the upload, and no collection at all).
 *
 * `noteTransientBytes(n)` counts those bytes for the whole process (every stream together) and, every
 * TRANSIENT_BYTES_PER_COLLECTION, runs a young-generation collection: a scavenge, whose cost is the
 * live young objects (a millisecond or two), not the garbage; the old generation is not touched. So
 * the dead buffers waiting to be freed stay under that amount, whatever the size or number of the
 * streams. Without access to the collector (never expected) it does nothing.
 */
export const TRANSIENT_BYTES_PER_COLLECTION = 4 * 1024 * 1024;

/**
 * Called without options it runs a full collection (`{ type: 'major' }` is not one on Node 20: it left
 * promoted buffers in place where `gc()` freed them).
 */
type Collect = (options?: { type: 'minor'; execution: 'sync' }) => void;

let collect: Collect | null | undefined;
let pending = 0;

/** V8's `gc` function, taken from a context made while the flag that exposes it was on. */
function collector(): Collect | null {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as Collect;
    } catch {
      collect = null;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  return collect;
}

/** Counts `bytes` of short-lived buffers; collects the young generation each time enough have passed. */
export function noteTransientBytes(bytes: number): void {
  pending += bytes;
  if (pending < TRANSIENT_BYTES_PER_COLLECTION) return;
  pending = 0;
  collector()?.({ type: 'minor', execution: 'sync' });
}

/**
 * Buffers that outlive two young collections (waiting in a queue: a zip's input, a socket's backlog)
 * are promoted with their owner and freed only by a full collection. V8 counts them toward one only
 * once they have grown by 64 MB since the last full collection, and its other trigger (the old
 * generation's own growth, reckoned from the previous full collection) came later: measured on the
 * export of 1,000,000 activities as XLSX, buffers grew from 9 to 73 MB in the first 30 s (about 30%
 * of the sheet's 64 kB pieces promoted) before V8's first full collection; after it V8 collected
 * every ~1.5 s on its own and they stayed under 17 MB.
 *
 * `checkPromotedBuffers()`, called every few thousand rows of a long stream, runs that first full
 * collection itself once buffers have grown by PROMOTED_BYTES_PER_COLLECTION over the lowest level
 * seen since the last one it ran (at most once every MIN_MS_BETWEEN_FULL_COLLECTIONS). When V8
 * collects often enough on its own, the level keeps falling back and this does not fire again.
 */
export const PROMOTED_BYTES_PER_COLLECTION = 16 * 1024 * 1024;
const MIN_MS_BETWEEN_FULL_COLLECTIONS = 2_000;

let lowest = Number.POSITIVE_INFINITY;
let lastFull = 0;

/** Runs a full collection when the process's buffers have grown too far since the lowest level seen. */
export function checkPromotedBuffers(now = Date.now()): boolean {
  const level = process.memoryUsage().arrayBuffers;
  lowest = Math.min(lowest, level);
  if (level - lowest < PROMOTED_BYTES_PER_COLLECTION || now - lastFull < MIN_MS_BETWEEN_FULL_COLLECTIONS) {
    return false;
  }
  const collect = collector();
  if (!collect) return false;
  collect();
  lastFull = now;
  // The buffers are freed by a helper thread just after: the next checks lower the level.
  lowest = process.memoryUsage().arrayBuffers;
  return true;
}
