// Entry point of `npm test -w e2e`: runs the Playwright suite when Chromium is found, otherwise says
// loudly that it was skipped (or fails when REQUIRE_BROWSER=1, as in CI).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findChromium } from './support/chromium.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const chromium = findChromium();

if (!chromium) {
  const where = process.env.CHROME_PATH
    ? `CHROME_PATH=${process.env.CHROME_PATH} does not exist`
    : 'not found';
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(
      `Browser suite FAILED: Chromium ${where} and REQUIRE_BROWSER=1; install the Debian package chromium or set CHROME_PATH`,
    );
    process.exit(1);
  }
  console.warn(
    `⚠️  Browser suite skipped: Chromium ${where}; install the Debian package chromium or set CHROME_PATH`,
  );
  process.exit(0);
}

const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
const child = spawn(
  process.execPath,
  [cli, 'test', '--config', path.join(here, 'playwright.config.ts'), ...process.argv.slice(2)],
  {
    cwd: here,
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: chromium },
  },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
