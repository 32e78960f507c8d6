import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readdir, rename, rm, stat, symlink, unlink } from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import * as tar from 'tar';

/**
 * Backups of the embedded database: one dated archive (`stabile-backup-<UTC time>.tar.gz`) holding
 * a consistent snapshot of the SQLite file, the attachments folder and secrets.json (without it the
 * tokens and the links already emailed would stop working). The snapshot is SQLite's `VACUUM INTO`:
 * one read transaction, so the server goes on writing (WAL) while the backup sees one moment.
 */

export const DATABASE_FILE = 'stabile.db';
const BACKUP_NAME = /^stabile-backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(-\d{3})?Z\.tar\.gz$/;
/** What a backup holds besides the database, when present in DATA_DIR. */
const DATA_ENTRIES = ['files', 'secrets.json'];

export class BackupError extends Error {}

function backupName(now: Date): string {
  return `stabile-backup-${now.toISOString().replace(/:/g, '-').replace('.', '-')}.tar.gz`;
}

/** Writes a backup of DATA_DIR into `backupDir`; returns the archive's path. */
export async function createBackup(options: {
  dataDir: string;
  backupDir: string;
  now?: Date;
}): Promise<string> {
  const { dataDir, backupDir } = options;
  const source = path.join(dataDir, DATABASE_FILE);
  if (!existsSync(source)) throw new BackupError(`Nessun database da salvare in ${source}`);
  // A backup holds the secrets: readable by the owner only.
  await mkdir(backupDir, { recursive: true, mode: 0o700 });
  const staging = await mkdtemp(path.join(backupDir, '.backup-'));
  const target = path.join(backupDir, backupName(options.now ?? new Date()));
  const partial = path.join(staging, 'backup.tar.gz');
  try {
    const snapshot = path.join(staging, DATABASE_FILE);
    const db = new SQLite(source, { fileMustExist: true, timeout: 15_000 });
    try {
      db.pragma('busy_timeout = 15000');
      db.prepare('VACUUM INTO ?').run(snapshot);
    } finally {
      db.close();
    }
    // The folder of files and the secrets are packed from where they are, through links.
    const entries = [DATABASE_FILE];
    for (const name of DATA_ENTRIES) {
      const original = path.join(dataDir, name);
      if (!existsSync(original)) continue;
      await symlink(original, path.join(staging, name));
      entries.push(name);
    }
    await tar.create({ gzip: true, file: partial, cwd: staging, follow: true, portable: true }, entries);
    await chmod(partial, 0o600);
    await rename(partial, target);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return target;
}

/** Deletes the oldest backups of `backupDir` beyond the newest `keep`; returns the deleted names. */
export async function pruneBackups(backupDir: string, keep: number): Promise<string[]> {
  const names = (await readdir(backupDir)).filter((name) => BACKUP_NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await unlink(path.join(backupDir, name));
  return old;
}

/** The pid of the server running on DATA_DIR, from its stabile.pid, if that process is alive. */
export function runningServerPid(dataDir: string): number | null {
  const file = path.join(dataDir, 'stabile.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive but another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}

/**
 * Replaces DATA_DIR's database, files and secrets with those of a backup. Refuses while a server
 * runs on DATA_DIR. What was there is moved, not deleted, to DATA_DIR/before-restore-<time>/.
 * Returns that folder.
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  now?: Date;
}): Promise<string> {
  const { archive, dataDir } = options;
  const pid = runningServerPid(dataDir);
  if (pid !== null)
    throw new BackupError(
      `Il server è in esecuzione su ${dataDir} (pid ${pid}): fermalo prima di ripristinare un backup.`,
    );
  if (!existsSync(archive) || !(await stat(archive)).isFile())
    throw new BackupError(`File di backup non trovato: ${archive}`);
  await mkdir(dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    try {
      await tar.extract({ file: archive, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`Il file ${archive} non è un backup leggibile: ${(error as Error).message}`);
    }
    const restored = path.join(staging, DATABASE_FILE);
    if (!existsSync(restored)) throw new BackupError(`Il file ${archive} non contiene ${DATABASE_FILE}`);
    const check = new SQLite(restored, { readonly: true, fileMustExist: true });
    try {
      const result = check.pragma('integrity_check', { simple: true });
      if (result !== 'ok') throw new BackupError(`Il database del backup è danneggiato: ${String(result)}`);
    } finally {
      check.close();
    }
    const stamp = (options.now ?? new Date()).toISOString().replace(/:/g, '-').replace('.', '-');
    const previous = path.join(dataDir, `before-restore-${stamp}`);
    await mkdir(previous);
    const current = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, ...DATA_ENTRIES];
    for (const name of current) {
      if (existsSync(path.join(dataDir, name)))
        await rename(path.join(dataDir, name), path.join(previous, name));
    }
    for (const name of [DATABASE_FILE, ...DATA_ENTRIES]) {
      if (existsSync(path.join(staging, name)))
        await rename(path.join(staging, name), path.join(dataDir, name));
    }
    return previous;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
