import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { loadAllNamespaces } from '../i18n/i18n.ts';

// A loaded CI machine renders slower than a laptop: with other work on its two cores, a menu took
// more than 3 s to open in a test that passes in 1 s alone.
configure({ asyncUtilTimeout: 6_000 });

// jsdom lacks what Mantine measures with.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// Mantine's autosize textarea measures again when web fonts load (document.fonts, absent in jsdom).
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}
window.HTMLElement.prototype.scrollIntoView = () => undefined;

/**
 * Any console.error a test did not announce fails it: React warnings, failed prop types and errors
 * swallowed by the UI would otherwise go unnoticed. A test that expects one calls
 * `allowConsoleError()` first.
 */
let consoleErrors: unknown[][] = [];
let consoleErrorAllowed = false;

export function allowConsoleError(): void {
  consoleErrorAllowed = true;
}

beforeAll(async () => {
  await loadAllNamespaces();
});

beforeEach(() => {
  consoleErrors = [];
  consoleErrorAllowed = false;
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args);
  });
});

afterEach(() => {
  cleanup();
  // Toasts live in a store of their own, outside the rendered tree: one test's must not reach the next.
  notifications.clean();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  if (!consoleErrorAllowed) {
    expect(
      consoleErrors.map((args) => args.map(String).join(' ')),
      'unexpected console.error',
    ).toEqual([]);
  }
});
