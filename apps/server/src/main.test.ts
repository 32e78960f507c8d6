import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');
const dirs: string[] = [];

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'stabile-main-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function start(
  env: Record<string, string>,
): ChildProcess & { output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', SEED: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += String(d);
  });
  child.stderr?.on('data', (d) => {
    output += String(d);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return Object.assign(child, { output: () => output, exited });
}

async function waitFor(url: string, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready`);
}

describe('configuration', () => {
  it('names the wrong variable', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: tempDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: tempDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: tempDir() })).toThrow(/DATABASE_URL/);
    expect(() =>
      loadConfig({ JWT_SECRET: 'corto', LINK_SECRET: 'x'.repeat(40), DATA_DIR: tempDir() }),
    ).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ WORKERS: 'tanti', DATA_DIR: tempDir() })).toThrow(/WORKERS/);
    expect(loadConfig({ WORKERS: 'auto', DATA_DIR: tempDir() }).workers).toBeGreaterThanOrEqual(1);
  });

  it('generates secrets once and keeps them in DATA_DIR', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.linkSecret).toBe(first.linkSecret);
  });
});

describe('the server process', () => {
  it('stops with exit code 1 and a message naming a wrong variable', async () => {
    const child = start({ PORT: 'novanta', DATA_DIR: tempDir() });
    expect(await child.exited).toBe(1);
    expect(child.output()).toMatch(/Configurazione non valida: PORT/);
    expect(child.output()).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses a corrupt database file with a clear message', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, 'stabile.db'), 'questo non è un database SQLite '.repeat(200));
    const child = start({ PORT: '3191', DATA_DIR: dir });
    expect(await child.exited).toBe(1);
    expect(child.output()).toMatch(/Impossibile aprire il database/);
  });

  it('finishes in-flight requests and closes cleanly on SIGTERM', async () => {
    const child = start({ PORT: '3192', DATA_DIR: tempDir() });
    await waitFor('http://127.0.0.1:3192/health');
    // A request whose body is still arriving when the signal comes: it must still get its answer.
    const socket = connect(3192, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    const body = JSON.stringify({ prova: 'richiesta in corso' });
    socket.write(
      `POST /user/in-corso HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    let answer = '';
    socket.on('data', (d) => {
      answer += String(d);
    });
    const ended = new Promise((r) => socket.once('close', r));
    await new Promise((r) => setTimeout(r, 200));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    socket.write(body.slice(5));
    await ended;
    expect(answer).toMatch(/^HTTP\/1.1 404/);
    expect(answer).toContain('"code":122');
    expect(await child.exited).toBe(0);
  });

  it('runs several server processes on one port and stops them all on SIGTERM', async () => {
    const child = start({ PORT: '3193', DATA_DIR: tempDir(), WORKERS: '2', SEED: '1' });
    // Seeding and two processes starting: slow on a busy machine.
    await waitFor('http://127.0.0.1:3193/health', 90_000);
    // The primary seeded before forking: every worker logs in the demo account.
    for (let i = 0; i < 4; i++) {
      const res = await fetch('http://127.0.0.1:3193/user/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'demo@stabile.it', password: 'demo-stabile' }),
      });
      expect(res.status).toBe(200);
    }
    expect(child.output()).toMatch(/server processes started/);
    child.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    await expect(fetch('http://127.0.0.1:3193/health')).rejects.toThrow();
  }, 120_000);

  it('stops with exit code 1 when its workers cannot start (port taken)', async () => {
    const blocker = createServer().listen(3194, '0.0.0.0');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const child = start({ PORT: '3194', DATA_DIR: tempDir(), WORKERS: '2' });
      expect(await child.exited).toBe(1);
      expect(child.output()).toMatch(/stopped while starting/);
    } finally {
      blocker.close();
    }
  }, 120_000);
});
