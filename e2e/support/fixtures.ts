import { test as base, expect } from '@playwright/test';
import { e2eDataDir } from './outbox.ts';

export interface StabileFixtures {
  /** DATA_DIR of the server under test (its outbox holds the emails it sent). */
  dataDir: string;
  /** Uncaught errors in the page fail the test; a journey that provokes one on purpose sets this. */
  allowPageErrors: boolean;
}

export const test = base.extend<StabileFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  dataDir: async ({}, use) => {
    await use(e2eDataDir());
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
