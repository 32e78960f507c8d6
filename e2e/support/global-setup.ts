import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startServer, WEB_DIST_INDEX } from './server.ts';

/**
 * Starts one real server for the whole run on a temporary DATA_DIR (migrated and seeded with the demo
 * data on first start) and returns the teardown. Tests find it through E2E_BASE_URL and E2E_DATA_DIR,
 * which workers inherit. With E2E_BASE_URL already set, an existing server is used instead.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (process.env.E2E_EXTERNAL_SERVER === '1') return async () => {};
  // The server serves WEB_DIST when set, else apps/web/dist.
  const webIndex = process.env.WEB_DIST ? path.join(process.env.WEB_DIST, 'index.html') : WEB_DIST_INDEX;
  if (!existsSync(webIndex)) {
    throw new Error(`The web app is not built (${webIndex} is missing): run \`npm run build -w apps/web\`.`);
  }
  // Each worker starts a server of its own (support/fixtures.ts).
  if (process.env.E2E_SERVER_PER_WORKER === '1') return async () => {};
  const port = Number(process.env.E2E_PORT);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stabile-e2e-'));
  const outputDir = config.projects[0]?.outputDir ?? path.join(os.tmpdir(), 'stabile-e2e-logs');
  await mkdir(outputDir, { recursive: true });
  const logFile = path.join(outputDir, 'server.log');

  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({ port, dataDir, logFile });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_DATA_DIR = dataDir;
  process.stdout.write(`Stabile server for e2e: ${server.baseURL} (DATA_DIR ${dataDir}, log ${logFile})\n`);

  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
