import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { hashPassword } from './shared/passwords.ts';

const MAIN = path.join(import.meta.dirname, 'main.ts');
const dirs: string[] = [];
const children: ChildProcess[] = [];

/** A port nobody listens on now (other suites on this machine start servers too). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'stabile-main-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  // A server left running by a failed test would hold its port and data.
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function start(
  env: Record<string, string>,
): ChildProcess & { output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { PATH: process.env.PATH ?? '', SEED: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
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

// Generous: on a busy machine a server process takes a while to start.
async function waitFor(url: string, timeoutMs = 90_000) {
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
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: 'presto', DATA_DIR: tempDir() })).toThrow(
      /SHUTDOWN_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_MS: '-1', DATA_DIR: tempDir() })).toThrow(
      /SHUTDOWN_TIMEOUT_MS/,
    );
    expect(loadConfig({ DATA_DIR: tempDir() }).shutdownTimeoutMs).toBe(10_000);
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379', DATA_DIR: tempDir() })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ PASSWORD_CONCURRENCY: '0', DATA_DIR: tempDir() })).toThrow(
      /PASSWORD_CONCURRENCY/,
    );
    expect(() => loadConfig({ BACKUP_EVERY: 'ogni giorno', DATA_DIR: tempDir() })).toThrow(/BACKUP_EVERY/);
    expect(() =>
      loadConfig({ BACKUP_DIR: tempDir(), DATABASE_URL: 'postgres://x@localhost/db', DATA_DIR: tempDir() }),
    ).toThrow(/BACKUP_DIR vale per il database SQLite/);
    expect(loadConfig({ BACKUP_DIR: '/tmp/b', BACKUP_EVERY: '6h', DATA_DIR: tempDir() }).backup).toEqual({
      dir: '/tmp/b',
      everyMs: 6 * 3_600_000,
      keep: 7,
    });
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
    const port1 = await freePort();
    const child = start({ PORT: String(port1), DATA_DIR: dir });
    expect(await child.exited).toBe(1);
    expect(child.output()).toMatch(/Impossibile aprire il database/);
  });

  it('finishes in-flight requests and closes cleanly on SIGTERM', async () => {
    const port2 = await freePort();
    const child = start({ PORT: String(port2), DATA_DIR: tempDir() });
    await waitFor(`http://127.0.0.1:${port2}/health`);
    // A request whose body is still arriving when the signal comes: it must still get its answer.
    const socket = connect(port2, '127.0.0.1');
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
  }, 120_000);

  it('stops within SHUTDOWN_TIMEOUT_MS on SIGTERM despite a keep-alive connection and a stuck request, keeping the acknowledged write', async () => {
    const dir = tempDir();
    // An account to log in with (a login is an acknowledged write: a session row).
    const database = createDatabase({ dataDir: dir });
    await migrateToLatest(database.db);
    await database.db
      .insertInto('accounts')
      .values({
        id: 1,
        email: 'arresto@example.it',
        password_hash: await hashPassword('password-arresto'),
        type: 'pro',
        display_name: 'Studio Arresto',
        versione: 1,
        created_at: new Date().toISOString(),
        password_changed_at: null,
      })
      .execute();
    await database.destroy();

    const port5 = await freePort();
    const child = start({ PORT: String(port5), DATA_DIR: dir, SHUTDOWN_TIMEOUT_MS: '1500' });
    await waitFor(`http://127.0.0.1:${port5}/health`);
    const login = await fetch(`http://127.0.0.1:${port5}/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'arresto@example.it', password: 'password-arresto' }),
    });
    expect(login.status).toBe(200);

    // A keep-alive connection that has had its answer and stays open, waiting for the next request.
    const idle = connect(port5, '127.0.0.1');
    await new Promise((r) => idle.once('connect', r));
    idle.write('GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    await new Promise((r) => idle.once('data', r));
    const idleClosed = new Promise((r) => idle.once('close', r));
    // A request whose body never finishes arriving.
    const stuck = connect(port5, '127.0.0.1');
    await new Promise((r) => stuck.once('connect', r));
    stuck.write(
      'POST /user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"username"',
    );
    stuck.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 200));

    const signalled = Date.now();
    child.kill('SIGTERM');
    const code = await child.exited;
    const tookMs = Date.now() - signalled;
    await idleClosed;
    stuck.destroy();
    // Cut at the deadline (exit code 1: a request did not finish), well before a second deadline.
    expect(code).toBe(1);
    expect(tookMs).toBeGreaterThanOrEqual(1400);
    expect(tookMs).toBeLessThan(1500 + 3000);
    expect(child.output()).toMatch(/requests still open at the deadline/);

    const after = createDatabase({ dataDir: dir });
    try {
      const sessions = await after.db.selectFrom('sessions').select('account_id').execute();
      expect(sessions).toEqual([{ account_id: 1 }]);
    } finally {
      await after.destroy();
    }
  }, 120_000);

  it('exits at once on a second signal', async () => {
    const port6 = await freePort();
    const child = start({ PORT: String(port6), DATA_DIR: tempDir(), SHUTDOWN_TIMEOUT_MS: '60000' });
    await waitFor(`http://127.0.0.1:${port6}/health`);
    const stuck = connect(port6, '127.0.0.1');
    await new Promise((r) => stuck.once('connect', r));
    stuck.write('POST /user/login HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000\r\n\r\n{');
    stuck.on('error', () => undefined);
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGINT');
    expect(await child.exited).toBe(1);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(child.output()).toMatch(/second signal: exiting now/);
    stuck.destroy();
  }, 120_000);

  it('runs several server processes on one port and stops them all on SIGTERM', async () => {
    const port3 = await freePort();
    const child = start({ PORT: String(port3), DATA_DIR: tempDir(), WORKERS: '2', SEED: '1' });
    // Seeding and two processes starting: slow on a busy machine.
    await waitFor(`http://127.0.0.1:${port3}/health`, 90_000);
    // The primary seeded before forking: every worker logs in the demo account.
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`http://127.0.0.1:${port3}/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: 'demo@stabile.it', password: 'demo-stabile' }),
      });
      expect(res.status).toBe(200);
    }
    expect(child.output()).toMatch(/server processes started/);
    child.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${port3}/health`)).rejects.toThrow();
  }, 120_000);

  it('stops with exit code 1 when its workers cannot start (port taken)', async () => {
    const port4 = await freePort();
    const blocker = createServer().listen(port4, '0.0.0.0');
    await new Promise((r) => blocker.once('listening', r));
    try {
      const child = start({ PORT: String(port4), DATA_DIR: tempDir(), WORKERS: '2' });
      expect(await child.exited).toBe(1);
      expect(child.output()).toMatch(/stopped while starting/);
    } finally {
      blocker.close();
    }
  }, 120_000);
});
