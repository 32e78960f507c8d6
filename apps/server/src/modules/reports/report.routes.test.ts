import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';

const BOUNDARY = '----stabile-report';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer };

function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

describe('bug and suggestion reports', () => {
  let t: TestApp;
  let s: TestSession;
  const send = (
    kind: 'problema' | 'suggerimento',
    parts: Part[],
    headers: Record<string, string> = s.headers,
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/segnalazioni/${kind}`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart(parts),
    });

  beforeAll(async () => {
    t = await buildTestApp({ SUPPORT_EMAIL: 'supporto@stabile.test' });
    s = await createTestSession(t);
  });
  afterAll(() => t.close());

  it('stores a bug report with its file, emails it to support and the user, and answers its code', async () => {
    const before = t.outbox.length;
    const res = await send('problema', [
      { name: 'Email', value: 'mario.rossi@example.it' },
      { name: 'Messaggio', value: 'La stampa delle rate non parte' },
      { name: 'Allegato', filename: '../schermata.pdf', content: PDF },
    ]);
    expect(res.statusCode).toBe(200);
    const { id, codice } = res.json().data;
    expect(codice).toBe(`SEG-${String(id).padStart(6, '0')}`);
    const row = await t.database.db
      .selectFrom('reports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'problema',
      email: 'mario.rossi@example.it',
      attachment_name: 'schermata.pdf',
    });
    expect(readFileSync(path.join(t.config.dataDir, 'reports', String(row.attachment_key)))).toEqual(PDF);
    const mails = t.outbox.slice(before);
    const support = mails.find((m) => m.to === 'supporto@stabile.test');
    expect(support?.subject).toContain(codice);
    expect(support?.replyTo).toBe('mario.rossi@example.it');
    expect(support?.text).toContain('La stampa delle rate non parte');
    expect(support?.attachments).toEqual([{ filename: 'schermata.pdf', content: PDF }]);
    expect(mails.find((m) => m.to === 'mario.rossi@example.it')?.text).toContain(codice);
  });

  it('sends a suggestion without a file', async () => {
    const res = await send('suggerimento', [
      { name: 'Email', value: 'giulia@example.it' },
      { name: 'Messaggio', value: 'Un filtro per scala' },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.codice).toMatch(/^SUG-\d{6}$/);
  });

  it('refuses a missing email, a wrong email, an empty message, two files and a program, in Italian', async () => {
    const cases: Array<[Part[], string]> = [
      [[{ name: 'Messaggio', value: 'x' }], 'Manca un campo obbligatorio'],
      [
        [
          { name: 'Email', value: 'mario@' },
          { name: 'Messaggio', value: 'x' },
        ],
        'Indirizzo email non valido',
      ],
      [
        [
          { name: 'Email', value: 'a@b.it' },
          { name: 'Messaggio', value: '   ' },
        ],
        'Descrivi il problema o il suggerimento',
      ],
      [
        [
          { name: 'Email', value: 'a@b.it' },
          { name: 'Messaggio', value: 'x' },
          { name: 'Allegato', filename: 'a.pdf', content: PDF },
          { name: 'Allegato', filename: 'b.pdf', content: PDF },
        ],
        'Puoi allegare un solo file',
      ],
      [
        [
          { name: 'Email', value: 'a@b.it' },
          { name: 'Messaggio', value: 'x' },
          { name: 'Allegato', filename: 'setup.exe', content: Buffer.from('MZ\x90\x00\x03\x00\x00\x00') },
        ],
        "Tipo di file non ammesso: allega un'immagine, un PDF o un file di testo",
      ],
    ];
    const count = async () => (await t.database.db.selectFrom('reports').select('id').execute()).length;
    const rows = await count();
    for (const [parts, message] of cases) {
      const res = await send('problema', parts);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 113, message });
    }
    expect(await count()).toBe(rows);
  });

  it('asks for a login (111)', async () => {
    const res = await send('problema', [{ name: 'Email', value: 'a@b.it' }], {});
    expect(res.json().error.code).toBe(111);
  });
});
