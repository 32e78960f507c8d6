import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createDatabase } from '../db/database.ts';
import { createMailer } from './mailer.ts';

/** The database, the secrets and the emails with reset links are for the server's user only. */

const mode = (file: string) => statSync(file).mode & 0o777;
const folders: string[] = [];
function newFolder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'stabile-modes-'));
  folders.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const previousUmask = process.umask();

describe('files created owner-only (0600 in 0700 folders), whatever the umask', () => {
  it('stabile.db with its WAL, and an older 0644 database made private at start', async () => {
    process.umask(0o022);
    try {
      const dataDir = newFolder();
      const handle = createDatabase({ dataDir });
      await handle.db.schema.createTable('prova').addColumn('a', 'integer').execute();
      const file = path.join(dataDir, 'stabile.db');
      expect(mode(file)).toBe(0o600);
      expect(mode(`${file}-wal`)).toBe(0o600);
      await handle.destroy();

      const older = newFolder();
      writeFileSync(path.join(older, 'stabile.db'), '', { mode: 0o644 });
      const reopened = createDatabase({ dataDir: older });
      expect(mode(path.join(older, 'stabile.db'))).toBe(0o600);
      await reopened.destroy();
    } finally {
      process.umask(previousUmask);
    }
  });

  it('secrets.json and a new DATA_DIR', () => {
    process.umask(0o022);
    try {
      const dataDir = path.join(newFolder(), 'dati');
      loadConfig({ DATA_DIR: dataDir });
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(path.join(dataDir, 'secrets.json'))).toBe(0o600);
    } finally {
      process.umask(previousUmask);
    }
  });

  it('outbox emails (they hold reset links)', async () => {
    process.umask(0o022);
    try {
      const dataDir = newFolder();
      const log = { info: () => undefined } as unknown as FastifyBaseLogger;
      const mailer = createMailer({ smtpUrl: undefined, from: 'Stabile <x@stabile.test>', dataDir, log });
      await mailer.send({ to: 'a@b.it', subject: 'Reimposta la password', text: 'link' });
      const outbox = path.join(dataDir, 'outbox');
      expect(mode(outbox)).toBe(0o700);
      const [file] = await readdir(outbox);
      expect(mode(path.join(outbox, file!))).toBe(0o600);
    } finally {
      process.umask(previousUmask);
    }
  });
});
