import { randomBytes } from 'node:crypto';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../shared/app-error.ts';
import { ensurePrivateDir } from '../../shared/private-files.ts';

/**
 * Files sent with integration messages, stored like every attachment: `DATA_DIR/files/<archive>/<key>`
 * with a random key (a user's file name is never a path). The type is checked from the content.
 */

const ALLOWED_TYPES = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/heic',
  'image/tiff',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/x-cfb',
  'application/zip',
]);
const TEXT_EXTENSIONS = new Set(['.txt', '.csv']);
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

function fileOf(dataDir: string, archiveId: number, key: string): string {
  if (!KEY_PATTERN.test(key)) throw new AppError(113, 'Chiave del file non valida.');
  return path.join(dataDir, 'files', String(archiveId), key);
}

/** A safe display name: no directories, no control characters, at most 200 characters. */
export function cleanFileName(name: string): string {
  const base = path
    .basename(name.replace(/\\/g, '/'))
    .split('')
    .filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127 && ch !== '"')
    .join('')
    .trim();
  return (base || 'allegato').slice(0, 200);
}

export async function storeUpload(
  dataDir: string,
  archiveId: number,
  fileName: string,
  content: Buffer,
): Promise<{ key: string; size: number; name: string }> {
  if (content.length === 0) throw new AppError(113, 'Il file è vuoto.');
  const name = cleanFileName(fileName);
  const detected = await fileTypeFromBuffer(content);
  const allowed = detected
    ? ALLOWED_TYPES.has(detected.mime)
    : TEXT_EXTENSIONS.has(path.extname(name).toLowerCase()) && !content.includes(0);
  if (!allowed) {
    throw new AppError(113, "Tipo di file non ammesso: allega un PDF, un'immagine o un documento.");
  }
  const key = randomBytes(24).toString('base64url');
  const file = fileOf(dataDir, archiveId, key);
  await ensurePrivateDir(path.dirname(file));
  await writeFile(file, content, { mode: 0o600 });
  return { key, size: content.length, name };
}

export async function storedSize(dataDir: string, archiveId: number, key: string): Promise<number | null> {
  try {
    return (await stat(fileOf(dataDir, archiveId, key))).size;
  } catch (error) {
    if (error instanceof AppError) throw error;
    return null;
  }
}

export function readStored(dataDir: string, archiveId: number, key: string): Promise<Buffer> {
  return readFile(fileOf(dataDir, archiveId, key));
}

/** Removes a file stored for a request that was then refused: nothing is kept from it. */
export async function removeStored(dataDir: string, archiveId: number, key: string): Promise<void> {
  await rm(fileOf(dataDir, archiveId, key), { force: true });
}
