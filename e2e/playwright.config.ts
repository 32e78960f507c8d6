import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './support/chromium.ts';
import { freePort } from './support/free-port.ts';

// Decided once in the runner process; workers inherit the environment, so they all agree.
process.env.E2E_EXTERNAL_SERVER ??= process.env.E2E_BASE_URL ? '1' : '0';
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_BASE_URL ??= `http://127.0.0.1:${process.env.E2E_PORT}`;
// Several workers each start a server of their own (support/fixtures.ts); one worker uses the global one.
const workers = Number(process.env.E2E_WORKERS ?? (process.env.E2E_EXTERNAL_SERVER === '1' ? 1 : 2));
process.env.E2E_SERVER_PER_WORKER ??= workers > 1 && process.env.E2E_EXTERNAL_SERVER !== '1' ? '1' : '0';

const chromium = {
  browserName: 'chromium' as const,
  launchOptions: { executablePath: findChromium(), args: CHROMIUM_ARGS },
  locale: 'it-IT',
  timezoneId: 'Europe/Rome',
};

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: './support/global-setup.ts',
  // Each worker has its own server and database: journeys that change the demo data never race.
  workers,
  fullyParallel: false,
  forbidOnly: true,
  // One retry in CI, reported as flaky: a journey that fails twice fails the run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // A shared CI machine can take seconds to commit a write and re-render; a passing run never waits this long.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['github']] : [['list']],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { ...chromium, viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      use: { ...chromium, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
    },
  ],
});
