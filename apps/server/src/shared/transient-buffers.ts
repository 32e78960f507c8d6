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
 * from 2 to 29 MB during the upload, no collection at all; see docs/PERFORMANCE.md).
 *
 * `noteTransientBytes(n)` counts those bytes for the whole process (every stream together) and, every
 * TRANSIENT_BYTES_PER_COLLECTION, runs a young-generation collection: a scavenge, whose cost is the
 * live young objects (a millisecond or two), not the garbage; the old generation is not touched. So
 * the dead buffers waiting to be freed stay under that amount, whatever the size or number of the
 * streams. Without access to the collector (never expected) it does nothing.
 */
export const TRANSIENT_BYTES_PER_COLLECTION = 4 * 1024 * 1024;

type Collect = (options: { type: 'minor'; execution: 'sync' }) => void;

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
