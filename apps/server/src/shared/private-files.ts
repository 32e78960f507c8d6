import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

/**
 * Files that hold data or secrets (the SQLite database, secrets.json, emails with reset links) are
 * readable by the server's user only: 0600 files in 0700 folders, whatever the umask.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates the folder (0700) if missing; an existing folder keeps the mode its owner gave it. */
export function ensurePrivateDirSync(dir: string): void {
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Creates the file empty if missing, and makes it (and any existing one) owner-only. */
export function ensurePrivateFileSync(file: string): void {
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  chmodSync(file, PRIVATE_FILE_MODE);
}

/** Makes a file the server just wrote owner-only (writeFile's mode is reduced by the umask only). */
export async function makePrivate(file: string): Promise<void> {
  await chmod(file, PRIVATE_FILE_MODE);
}
