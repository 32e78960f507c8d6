import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { AttachmentReferenceType } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { insertCondominium } from '../activities/activity.fixtures.ts';
import { type FileStore, fileStoreOf } from './file-store.ts';
import { findOrphans } from './orphans.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('orphan files and rows of the file store', () => {
  let t: TestApp;
  let s: TestSession;
  let store: FileStore;
  let condominioId: number;
  beforeAll(async () => {
    t = await buildTestApp();
    s = await createTestSession(t);
    store = await fileStoreOf(t.config);
    condominioId = await insertCondominium(t.database.db, s.archiveId, 'Condominio Orfani');
  });
  afterAll(() => t.close());

  async function upload(name: string): Promise<{ id: number }> {
    const boundary = `----o${randomBytes(4).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="RiferimentoAllegato.ID"\r\n\r\n${condominioId}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="RiferimentoAllegato.Tipo"\r\n\r\n${AttachmentReferenceType.Condominium}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n\r\n`,
      ),
      PDF,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/allegati',
      headers: { ...s.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  }

  it('reports files without a row, stale temporary uploads and rows without a file, and repairs them', async () => {
    const kept = await upload('contratto.pdf');
    const lost = await upload('perizia.pdf');
    const lostRow = await t.database.db
      .selectFrom('attachments')
      .select('storage_key')
      .where('archive_id', '=', s.archiveId)
      .where('id', '=', lost.id)
      .executeTakeFirstOrThrow();
    await store.remove(s.archiveId, lostRow.storage_key);
    await store.put(s.archiveId, 'abbandonato.pdf', PDF);
    const temporary = await store.receive(s.archiveId, Readable.from([PDF]), 1024 * 1024);

    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const report = await findOrphans(t.database.db, store, s.archiveId, { now: later });
    expect(report).toMatchObject({
      filesWithoutRow: ['abbandonato.pdf'],
      staleTemporaryFiles: [temporary.tempKey],
      rowsWithoutFile: [{ id: lost.id, nomeFile: 'perizia.pdf' }],
      repaired: false,
    });
    // A fresh temporary upload (one in flight) is not an orphan.
    expect((await findOrphans(t.database.db, store, s.archiveId)).staleTemporaryFiles).toEqual([]);

    await findOrphans(t.database.db, store, s.archiveId, { now: later, repair: true });
    const after = await findOrphans(t.database.db, store, s.archiveId, { now: later });
    expect(after).toMatchObject({ filesWithoutRow: [], staleTemporaryFiles: [], rowsWithoutFile: [] });
    const res = await t.app.inject({ url: `/api/allegati/${kept.id}`, headers: s.headers });
    expect(res.json().data.nomeFile).toBe('contratto.pdf');
    const gone = await t.app.inject({ url: `/api/allegati/${lost.id}`, headers: s.headers });
    expect(gone.json().error.code).toBe(122);
  });
});
