import { afterEach, describe, expect, it } from 'vitest';
import { readCache } from './read-cache.ts';

afterEach(() => {
  readCache.clear();
  localStorage.clear();
});

const usedChars = () =>
  Object.keys(localStorage)
    .filter((k) => k.startsWith('stabile.offlineRead'))
    .reduce((sum, k) => sum + (localStorage.getItem(k)?.length ?? 0), 0);

describe('answers kept on the device for offline reads', () => {
  it('keeps the newest answers within 2 million characters, dropping the oldest', () => {
    const big = 'x'.repeat(250_000);
    for (let i = 0; i < 12; i++) readCache.save(`k${i}`, big, {} as never);
    expect(usedChars()).toBeLessThanOrEqual(2_000_000 + 10_000);
    expect(readCache.load('k11')?.data).toBe(big);
    expect(readCache.load('k0')).toBeNull();
  });

  it('keeps nothing of an answer too large, and leaves the others', () => {
    readCache.save('small', { a: 1 }, {} as never);
    readCache.save('huge', 'y'.repeat(400_000), {} as never);
    expect(readCache.load('huge')).toBeNull();
    expect(readCache.load('small')?.data).toEqual({ a: 1 });
  });
});
