import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
export const WEB_DIST_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');

export interface StartServerOptions {
  port: number;
  dataDir: string;
  /** Server stdout and stderr are appended here. */
  logFile: string;
  env?: Record<string, string>;
  /** How long to wait for GET /health to answer 200. */
  timeoutMs?: number;
  /** Extra Node options before the entry point (e.g. the CPU profiler's). */
  nodeArgs?: string[];
}

export interface RunningServer {
  baseURL: string;
  process: ChildProcess;
  /** SIGTERM, then SIGKILL if the server has not exited within the grace period. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts the real Stabile server (`node --import tsx apps/server/src/main.ts`) and waits until /health is ok. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const baseURL = `http://127.0.0.1:${options.port}`;
  const log = createWriteStream(options.logFile, { flags: 'a' });
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', SERVER_MAIN], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      // The journeys log in many times from one address; the limits themselves are tested in the route tests.
      AUTH_RATE_LIMIT_FACTOR: '50',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);

  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  const stop = async (graceMs = 10_000): Promise<void> => {
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exitPromise;
      clearTimeout(timer);
    }
    await new Promise<void>((resolve) => log.end(resolve));
  };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(
        `The server exited during start (code ${exited.code}, signal ${exited.signal}).\n` +
          (await tail(options.logFile)),
      );
    }
    try {
      const response = await fetch(`${baseURL}/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return { baseURL, process: child, stop };
      lastProblem = `GET /health answered ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(
    `The server did not become healthy in time (${lastProblem}).\n${await tail(options.logFile)}`,
  );
}

async function tail(file: string, lines = 40): Promise<string> {
  if (!existsSync(file)) return '';
  const text = await readFile(file, 'utf8');
  return `Last server output (${file}):\n${text.split('\n').slice(-lines).join('\n')}`;
}
