import { afterEach, describe, expect, it, vi } from 'vitest';
import { importWhenOnline } from './import-when-online.ts';

function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  if (online) window.dispatchEvent(new Event('online'));
}

describe('a lazy piece loaded without a connection', () => {
  afterEach(() => vi.restoreAllMocks());

  it('waits for the connection and tries again, instead of failing', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('the piece');
    let result: string | undefined;
    const loading = importWhenOnline(load, 'nothing').then((value) => {
      result = value;
    });
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result).toBeUndefined();

    setOnline(true);
    await loading;
    expect(load).toHaveBeenCalledTimes(2);
    expect(result).toBe('the piece');
  });

  it('gives the fallback when it fails with the connection up, or loads as nothing', async () => {
    setOnline(true);
    await expect(importWhenOnline(() => Promise.reject(new Error('404')), 'nothing')).resolves.toBe(
      'nothing',
    );
    await expect(importWhenOnline(() => Promise.resolve(undefined), 'nothing')).resolves.toBe('nothing');
  });
});
