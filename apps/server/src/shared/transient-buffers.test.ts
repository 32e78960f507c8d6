import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  checkPromotedBuffers,
  noteTransientBytes,
  PROMOTED_BYTES_PER_COLLECTION,
  TRANSIENT_BYTES_PER_COLLECTION,
} from './transient-buffers.ts';

const MB = 1024 * 1024;
const outsideHeap = () => process.memoryUsage().arrayBuffers;

/** Polls `condition` until it holds or `ms` pass (V8 frees the buffers of a collection on a helper thread). */
async function eventually(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return condition();
}

/**
 * Frees what earlier tests of this process left behind and waits until the level stops falling, so a
 * test measures its own buffers only (in CI a young collection of the second test freed 80 MB that
 * were garbage before it started, and the growth it measured came out negative).
 */
async function settle(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  gc();
  let last = outsideHeap();
  for (let i = 0; i < 50; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const level = outsideHeap();
    if (level === last) return;
    last = level;
  }
}

describe('short-lived buffers of a stream', () => {
  beforeEach(settle);

  it('are freed once enough of them have been counted, not only when V8 would collect on its own', async () => {
    const before = outsideHeap();
    // What an upload leaves behind: 8 MB of 64 kB pieces, each dead once written.
    for (let i = 0; i < 128; i++) Buffer.alloc(64 * 1024, i);
    expect(outsideHeap() - before).toBeGreaterThan(7 * MB);

    noteTransientBytes(TRANSIENT_BYTES_PER_COLLECTION);

    expect(await eventually(() => outsideHeap() - before < 1 * MB, 2_000)).toBe(true);
  });

  it('that outlived young collections are freed once they have grown past the threshold', async () => {
    expect(checkPromotedBuffers()).toBe(false); // the level before
    const before = outsideHeap();
    // Pieces still waiting in a queue across two young collections: promoted with their owner.
    let waiting: Buffer[] | null = [];
    for (let i = 0; i < 320; i++) waiting.push(Buffer.alloc(64 * 1024, i));
    noteTransientBytes(TRANSIENT_BYTES_PER_COLLECTION);
    noteTransientBytes(TRANSIENT_BYTES_PER_COLLECTION);
    waiting = null;
    // A young collection does not free them any more.
    noteTransientBytes(TRANSIENT_BYTES_PER_COLLECTION);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideHeap() - before).toBeGreaterThan(PROMOTED_BYTES_PER_COLLECTION);

    expect(checkPromotedBuffers()).toBe(true);

    expect(await eventually(() => outsideHeap() - before < 2 * MB, 2_000)).toBe(true);
    expect(waiting).toBeNull();
  });
});
