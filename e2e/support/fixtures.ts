import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect } from '@playwright/test';
import { freePort } from './free-port.ts';
import { e2eDataDir } from './outbox.ts';
import { startServer } from './server.ts';

interface WorkerFixtures {
  /**
   * The server this worker's journeys talk to. With one worker it is the global setup's; with several
   * (E2E_WORKERS > 1), each worker starts its own on its own DATA_DIR, so journeys that change the demo
   * data never race. `E2E_BASE_URL` and `E2E_DATA_DIR` are set in the worker to point at it.
   */
  stabileServer: { baseURL: string; dataDir: string };
}

export interface StabileFixtures {
  /** DATA_DIR of the server under test (its outbox holds the emails it sent). */
  dataDir: string;
  /** Uncaught errors in the page fail the test; a journey that provokes one on purpose sets this. */
  allowPageErrors: boolean;
}

export const test = base.extend<StabileFixtures, WorkerFixtures>({
  stabileServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      if (process.env.E2E_SERVER_PER_WORKER !== '1') {
        await use({ baseURL: process.env.E2E_BASE_URL as string, dataDir: e2eDataDir() });
        return;
      }
      const dataDir = await mkdtemp(path.join(os.tmpdir(), `stabile-e2e-w${workerInfo.workerIndex}-`));
      const logDir = path.join(workerInfo.project.outputDir, 'servers');
      await mkdir(logDir, { recursive: true });
      const port = await freePort();
      const server = await startServer({
        port,
        dataDir,
        logFile: path.join(logDir, `worker-${workerInfo.workerIndex}.log`),
      });
      process.env.E2E_BASE_URL = server.baseURL;
      process.env.E2E_DATA_DIR = dataDir;
      await use({ baseURL: server.baseURL, dataDir });
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  baseURL: async ({ stabileServer }, use) => {
    await use(stabileServer.baseURL);
  },
  dataDir: async ({ stabileServer }, use) => {
    await use(stabileServer.dataDir);
  },
  allowPageErrors: [false, { option: true }],
  // The page fails its test on an uncaught error, and attaches console errors to the report.
  page: async ({ page, allowPageErrors }, use, testInfo) => {
    const pageErrors: string[] = [];
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await use(page);
    if (consoleErrors.length > 0) {
      await testInfo.attach('console errors', { body: consoleErrors.join('\n'), contentType: 'text/plain' });
    }
    if (!allowPageErrors) expect(pageErrors, 'Uncaught errors in the page').toEqual([]);
  },
});

export { expect };
