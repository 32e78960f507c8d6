import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import PDFDocument from 'pdfkit';

/** A small real PDF document: a title and a few lines, for the demo attachments. */
export function renderPdf(title: string, lines: readonly string[], date: Date): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: title, Author: 'Stabile', Creator: 'Stabile', CreationDate: date, ModDate: date },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(title);
    doc.moveDown();
    doc.fontSize(11);
    for (const line of lines) doc.text(line).moveDown(0.5);
    doc.end();
  });
}

/** Where an archive's attachment bytes live: `${dataDir}/files/<archiveId>/<storageKey>`. */
export function attachmentPath(dataDir: string, archiveId: number, storageKey: string): string {
  return path.join(dataDir, 'files', String(archiveId), storageKey);
}

export async function storeAttachment(
  dataDir: string,
  archiveId: number,
  storageKey: string,
  bytes: Buffer,
): Promise<void> {
  const file = attachmentPath(dataDir, archiveId, storageKey);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}
