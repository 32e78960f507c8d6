import { Area } from '@stabile/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { createInstalmentFixture } from '../instalments/instalment.fixtures.ts';

let t: TestApp;
let session: TestSession;
let other: TestSession;
let tigli: number;
let magnolie: number;

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  raw: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields its call answers.
  json: () => any;
}

async function call(method: 'GET' | 'POST', url: string, who = session, payload?: object): Promise<Answer> {
  const res = await t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, headers: res.headers, raw: res.rawPayload, json: () => res.json() };
}

async function created(url: string, payload: object, who = session): Promise<number> {
  const res = await call('POST', url, who, payload);
  expect(res.status, JSON.stringify(res.json())).toBeLessThan(300);
  return res.json().data.id;
}

/** The lines of a CSV answer, without its byte order mark, split on `;`. */
function csvRows(res: Answer): string[][] {
  const text = res.raw.toString('utf8');
  return text
    .slice(1)
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(';'));
}

async function workbookOf(res: Answer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.raw as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  return sheet;
}

beforeAll(async () => {
  t = await buildTestApp();
  session = await createTestSession(t);
  other = await createTestSession(t);
  tigli = await created('/api/condominio', { intestazione: 'Residenza dei Tigli', citta: 'Milano' });
  magnolie = await created('/api/condominio', { intestazione: 'Condominio Le Magnolie', citta: 'Torino' });
  const elsewhere = await created('/api/condominio', { intestazione: 'Residenza dei Tigli' }, other);
  const activity = (condGenID: number, titolo: string, extra: object = {}, who = session) =>
    created('/api/attivita', { condGenID, titolo, descrizione: `Descrizione di ${titolo}`, ...extra }, who);
  await activity(tigli, 'Perdita in cantina', {
    priorita: 4,
    dataApertura: '2026-03-05',
    dataConcludereEntro: '2026-04-30',
    gestore: 'Rossi',
  });
  await activity(tigli, 'Lampadina scala B', { priorita: 1, dataApertura: '2026-03-01' });
  await activity(magnolie, 'Cancello rotto', { priorita: 4, dataApertura: '2026-02-10' });
  await activity(elsewhere, 'Perdita in cantina', { priorita: 4 }, other);
  for (const descr of ['Rossi Mario', 'Bianchi Anna', '=SOMMA(1;2)']) {
    await created('/api/persona', { descr, email: `${descr.length}@example.it` });
  }
  await created('/api/persona', { descr: 'Rossi Mario di un altro archivio' }, other);
  await created('/api/fornitore', { descr: 'Idraulica Rossi srl', partitaIva: '01234567897' });
  await created(`/api/condominio/${tigli}/impianto`, { denominazione: 'Ascensore scala A', tipo: 1 });
  await created(`/api/condominio/${magnolie}/ambiente`, { denominazione: 'Giardino', tipo: 0 });
});
afterAll(async () => {
  await t.close();
});

describe('activities export', () => {
  it('streams the filtered activities as an Italian CSV: BOM, semicolons, CRLF, dd/mm/yyyy, labels', async () => {
    const res = await call('GET', `/api/attivita/esporta?formato=csv&condGenID=${tigli}&priorita=4`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['content-disposition'])).toMatch(
      /^attachment; filename="attivita-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''attivita-/,
    );
    expect([...res.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.raw.toString('utf8')).toContain('\r\n');
    const [header, ...rows] = csvRows(res);
    expect(header?.slice(0, 5)).toEqual(['Numero pratica', 'Condominio', 'Titolo', 'Descrizione', 'Stato']);
    expect(rows).toHaveLength(1);
    const row = rows[0] ?? [];
    const at = (name: string) => row[header?.indexOf(name) ?? -1];
    expect(at('Titolo')).toBe('Perdita in cantina');
    expect(at('Condominio')).toBe('Residenza dei Tigli');
    expect(at('Stato')).toBe('Aperta');
    expect(at('Priorità')).toBe('Urgente');
    expect(at('Data apertura')).toBe('05/03/2026');
    expect(at('Da concludere entro')).toBe('30/04/2026');
    expect(at('Data chiusura')).toBe('');
  });

  it('writes an XLSX with typed cells: dates as dates, numbers as numbers, a bold frozen header', async () => {
    const res = await call('GET', '/api/attivita/esporta?formato=xlsx&priorita=4&orderBy=menoRecenti');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(String(res.headers['content-disposition'])).toContain('attivita-');
    const sheet = await workbookOf(res);
    expect(sheet.name).toBe('Attività');
    expect(sheet.getRow(1).getCell(1).value).toBe('Numero pratica');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    // Oldest first, another archive's activity never present.
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(3).value).toBe('Cancello rotto');
    const opened = sheet.getRow(3).getCell(11);
    expect(opened.value).toBeInstanceOf(Date);
    expect((opened.value as Date).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(opened.numFmt).toBe('dd/mm/yyyy');
    expect(typeof sheet.getRow(3).getCell(1).value).toBe('number');
  });

  it('applies the state tab and the search; another archive with the same words stays out', async () => {
    const search = await call('GET', '/api/attivita/esporta?formato=csv&searchQuery=perdita cantina');
    expect(
      csvRows(search)
        .slice(1)
        .map((r) => r[2]),
    ).toEqual(['Perdita in cantina']);
    const closed = await call('GET', '/api/attivita/esporta?formato=csv&stato=0');
    expect(csvRows(closed)).toHaveLength(1);
  });

  it('refuses a bad format or filter with 113 and an Italian message, never a 500', async () => {
    const format = await call('GET', '/api/attivita/esporta?formato=pdf');
    expect(format.status).toBe(400);
    expect(format.json().error.code).toBe(113);
    expect(format.json().error.message).toContain('Formato non valido');
    const missing = await call('GET', '/api/attivita/esporta');
    expect(missing.status).toBe(400);
    const date = await call('GET', '/api/attivita/esporta?formato=csv&dataApertura=x&dataDa=2026-13-40');
    expect(date.status).toBe(400);
    expect(date.json().error.code).toBe(113);
    const range = await call('GET', '/api/attivita/esporta?formato=csv&dataDa=2026-05-01&dataA=2026-01-01');
    expect(range.status).toBe(400);
  });

  it('is refused to a user without the activities area, as the list is', async () => {
    const restricted = await createTestSession(t, { deniedAreas: [Area.Activities] });
    const res = await call('GET', '/api/attivita/esporta?formato=csv', restricted);
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe(120);
  });
});

describe('registry exports', () => {
  it('exports the searched contacts only, with a formula-looking name kept as text', async () => {
    const rossi = await call('GET', '/api/persona/esporta?formato=csv&searchQuery=rossi');
    expect(rossi.status).toBe(200);
    expect(String(rossi.headers['content-disposition'])).toContain('contatti-');
    expect(
      csvRows(rossi)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['Rossi Mario']);
    const all = await call('GET', '/api/persona/esporta?formato=csv');
    expect(csvRows(all)).toHaveLength(4);
    // Quoted (it holds the separator) and led by an apostrophe: Excel shows it, never computes it.
    expect(all.raw.toString('utf8')).toContain(`\r\n"'=SOMMA(1;2)";`);
  });

  it('exports the providers with their VAT number; contacts and providers keep their own areas', async () => {
    const res = await call('GET', '/api/fornitore/esporta?formato=xlsx');
    const sheet = await workbookOf(res);
    expect(sheet.getRow(2).getCell(1).value).toBe('Idraulica Rossi srl');
    expect(sheet.getRow(2).getCell(3).value).toBe('01234567897');
    const noPeople = await createTestSession(t, { deniedAreas: [Area.People, Area.Providers] });
    expect((await call('GET', '/api/persona/esporta?formato=csv', noPeople)).status).toBe(403);
    expect((await call('GET', '/api/fornitore/esporta?formato=csv', noPeople)).status).toBe(403);
    expect((await call('GET', '/api/fornitore/esporta?formato=doc')).status).toBe(400);
  });
});

describe('condominium, common part and instalment exports', () => {
  it('exports the condominiums of the filters, in their order', async () => {
    const res = await call('GET', '/api/condominio/esporta?formato=csv&citta=milano');
    expect(res.status).toBe(200);
    const [header, ...rows] = csvRows(res);
    expect(header?.[1]).toBe('Intestazione');
    expect(rows.map((r) => r[1])).toEqual(['Residenza dei Tigli']);
    const all = await call('GET', '/api/condominio/esporta?formato=csv');
    expect(
      csvRows(all)
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['Condominio Le Magnolie', 'Residenza dei Tigli']);
  });

  it('exports the common parts with their condominium and Italian category and type', async () => {
    const res = await call('GET', `/api/parteComune/esporta?formato=csv&condominioID=${tigli}`);
    expect(res.status).toBe(200);
    const rows = csvRows(res).slice(1);
    expect(rows).toEqual([['Ascensore scala A', 'Residenza dei Tigli', 'Impianto', 'Ascensore', '', '']]);
    const missing = await call('GET', '/api/parteComune/esporta?formato=csv&condominioID=999');
    expect(missing.status).toBe(404);
    const denied = await createTestSession(t, { deniedAreas: [Area.Plants] });
    expect((await call('GET', '/api/parteComune/esporta?formato=csv', denied)).status).toBe(403);
  });

  it('exports the instalment groups of an exercise as the list shows them, amounts as euros', async () => {
    const f = await createInstalmentFixture(t, session);
    const res = await call('POST', '/api/rata/esporta?formato=xlsx', session, {
      esercizioID: f.esercizioId,
      tipo: 1,
    });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('rate-');
    const sheet = await workbookOf(res);
    expect(sheet.rowCount).toBe(4);
    const rossi = sheet.getRow(3);
    expect(rossi.getCell(1).value).toBe('Rossi Mario');
    expect(rossi.getCell(4).value).toBe(1200);
    expect(rossi.getCell(4).numFmt).toBe('#,##0.00 "€"');
    expect(rossi.getCell(7).value).toBe(900);
    const csv = await call('POST', '/api/rata/esporta?formato=csv', session, { esercizioID: f.esercizioId });
    expect(csvRows(csv)[2]?.slice(3, 7)).toEqual(['1.200,00', '0,00', '1.200,00', '900,00']);
    const elsewhere = await call('POST', '/api/rata/esporta?formato=csv', other, {
      esercizioID: f.esercizioId,
    });
    expect(elsewhere.status).toBe(404);
  });

  it("refuses the instalments of another archive's or a missing exercise, and a bad format", async () => {
    const missing = await call('POST', '/api/rata/esporta?formato=csv', session, { esercizioID: 999 });
    expect(missing.status).toBe(404);
    const format = await call('POST', '/api/rata/esporta?formato=ods', session, { esercizioID: 1 });
    expect(format.status).toBe(400);
    expect(format.json().error.code).toBe(113);
  });
});
