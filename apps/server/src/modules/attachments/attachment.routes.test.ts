import { randomBytes } from 'node:crypto';
import { Area, AttachmentOrigin, AttachmentReferenceType, isoDateToday } from '@stabile/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { insertCondominium } from '../activities/activity.fixtures.ts';
import { type FileStore, fileStoreOf } from './file-store.ts';
import { signLink } from './links.ts';
import { startTestS3, type TestS3 } from './s3-test-server.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
/** A GIF whose bytes are also an HTML page with a script (a polyglot). */
const GIF_HTML = Buffer.concat([
  Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'),
  Buffer.from('<html><script>alert(document.cookie)</script></html>'),
]);

interface Part {
  name: string;
  content: Buffer;
  type?: string;
}

function multipart(fields: Record<string, string | number>, file?: Part, fileField = 'file') {
  const boundary = `----stabile${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const stores: Array<[string, () => Promise<{ env: Record<string, string>; stop(): Promise<void> }>]> = [
  ['cartella DATA_DIR/files', async () => ({ env: {}, stop: async () => undefined })],
  [
    'S3 (server S3 compatibile locale)',
    async () => {
      const s3: TestS3 = await startTestS3();
      return { env: { S3_URL: s3.url }, stop: () => s3.close() };
    },
  ],
];

describe.each(stores)('allegati e fascicoli su %s', (_name, startStore) => {
  let t: TestApp;
  let s: TestSession;
  let store: FileStore;
  let condominioId: number;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    const started = await startStore();
    stop = started.stop;
    t = await buildTestApp({ MAX_UPLOAD_MB: '1', ...started.env });
    s = await createTestSession(t);
    store = await fileStoreOf(t.config);
    condominioId = await insertCondominium(t.database.db, s.archiveId, 'Condominio Aurora');
  });
  afterAll(async () => {
    await t.close();
    store.close();
    await stop();
  });

  type Json = Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields directly
  type Body = { data: any; error: any; pagination?: any };

  async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, session = s) {
    const res = await t.app.inject({
      method,
      url,
      headers: session.headers,
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as Body, headers: res.headers };
  }

  async function upload(
    fields: Record<string, string | number>,
    file?: Part,
    options: { session?: TestSession; url?: string; fileField?: string } = {},
  ) {
    const form = multipart(fields, file, options.fileField);
    const res = await t.app.inject({
      method: 'POST',
      url: options.url ?? '/api/allegati',
      headers: { ...(options.session ?? s).headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    return { status: res.statusCode, body: res.json() as Body };
  }

  const ofCondominium = (extra: Record<string, string | number> = {}) => ({
    'RiferimentoAllegato.ID': condominioId,
    'RiferimentoAllegato.Tipo': AttachmentReferenceType.Condominium,
    TipoOrigine: AttachmentOrigin.Documents,
    ...extra,
  });

  async function storedKeys(archiveId = s.archiveId): Promise<string[]> {
    const keys: string[] = [];
    for await (const entry of store.list(archiveId)) keys.push(entry.key);
    return keys.sort();
  }

  async function storageKeyOf(id: number): Promise<string> {
    const row = await t.database.db
      .selectFrom('attachments')
      .select('storage_key')
      .where('archive_id', '=', s.archiveId)
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.storage_key;
  }

  it('uploads a PDF to a condominium, lists it, counts its origin and downloads it as sent', async () => {
    const before = await storedKeys();
    const res = await upload(ofCondominium({ Codice: 'PR-12', Anno: 2026 }), {
      name: 'verbale assemblea.pdf',
      content: PDF,
      type: 'text/html',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const allegato = res.body.data;
    expect(allegato).toMatchObject({
      nomeFile: 'verbale assemblea.pdf',
      dimensione: PDF.length,
      contentType: 'application/pdf',
      riferimento: { id: condominioId, tipo: AttachmentReferenceType.Condominium },
      tipoOrigine: AttachmentOrigin.Documents,
      fascicoloId: null,
      codice: 'PR-12',
      anno: 2026,
      objVersion: 1,
    });
    expect(await storedKeys()).toEqual([...before, await storageKeyOf(allegato.id)].sort());

    const list = await call(
      'GET',
      `/api/allegati?RiferimentoAllegato.ID=${condominioId}&RiferimentoAllegato.Tipo=${AttachmentReferenceType.Condominium}`,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: { id: number }) => a.id)).toContain(allegato.id);
    expect(JSON.parse(String(list.headers['x-pagination']))).toMatchObject({ currentPage: 1, pageSize: 20 });

    const one = await call('GET', `/api/allegati/${allegato.id}`);
    expect(one.body.data).toEqual(allegato);

    const origins = await call(
      'GET',
      `/api/allegati/elencoOrigini?Id=${condominioId}&Tipo=${AttachmentReferenceType.Condominium}`,
    );
    expect(origins.body.data).toContainEqual({
      tipoOrigine: AttachmentOrigin.Documents,
      descrizione: 'Archivio documenti',
      numeroAllegati: expect.any(Number),
    });

    const file = await t.app.inject({
      url: `/api/allegati/${allegato.id}/file?nomeFile=${encodeURIComponent('verbale assemblea.pdf')}`,
      headers: s.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="verbale assemblea.pdf"; filename*=UTF-8''verbale%20assemblea.pdf`,
    );
    const wrongName = await call('GET', `/api/allegati/${allegato.id}/file?nomeFile=altro.pdf`);
    expect(wrongName.body.error).toMatchObject({ code: 122, status: 404 });
  });

  it("takes files on a common part (a plant's drawer): lists them and counts their origin; an unknown one answers 122", async () => {
    const plant = await call('POST', `/api/condominio/${condominioId}/impianto`, {
      denominazione: 'Ascensore scala B',
      tipo: 1,
    });
    expect(plant.status, JSON.stringify(plant.body)).toBe(200);
    const ofPlant = {
      'RiferimentoAllegato.ID': plant.body.data.id,
      'RiferimentoAllegato.Tipo': AttachmentReferenceType.CommonPart,
    };
    const res = await upload(
      { ...ofPlant, TipoOrigine: AttachmentOrigin.Maintenance },
      { name: 'libretto ascensore.pdf', content: PDF },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      nomeFile: 'libretto ascensore.pdf',
      riferimento: { id: plant.body.data.id, tipo: AttachmentReferenceType.CommonPart },
    });
    const query = `RiferimentoAllegato.ID=${plant.body.data.id}&RiferimentoAllegato.Tipo=${AttachmentReferenceType.CommonPart}`;
    const list = await call('GET', `/api/allegati?${query}`);
    expect(list.body.data.map((a: { nomeFile: string }) => a.nomeFile)).toEqual(['libretto ascensore.pdf']);
    const origins = await call(
      'GET',
      `/api/allegati/elencoOrigini?Id=${plant.body.data.id}&Tipo=${AttachmentReferenceType.CommonPart}`,
    );
    expect(origins.body.data).toContainEqual(
      expect.objectContaining({ tipoOrigine: AttachmentOrigin.Maintenance, numeroAllegati: 1 }),
    );

    const unknown = await upload(
      { ...ofPlant, 'RiferimentoAllegato.ID': 999_999, TipoOrigine: AttachmentOrigin.Maintenance },
      { name: 'altro.pdf', content: PDF },
    );
    expect(unknown.body.error).toMatchObject({ code: 122, status: 404 });

    // The attachments area gates a common part's files like any other.
    const restricted = await createTestSession(t, { deniedAreas: [Area.Attachments] });
    const refused = await call('GET', `/api/allegati?${query}`, undefined, restricted);
    expect(refused.body.error).toMatchObject({ code: 120, status: 403 });
  });

  it('opens a short-lived signed link without the token: inline and sandboxed for the preview, or as a download', async () => {
    const created = (await upload(ofCondominium(), { name: 'Perizia è pronta.pdf', content: PDF })).body.data;
    const linkRes = await call(
      'GET',
      `/api/allegati/${created.id}/file/link?nomeFile=${encodeURIComponent(created.nomeFile)}`,
    );
    expect(linkRes.status).toBe(200);
    const { link, scadenza } = linkRes.body.data;
    expect(link).toMatch(/^\/api\/allegati\/download\?/);
    expect(new Date(scadenza).getTime()).toBeGreaterThan(Date.now());
    const preview = await t.app.inject({ url: link });
    expect(preview.statusCode).toBe(200);
    expect(preview.rawPayload.equals(PDF)).toBe(true);
    expect(preview.headers['content-disposition']).toBe(
      `inline; filename="Perizia e pronta.pdf"; filename*=UTF-8''Perizia%20%C3%A8%20pronta.pdf`,
    );
    expect(String(preview.headers['content-security-policy'])).toMatch(/^sandbox;/);
    expect(preview.headers['x-content-type-options']).toBe('nosniff');

    const downloadLink = (
      await call(
        'GET',
        `/api/allegati/${created.id}/file/link?nomeFile=${encodeURIComponent(created.nomeFile)}&download=true`,
      )
    ).body.data.link;
    const download = await t.app.inject({ url: downloadLink });
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('refuses forged, expired and altered links (120), and links of a replaced file (404)', async () => {
    const created = (await upload(ofCondominium(), { name: 'contratto.pdf', content: PDF })).body.data;
    const { link } = (await call('GET', `/api/allegati/${created.id}/file/link?nomeFile=contratto.pdf`)).body
      .data;
    const token = new URL(link, 'http://x').searchParams.get('token') as string;
    const [payload, signature] = token.split('.') as [string, string];
    const tampered = `${payload.slice(0, -2)}${payload.endsWith('A') ? 'B' : 'A'}${payload.slice(-1)}.${signature}`;
    const forgedSecret = signLink('un-altro-segreto-lungo-almeno-trentadue-caratteri', {
      archiveId: s.archiveId,
      attachmentId: created.id,
      chiave: created.chiaveDownload,
      download: false,
      expires: Math.floor(Date.now() / 1000) + 60,
    });
    const expired = signLink(t.config.linkSecret, {
      archiveId: s.archiveId,
      attachmentId: created.id,
      chiave: created.chiaveDownload,
      download: false,
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    for (const bad of [tampered, forgedSecret, expired, 'abc', `${payload}.`]) {
      const res = await t.app.inject({ url: `/api/allegati/download?token=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().error.code).toBe(120);
      expect(res.json().error.message).toBe('Il collegamento al file è scaduto o non è valido.');
    }
    const replaced = await upload(
      { objVersion: 1 },
      { name: 'contratto-firmato.pdf', content: PDF },
      {
        url: `/api/allegati/${created.id}/file`,
      },
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data).toMatchObject({ nomeFile: 'contratto-firmato.pdf', objVersion: 2 });
    const stale = await t.app.inject({ url: link });
    expect(stale.json().error).toMatchObject({ code: 122, status: 404 });
  });

  it('answers Italian validation messages and leaves no file behind a refused upload', async () => {
    const before = await storedKeys();
    const noFile = await upload(ofCondominium());
    expect(noFile.body.error).toMatchObject({
      code: 113,
      message: 'Manca il file da caricare (parte "file").',
    });
    const badType = await upload(ofCondominium({ 'RiferimentoAllegato.Tipo': 42 }), {
      name: 'a.pdf',
      content: PDF,
    });
    expect(badType.status).toBe(400);
    expect(badType.body.error.message).toBe('Tipo di riferimento non valido (RiferimentoAllegato.Tipo)');
    const badYear = await upload(ofCondominium({ Anno: 'duemila' }), { name: 'a.pdf', content: PDF });
    expect(badYear.body.error.message).toBe('Anno non valido (Anno)');
    const missingRef = await upload(ofCondominium({ 'RiferimentoAllegato.ID': 999_999 }), {
      name: 'a.pdf',
      content: PDF,
    });
    expect(missingRef.body.error).toMatchObject({ code: 122, status: 404 });
    const notMultipart = await call('POST', '/api/allegati', { nomeFile: 'a.pdf' });
    expect(notMultipart.body.error.code).toBe(110);
    const twoFiles = await upload(ofCondominium(), { name: 'a.pdf', content: PDF }, { fileField: 'altro' });
    expect(twoFiles.body.error.code).toBe(113);
    const badQuery = await call('GET', '/api/allegati?RiferimentoAllegato.ID=abc&RiferimentoAllegato.Tipo=3');
    expect(badQuery.body.error).toMatchObject({
      code: 113,
      message: 'Riferimento non valido (RiferimentoAllegato.ID)',
    });
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses oversize files, wrong types and reduces traversal names, storing nothing it refuses', async () => {
    const before = await storedKeys();
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 32)]);
    const oversize = await upload(ofCondominium(), { name: 'grande.pdf', content: big });
    expect(oversize.status).toBe(413);
    expect(oversize.body.error).toMatchObject({
      code: 123,
      message: 'Il file supera la dimensione massima di 1 MB.',
    });
    const html = await upload(ofCondominium(), {
      name: 'fattura.pdf',
      content: Buffer.from('<html><script>alert(1)</script></html>'),
      type: 'application/pdf',
    });
    expect(html.body.error).toMatchObject({
      code: 113,
      message: "Tipo di file non ammesso: allega un PDF, un'immagine, un documento o un testo.",
    });
    const exe = await upload(ofCondominium(), {
      name: 'setup.txt',
      content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
    });
    expect(exe.body.error.code).toBe(113);
    const empty = await upload(ofCondominium(), { name: 'vuoto.pdf', content: Buffer.alloc(0) });
    expect(empty.body.error).toMatchObject({ code: 113, message: 'Il file è vuoto.' });
    expect(await storedKeys()).toEqual(before);

    const traversal = await upload(ofCondominium(), { name: '../../../etc/passwd.pdf', content: PDF });
    expect(traversal.body.data.nomeFile).toBe('passwd.pdf');
    const windows = await upload(ofCondominium(), { name: '..\\..\\windows\\system.ini.png', content: PNG });
    expect(windows.body.data).toMatchObject({ nomeFile: 'system.ini.png', contentType: 'image/png' });
    const key = await storageKeyOf(traversal.body.data.id);
    expect(key).toMatch(/^[A-Za-z0-9_-]+\.pdf$/);
  });

  it('stores a polyglot by its content type with an extension that agrees, served sandboxed and nosniff', async () => {
    const res = await upload(ofCondominium(), { name: 'pagina.html', content: GIF_HTML, type: 'text/html' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ nomeFile: 'pagina.html.gif', contentType: 'image/gif' });
    const { link } = (
      await call('GET', `/api/allegati/${res.body.data.id}/file/link?nomeFile=pagina.html.gif`)
    ).body.data;
    const served = await t.app.inject({ url: link });
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toContain('sandbox');
    expect(String(served.headers['content-security-policy'])).toContain("default-src 'none'");
  });

  it('renames and registers an attachment with objVersion; a stale version changes nothing (409/115)', async () => {
    const created = (await upload(ofCondominium(), { name: 'preventivo.pdf', content: PDF })).body.data;
    const renamed = await call('PUT', `/api/allegati/${created.id}`, {
      nomeFile: 'preventivo idraulico',
      tipoOrigine: AttachmentOrigin.Maintenance,
      codice: 'P-7',
      anno: 2025,
      objVersion: 1,
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({
      nomeFile: 'preventivo idraulico.pdf',
      tipoOrigine: AttachmentOrigin.Maintenance,
      codice: 'P-7',
      anno: 2025,
      objVersion: 2,
    });
    const stale = await call('PUT', `/api/allegati/${created.id}`, {
      nomeFile: 'altro.pdf',
      tipoOrigine: AttachmentOrigin.Documents,
      objVersion: 1,
    });
    expect(stale.body.error).toMatchObject({ code: 115, status: 409 });
    expect((await call('GET', `/api/allegati/${created.id}`)).body.data.nomeFile).toBe(
      'preventivo idraulico.pdf',
    );
    const invalid = await call('PUT', `/api/allegati/${created.id}`, {
      nomeFile: '',
      tipoOrigine: 0,
      objVersion: 2,
    });
    expect(invalid.body.error).toMatchObject({
      code: 113,
      message: 'Manca un campo obbligatorio (nomeFile)',
    });
    const missing = await call('PUT', '/api/allegati/987654', {
      nomeFile: 'a.pdf',
      tipoOrigine: 0,
      objVersion: 1,
    });
    expect(missing.body.error).toMatchObject({ code: 122, status: 404 });
  });

  it('deletes the row and its file together; a stale version keeps both', async () => {
    const created = (await upload(ofCondominium(), { name: 'foto guasto.png', content: PNG })).body.data;
    const key = await storageKeyOf(created.id);
    const stale = await call('DELETE', `/api/allegati/${created.id}?objVersion=5`);
    expect(stale.body.error).toMatchObject({ code: 115, status: 409 });
    expect(await storedKeys()).toContain(key);
    const done = await call('DELETE', `/api/allegati/${created.id}?objVersion=1`);
    expect(done.body.data).toEqual({ id: created.id });
    expect(await storedKeys()).not.toContain(key);
    expect((await call('GET', `/api/allegati/${created.id}`)).body.error.code).toBe(122);

    const other = (
      await upload(ofCondominium(), { name: 'nota.txt', content: Buffer.from('Lettura contatori: 1234\n') })
    ).body.data;
    expect(other.contentType).toBe('text/plain; charset=utf-8');
    const wrongName = await call('DELETE', `/api/allegati/${other.id}/file?nomeFile=altro.txt&objVersion=1`);
    expect(wrongName.body.error.code).toBe(122);
    const byFile = await call('DELETE', `/api/allegati/${other.id}/file?nomeFile=nota.txt&objVersion=1`);
    expect(byFile.body.data).toEqual({ id: other.id });
  });

  it("refuses another archive's attachments, dossiers and files (404) and a user without the area (120)", async () => {
    const created = (await upload(ofCondominium(), { name: 'riservato.pdf', content: PDF })).body.data;
    const other = await createTestSession(t);
    expect((await call('GET', `/api/allegati/${created.id}`, undefined, other)).body.error.code).toBe(122);
    expect(
      (await call('GET', `/api/allegati/${created.id}/file?nomeFile=riservato.pdf`, undefined, other)).status,
    ).toBe(404);
    expect(
      (await call('GET', `/api/allegati/${created.id}/file/link?nomeFile=riservato.pdf`, undefined, other))
        .status,
    ).toBe(404);
    expect((await call('DELETE', `/api/allegati/${created.id}?objVersion=1`, undefined, other)).status).toBe(
      404,
    );
    expect(
      (
        await call(
          'PUT',
          `/api/allegati/${created.id}`,
          { nomeFile: 'x.pdf', tipoOrigine: 0, objVersion: 1 },
          other,
        )
      ).status,
    ).toBe(404);
    const listUrl = `/api/allegati?RiferimentoAllegato.ID=${condominioId}&RiferimentoAllegato.Tipo=3`;
    // The same condominium number does not exist in the other archive...
    expect((await call('GET', listUrl, undefined, other)).body.error.code).toBe(122);
    const refusedCross = await upload(ofCondominium(), { name: 'a.pdf', content: PDF }, { session: other });
    expect(refusedCross.body.error.code).toBe(122);
    expect(await storedKeys(other.archiveId)).toEqual([]);
    // ...and once it does, it is that archive's own condominium, without this archive's files.
    expect(await insertCondominium(t.database.db, other.archiveId, 'Altro')).toBe(condominioId);
    const otherList = await call('GET', listUrl, undefined, other);
    expect(otherList.body.data).toEqual([]);
    expect(
      await call('GET', `/api/allegati/elencoOrigini?Id=${condominioId}&Tipo=3`, undefined, other),
    ).toMatchObject({
      body: { data: [] },
    });
    expect(await storedKeys()).toContain(await storageKeyOf(created.id));

    const restricted = await createTestSession(t, { deniedAreas: [Area.Attachments] });
    const refused = await call(
      'GET',
      `/api/allegati?RiferimentoAllegato.ID=1&RiferimentoAllegato.Tipo=3`,
      undefined,
      restricted,
    );
    expect(refused.body.error).toMatchObject({ code: 120, status: 403 });
    const refusedUpload = await upload(
      ofCondominium(),
      { name: 'a.pdf', content: PDF },
      { session: restricted },
    );
    expect(refusedUpload.body.error.code).toBe(120);
    expect(await storedKeys(restricted.archiveId)).toEqual([]);
  });

  it('creates numbered dossiers, pages them 10 at a time and uploads into one (ok flag, file count)', async () => {
    const origin = AttachmentOrigin.Meetings;
    const first = await call('POST', '/api/allegati/fascicoli', {
      riferimento: { id: condominioId, tipo: AttachmentReferenceType.Condominium },
      tipoOrigine: origin,
      descrizione: 'Assemblea ordinaria 2026',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({
      descrizione: 'Assemblea ordinaria 2026',
      numeroFile: 0,
      elencoFile: [],
      dataCreazione: isoDateToday(),
    });
    for (let i = 0; i < 11; i++) {
      await call('POST', '/api/allegati/fascicoli', {
        riferimento: { id: condominioId, tipo: AttachmentReferenceType.Condominium },
        tipoOrigine: origin,
      });
    }
    const query = `Id=${condominioId}&Tipo=${AttachmentReferenceType.Condominium}&TipoOrigine=${origin}`;
    const page1 = await call('GET', `/api/allegati/fascicoli?${query}`);
    expect(page1.body.data).toHaveLength(10);
    expect(page1.body.pagination).toMatchObject({ totalCount: 12, pageSize: 10, totalPages: 2 });
    expect(page1.body.data[0].descrizione).toBeNull();
    const page2 = await call('GET', `/api/allegati/fascicoli?${query}&pageNumber=2`);
    expect(page2.body.data.map((f: { numero: number }) => f.numero)).toEqual([
      first.body.data.numero + 1,
      first.body.data.numero,
    ]);

    const into = await upload(
      {},
      { name: 'verbale.pdf', content: PDF },
      {
        url: `/api/allegati/fascicoli/${first.body.data.id}/file`,
      },
    );
    expect(into.status, JSON.stringify(into.body)).toBe(200);
    expect(into.body.data).toMatchObject({
      ok: true,
      allegato: { fascicoloId: first.body.data.id, tipoOrigine: origin, nomeFile: 'verbale.pdf' },
    });
    const after = await call('GET', `/api/allegati/fascicoli?${query}&pageNumber=2`);
    expect(after.body.data[1]).toMatchObject({
      numeroFile: 1,
      elencoFile: [{ nomeFile: 'verbale.pdf', dimensione: PDF.length }],
    });
    const origins = await call('GET', `/api/allegati/elencoOrigini?Id=${condominioId}&Tipo=3`);
    expect(origins.body.data).toContainEqual({
      tipoOrigine: origin,
      descrizione: 'Assemblee',
      numeroAllegati: 1,
    });

    const missingDossier = await upload(
      {},
      { name: 'a.pdf', content: PDF },
      { url: '/api/allegati/fascicoli/999999/file' },
    );
    expect(missingDossier.body.error).toMatchObject({
      code: 122,
      message: 'Il fascicolo richiesto non esiste.',
    });
    const badDossier = await call('POST', '/api/allegati/fascicoli', {
      riferimento: { id: condominioId, tipo: 3 },
      tipoOrigine: 99,
    });
    expect(badDossier.body.error).toMatchObject({ code: 113, message: 'Origine non valida (tipoOrigine)' });
    const noEntity = await call('POST', '/api/allegati/fascicoli', {
      riferimento: { id: 424242, tipo: 3 },
      tipoOrigine: 0,
    });
    expect(noEntity.body.error.code).toBe(122);
  });
});

describe.each(stores)('un file di più parti su %s', (_name, startStore) => {
  it('takes a 12 MB file in several pieces and gives back the same bytes', async () => {
    const started = await startStore();
    const t = await buildTestApp({ MAX_UPLOAD_MB: '20', ...started.env });
    try {
      const s = await createTestSession(t);
      const condominioId = await insertCondominium(t.database.db, s.archiveId, 'Condominio Grande');
      // Over two of the object store's 5 MB parts, the last one shorter.
      const content = Buffer.concat([PDF, randomBytes(12 * 1024 * 1024)]);
      const form = multipart(
        {
          'RiferimentoAllegato.ID': condominioId,
          'RiferimentoAllegato.Tipo': AttachmentReferenceType.Condominium,
          TipoOrigine: AttachmentOrigin.Documents,
        },
        { name: 'planimetrie.pdf', content, type: 'application/pdf' },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/allegati',
        headers: { ...s.headers, 'content-type': form.contentType },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      const allegato = res.json().data as { id: number; dimensione: number };
      expect(allegato.dimensione).toBe(content.length);
      const file = await t.app.inject({
        url: `/api/allegati/${allegato.id}/file?nomeFile=planimetrie.pdf`,
        headers: s.headers,
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(content)).toBe(true);
    } finally {
      await t.close();
      await started.stop();
    }
  }, 60_000);
});
