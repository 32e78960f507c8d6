import { once } from 'node:events';
import { get, type IncomingMessage } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fornitoreCreateSchema } from '@stabile/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { createTestSession, type TestSession } from '../../test/sessions.ts';
import { registrySearchDoc, sortKey, toRegistryValues } from '../people/people.mapper.ts';
import { insertRegistryBatch } from '../people/registry.repository.ts';
import { EXPORT_CONNECTION_NAME } from './export-jobs.ts';

/** Enough rows that writing them keeps a thread busy for a while, and outgrow the socket's buffers. */
const ROWS = 20_000;
const LONG = 'Via dei Mille, scala B, interno 12 — presso lo studio amministrativo '.repeat(4);

let t: TestApp;
let session: TestSession;
let baseURL: string;

beforeAll(async () => {
  // On a file: the export's thread opens a connection of its own (a database in memory cannot be).
  t = await buildTestApp({}, undefined, undefined, { sqliteOnDisk: true });
  session = await createTestSession(t);
  const base = toRegistryValues(fornitoreCreateSchema.parse({ descr: 'x' }));
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const descr = `Contatto ${String(i).padStart(5, '0')}`;
    const values = { ...base, descr, indirizzo: LONG, citta: 'Milano' };
    return { ...values, descr_sort: sortKey(descr), search_doc: registrySearchDoc(values) };
  });
  await insertRegistryBatch(t.database.db, 'persons', session.archiveId, rows, new Date().toISOString());
  baseURL = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** The export of the contacts over a connection of its own (closed after it, or to go away). */
function getExport(): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(`${baseURL}/api/persona/esporta?formato=csv`, { headers: session.headers, agent: false }, resolve).on(
      'error',
      reject,
    );
  });
}

async function textOf(res: IncomingMessage): Promise<string> {
  res.setEncoding('utf8');
  let text = '';
  for await (const piece of res) text += piece;
  return text;
}

/** Starts an export, reads its first piece and goes away (closes the connection). */
async function abandonExport(whileReading: () => Promise<void>): Promise<void> {
  const res = await getExport();
  expect(res.statusCode).toBe(200);
  const [first] = (await once(res, 'data')) as [Buffer];
  expect(first.length).toBeGreaterThan(0);
  await whileReading();
  res.destroy();
}

async function until(check: () => Promise<boolean>, ms = 15_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

describe('a long export', () => {
  it('is written off the thread that answers requests, and arrives whole', async () => {
    const before = performance.eventLoopUtilization();
    const res = await getExport();
    const text = await textOf(res);
    const busy = performance.eventLoopUtilization(before);
    expect(res.statusCode).toBe(200);
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(ROWS + 1);
    expect(lines[1]?.startsWith('Contatto 00000;')).toBe(true);
    expect(lines[ROWS]?.startsWith(`Contatto ${ROWS - 1};`)).toBe(true);
    // Reading, formatting and writing the rows on this thread kept its event loop busy throughout
    // (every other request of the process waited behind it); from a worker thread this thread only
    // passes the pieces on.
    expect(busy.utilization).toBeLessThan(0.5);
  }, 60_000);

  it('stops when the caller goes away and gives its thread and connection back', async () => {
    const exportConnections = async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity where application_name = ${EXPORT_CONNECTION_NAME}`.execute(
        t.database.db,
      );
      return rows[0]?.n ?? 0;
    };
    const postgres = t.database.dialect === 'postgres';
    const reading = async () => {
      if (postgres) expect(await exportConnections()).toBeGreaterThan(0);
    };
    // As many abandoned exports as the process runs at once: a thread kept busy would leave none.
    await abandonExport(reading);
    await abandonExport(reading);
    if (postgres) expect(await until(async () => (await exportConnections()) === 0)).toBe(true);
    const res = await getExport();
    expect(res.statusCode).toBe(200);
    expect((await textOf(res)).split('\r\n').filter((line) => line !== '')).toHaveLength(ROWS + 1);
  }, 60_000);
});
