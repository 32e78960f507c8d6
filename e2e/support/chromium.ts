import { existsSync } from 'node:fs';

/** Where the Debian package `chromium` installs its launcher. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Flags for a quiet, deterministic headless Chromium. Playwright (and chrome-launcher in the bench)
 * always start the browser with a fresh temporary user-data-dir, so no profile leaks between runs.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROME_PATH when set, else the Debian Chromium; undefined when neither exists. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidate = env.CHROME_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
  return existsSync(candidate) ? candidate : undefined;
}
