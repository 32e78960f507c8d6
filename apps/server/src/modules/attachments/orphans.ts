import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteRowWithoutFile } from './attachment.repository.ts';
import type { FileStore } from './file-store.ts';

/**
 * Orphans either way: stored files no row refers to (an attachment's storage_key or a supplier
 * message's allegato_chiave), temporary uploads older than an hour (a crash mid-upload), and
 * attachment rows whose file is missing (a crash between commit and rename, a lost disk). `repair`
 * deletes the orphan files and the rows without a file.
 */
export interface OrphanReport {
  archiveId: number;
  filesWithoutRow: string[];
  staleTemporaryFiles: string[];
  rowsWithoutFile: Array<{ id: number; nomeFile: string }>;
  repaired: boolean;
}

const TEMPORARY_GRACE_MS = 60 * 60 * 1000;
const CHUNK = 5000;

export async function findOrphans(
  db: Kysely<Database>,
  store: FileStore,
  archiveId: number,
  options: { repair?: boolean; now?: Date } = {},
): Promise<OrphanReport> {
  const now = options.now ?? new Date();
  const stored = new Map<string, { temporary: boolean; modifiedAt: Date }>();
  for await (const entry of store.list(archiveId)) stored.set(entry.key, entry);

  const referenced = new Set<string>();
  const rowsWithoutFile: OrphanReport['rowsWithoutFile'] = [];
  let afterId = 0;
  for (;;) {
    const rows = await db
      .selectFrom('attachments')
      .select(['id', 'storage_key', 'nome_file'])
      .where('archive_id', '=', archiveId)
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(CHUNK)
      .execute();
    for (const row of rows) {
      referenced.add(row.storage_key);
      if (!stored.has(row.storage_key)) rowsWithoutFile.push({ id: Number(row.id), nomeFile: row.nome_file });
    }
    if (rows.length < CHUNK) break;
    afterId = Number(rows.at(-1)?.id);
  }
  const messages = await db
    .selectFrom('supplier_assignment_messages')
    .select('allegato_chiave')
    .where('archive_id', '=', archiveId)
    .where('allegato_chiave', 'is not', null)
    .execute();
  for (const m of messages) if (m.allegato_chiave) referenced.add(m.allegato_chiave);

  const filesWithoutRow: string[] = [];
  const staleTemporaryFiles: string[] = [];
  for (const [key, entry] of stored) {
    if (entry.temporary) {
      if (now.getTime() - entry.modifiedAt.getTime() > TEMPORARY_GRACE_MS) staleTemporaryFiles.push(key);
    } else if (!referenced.has(key)) {
      filesWithoutRow.push(key);
    }
  }

  if (options.repair) {
    for (const key of [...filesWithoutRow, ...staleTemporaryFiles]) await removeStored(store, archiveId, key);
    for (const row of rowsWithoutFile) {
      await db.transaction().execute((trx) => deleteRowWithoutFile(trx, archiveId, row.id));
    }
  }
  return {
    archiveId,
    filesWithoutRow,
    staleTemporaryFiles,
    rowsWithoutFile,
    repaired: options.repair === true,
  };
}

/** Temporary names are not keys the store accepts for removal: they go through `discard`. */
async function removeStored(store: FileStore, archiveId: number, key: string): Promise<void> {
  if (key.startsWith('.')) await store.discard(archiveId, { tempKey: key, size: 0, head: Buffer.alloc(0) });
  else await store.remove(archiveId, key);
}
