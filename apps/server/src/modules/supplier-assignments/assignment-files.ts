import { buffer } from 'node:stream/consumers';
import { acceptFile, safeBaseName } from '../attachments/file-policy.ts';
import { fileStoreOf, HEAD_BYTES, newStorageKey } from '../attachments/file-store.ts';

/**
 * Files sent with integration messages, kept in the one file store of attachments (a folder under
 * DATA_DIR/files, or S3 when S3_URL is set) under a random key (a user's file name is never a
 * path). The type is read from the content with the attachments' rules.
 */
type StoreConfig = Parameters<typeof fileStoreOf>[0];

/** A safe display name: no directories, no control characters, at most 200 characters. */
export const cleanFileName = safeBaseName;

export async function storeUpload(
  config: StoreConfig,
  archiveId: number,
  fileName: string,
  content: Buffer,
): Promise<{ key: string; size: number; name: string }> {
  const accepted = await acceptFile(fileName, content.subarray(0, HEAD_BYTES), content.length);
  const key = newStorageKey();
  await (await fileStoreOf(config)).put(archiveId, key, content);
  return { key, size: content.length, name: accepted.nomeFile };
}

export async function storedSize(
  config: StoreConfig,
  archiveId: number,
  key: string,
): Promise<number | null> {
  return (await fileStoreOf(config)).size(archiveId, key);
}

export async function readStored(config: StoreConfig, archiveId: number, key: string): Promise<Buffer> {
  const stored = await (await fileStoreOf(config)).open(archiveId, key);
  if (!stored) throw Object.assign(new Error('File non trovato'), { code: 'ENOENT' });
  return buffer(stored.stream);
}

/** Removes a file stored for a request that was then refused: nothing is kept from it. */
export async function removeStored(config: StoreConfig, archiveId: number, key: string): Promise<void> {
  await (await fileStoreOf(config)).remove(archiveId, key);
}
