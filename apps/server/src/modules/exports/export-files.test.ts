import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { createArchive } from '../../seed/demo.ts';
import { insertCondominium } from '../activities/activity.fixtures.ts';
import { csvHeader, csvLine } from './csv-writer.ts';
import type { ExportColumn } from './export-columns.ts';
import { exportFileName } from './export-reply.ts';
import { streamedRows } from './export-rows.ts';
import { xlsxSheetWriter } from './xlsx-writer.ts';

interface Payment {
  who: string;
  cents: number;
  day: string;
  at: string;
}

const columns: ExportColumn<Payment>[] = [
  { header: 'Chi', kind: 'text', value: (r) => r.who },
  { header: 'Importo', kind: 'money', value: (r) => r.cents },
  { header: 'Data', kind: 'date', value: (r) => r.day },
  { header: 'Registrato', kind: 'datetime', value: (r) => r.at },
];
const payment: Payment = {
  who: 'Rossi; "Mario"',
  cents: 123456,
  day: '2026-11-26',
  at: '2026-07-01T10:05:00Z',
};

describe('file formats', () => {
  it('CSV: amounts with a decimal comma, Italian dates and times, quoted separators', () => {
    expect(csvHeader(columns)).toBe('\uFEFFChi;Importo;Data;Registrato\r\n');
    // 10:05 UTC in July is 12:05 in Italy (summer time).
    expect(csvLine(columns, payment)).toBe('"Rossi; ""Mario""";1.234,56;26/11/2026;01/07/2026 12:05\r\n');
  });

  it('XLSX: an amount is a number in euros with a euro format, a date a date', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = xlsxSheetWriter(out, 'Rate', columns);
    writer.add(payment);
    await writer.end();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const row = workbook.worksheets[0]?.getRow(2);
    expect(row?.getCell(2).value).toBe(1234.56);
    expect(row?.getCell(2).numFmt).toBe('#,##0.00 "€"');
    expect(row?.getCell(3).value).toEqual(new Date(Date.UTC(2026, 10, 26)));
    expect(row?.getCell(4).value).toEqual(new Date(Date.UTC(2026, 6, 1, 12, 5)));
    expect(row?.getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it("XLSX: the file leaves while rows are added, at the zip's pace, not all at the end", async () => {
    const out = new PassThrough();
    let received = 0;
    out.on('data', (c: Buffer) => {
      received += c.length;
    });
    const writer = xlsxSheetWriter(out, 'Rate', columns);
    for (let i = 0; i < 60_000; i++) {
      writer.add({ ...payment, who: `Condomino numero ${i} della scala B` });
      if (i % 200 === 0) await writer.drained();
    }
    // Several MB of sheet XML: most of it is already zipped and gone before the end.
    expect(received).toBeGreaterThan(100_000);
    await writer.end();
  });

  it('names the file in Italian with the date in Italy', () => {
    expect(exportFileName('attivita', 'xlsx', new Date('2026-11-26T23:30:00Z'))).toBe(
      'attivita-2026-11-27.xlsx',
    );
  });
});

describe('reading an export from a SQLite file', () => {
  let dir: string;
  let database: DatabaseHandle;
  let archiveId: number;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'stabile-export-'));
    database = createDatabase({ dataDir: dir });
    await migrateToLatest(database.db);
    await database.db
      .insertInto('accounts')
      .values({
        id: 1,
        email: 'studio@example.it',
        password_hash: 'x',
        type: 'pro',
        display_name: 'Studio',
        versione: 1,
        created_at: new Date().toISOString(),
        password_changed_at: null,
      })
      .execute();
    archiveId = await createArchive(database.db, 1, {
      name: 'Archivio',
      protection: 'none',
      scale: 0,
      seed: 1,
    });
    for (let i = 0; i < 30; i++) await insertCondominium(database.db, archiveId, `Condominio ${i}`);
  });
  afterAll(async () => {
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams on a connection of its own: the server keeps answering while rows are read', async () => {
    const rows = streamedRows(database.db, (reader) =>
      reader
        .selectFrom('condominiums')
        .select(['id', 'intestazione'])
        .where('archive_id', '=', archiveId)
        .orderBy('id'),
    );
    let seen = 0;
    for await (const row of rows) {
      seen++;
      if (seen === 10) {
        // A read and a write of the server in the middle of the export.
        const count = await database.db
          .selectFrom('condominiums')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('archive_id', '=', archiveId)
          .executeTakeFirstOrThrow();
        expect(Number(count.n)).toBe(30);
        await insertCondominium(database.db, archiveId, 'Aggiunto durante');
      }
      expect(row.intestazione).toMatch(/^Condominio \d+$/);
    }
    // The export reads the snapshot it started on.
    expect(seen).toBe(30);
  });
});
