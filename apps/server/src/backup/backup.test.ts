import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { hashPassword } from '../shared/passwords.ts';
import { createBackup, pruneBackups } from './backup.ts';

/**
 * Backups of the embedded database taken while the real server runs and writes, restored with the
 * commands a person would use (`npm run backup`, `npm run restore`: the same scripts).
 */
const SRC = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const children: ChildProcess[] = [];

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'stabile-backup-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(SRC, script), ...args], {
    env: { PATH: process.env.PATH ?? '', SEED: '0', LOG_LEVEL: 'warn', ...env },
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
  return { child, exited, output: () => output };
}

async function waitFor(url: string, timeoutMs = 90_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} not ready`);
}

/** A DATA_DIR with one account, an attachment file and (on first start) its secrets. */
async function dataDirWithAccount() {
  const dir = tempDir();
  const database = createDatabase({ dataDir: dir });
  await migrateToLatest(database.db);
  await database.db
    .insertInto('accounts')
    .values({
      id: 1,
      email: 'backup@example.it',
      password_hash: await hashPassword('password-backup'),
      type: 'pro',
      display_name: 'Studio Backup',
      versione: 1,
      created_at: new Date().toISOString(),
      password_changed_at: null,
    })
    .execute();
  await database.destroy();
  mkdirSync(path.join(dir, 'files', 'archivio-1'), { recursive: true });
  writeFileSync(path.join(dir, 'files', 'archivio-1', 'verbale.pdf'), '%PDF-1.4 verbale assemblea');
  return dir;
}

async function sessionIds(dataDir: string): Promise<string[]> {
  const database = createDatabase({ dataDir });
  try {
    return (await database.db.selectFrom('sessions').select('id').orderBy('created_at').execute()).map(
      (r) => r.id,
    );
  } finally {
    await database.destroy();
  }
}

describe('npm run backup and npm run restore', () => {
  it('backs up while the server writes, and restores exactly the state acknowledged at that moment', async () => {
    const dataDir = await dataDirWithAccount();
    const backupDir = tempDir();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = run('main.ts', [], { PORT: String(port), DATA_DIR: dataDir });
    await waitFor(`${base}/health`);

    // One writer, one write at a time: each login (a new session) is acknowledged before the next.
    const acknowledged: Array<{ sessionId: string; accessToken: string }> = [];
    let writing = true;
    const writer = (async () => {
      while (writing) {
        const res = await fetch(`${base}/user/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: 'backup@example.it', password: 'password-backup' }),
        });
        expect(res.status).toBe(200);
        const { accessToken } = ((await res.json()) as { data: { accessToken: string } }).data;
        const claims = JSON.parse(Buffer.from(accessToken.split('.')[1]!, 'base64url').toString());
        acknowledged.push({ sessionId: claims.sid as string, accessToken });
      }
    })();
    while (acknowledged.length < 3) await new Promise((r) => setTimeout(r, 50));

    const before = acknowledged.length;
    const backup = run('scripts/backup.ts', [backupDir], { DATA_DIR: dataDir });
    expect(await backup.exited).toBe(0);
    const after = acknowledged.length;
    // Writes went on around the backup.
    while (acknowledged.length < after + 2) await new Promise((r) => setTimeout(r, 50));
    writing = false;
    await writer;
    expect(backup.output()).toMatch(/Backup scritto: .*stabile-backup-.*\.tar\.gz/);
    const [file] = readdirSync(backupDir);
    expect(file).toMatch(/^stabile-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
    expect(statSync(path.join(backupDir, file!)).mode & 0o077).toBe(0);

    // A restore onto a running server is refused, and changes nothing.
    const refused = run('scripts/restore.ts', [path.join(backupDir, file!)], { DATA_DIR: dataDir });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toMatch(/Il server è in esecuzione .*fermalo prima di ripristinare/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await sessionIds(dataDir)).toHaveLength(acknowledged.length);

    const restore = run('scripts/restore.ts', [path.join(backupDir, file!)], { DATA_DIR: dataDir });
    expect(await restore.exited).toBe(0);
    expect(restore.output()).toMatch(/Backup ripristinato/);

    // Exactly the writes acknowledged up to one moment during the backup: all those acknowledged
    // before it started, none that was not acknowledged by its end, nothing missing in between.
    const restored = await sessionIds(dataDir);
    expect(restored.length).toBeGreaterThanOrEqual(before);
    expect(restored.length).toBeLessThanOrEqual(after);
    expect(restored).toEqual(acknowledged.slice(0, restored.length).map((a) => a.sessionId));
    expect(readFileSync(path.join(dataDir, 'files', 'archivio-1', 'verbale.pdf'), 'utf8')).toBe(
      '%PDF-1.4 verbale assemblea',
    );
    // What was there before the restore is kept aside.
    expect(readdirSync(dataDir).some((name) => name.startsWith('before-restore-'))).toBe(true);

    // The restored server works, with the same secrets: a token of a restored session is valid.
    const again = run('main.ts', [], { PORT: String(port), DATA_DIR: dataDir });
    await waitFor(`${base}/health`);
    const token = acknowledged[restored.length - 1]!.accessToken;
    const logged = await fetch(`${base}/user/islogged`, { headers: { Authorization: `Bearer ${token}` } });
    expect(logged.status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 240_000);

  it('keeps the newest BACKUP_KEEP backups', async () => {
    const dataDir = await dataDirWithAccount();
    const backupDir = tempDir();
    const made: string[] = [];
    for (let i = 0; i < 4; i++) {
      made.push(await createBackup({ dataDir, backupDir, now: new Date(Date.UTC(2026, 10, 20 + i, 3)) }));
    }
    expect(await pruneBackups(backupDir, 2)).toEqual(made.slice(0, 2).map((f) => path.basename(f)));
    expect(readdirSync(backupDir).sort()).toEqual(made.slice(2).map((f) => path.basename(f)));
    expect(existsSync(made[3]!)).toBe(true);
  });

  it('refuses a file that is not a backup, leaving the data as it was', async () => {
    const dataDir = await dataDirWithAccount();
    const bogus = path.join(tempDir(), 'non-un-backup.tar.gz');
    writeFileSync(bogus, 'questo non è un archivio');
    const restore = run('scripts/restore.ts', [bogus], { DATA_DIR: dataDir });
    expect(await restore.exited).toBe(1);
    expect(restore.output()).toMatch(/non è un backup leggibile/);
    expect(existsSync(path.join(dataDir, 'stabile.db'))).toBe(true);
    expect(readdirSync(dataDir).some((name) => name.startsWith('before-restore-'))).toBe(false);
  }, 60_000);
});
