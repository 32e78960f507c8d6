import { afterEach, describe, expect, it, vi } from 'vitest';
import { installStaleChunkReload } from './stale-chunks.ts';

function preloadError(): Event {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('a piece of the page that fails to load', () => {
  afterEach(() => sessionStorage.clear());

  it('reloads the page once, and not again within a minute', () => {
    let time = 1_000_000;
    const reload = vi.fn();
    installStaleChunkReload(reload, () => time);
    const first = preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);
    // The reloaded page fails again at once: left to the error boundary.
    time += 5_000;
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    time += 60_000;
    preloadError();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it("is not reloaded offline, where the reload would show the browser's offline page instead of the app", () => {
    const reload = vi.fn();
    installStaleChunkReload(reload, () => 5_000_000);
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(preloadError().defaultPrevented).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    offline.mockRestore();
    preloadError();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
